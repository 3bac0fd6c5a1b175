// CSR matrices: recording, multiplication by a witness, column densities.
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

std::vector<ff::Fr> SparseMatrix::multiply(std::span<const ff::Fr> inputs, std::span<const ff::Fr> aux) const {
  std::vector<ff::Fr> out(rows());
  for (size_t r = 0; r < rows(); ++r) {
    ff::Fr acc;
    for (uint64_t k = row_offsets[r]; k < row_offsets[r + 1]; ++k) {
      const uint64_t col = columns[k];
      acc += values[k] * (col < inputs.size() ? inputs[col] : aux[col - inputs.size()]);
    }
    out[r] = acc;
  }
  return out;
}

DensityBitmap SparseMatrix::column_density(size_t columns_begin, size_t columns_end) const {
  std::vector<bool> present(columns_end - columns_begin, false);
  for (const uint64_t col : columns) {
    if (col >= columns_begin && col < columns_end) present[col - columns_begin] = true;
  }
  DensityBitmap out;
  for (const bool bit : present) out.push(bit);
  return out;
}

Variable ShapeRecorder::alloc(const ff::Fr&) { return {num_aux_++, VariableKind::kAux}; }
Variable ShapeRecorder::alloc_input(const ff::Fr&) { return {num_inputs_++, VariableKind::kInput}; }

void ShapeRecorder::enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) {
  rows_.push_back({a, b, c});
}

R1csShape ShapeRecorder::finish(bool with_input_constraints) && {
  if (with_input_constraints) {
    for (size_t i = 0; i < num_inputs_; ++i) enforce(Variable{i, VariableKind::kInput}, {}, {});
  }
  R1csShape shape;
  shape.num_inputs = num_inputs_;
  shape.num_aux = num_aux_;
  auto append = [&](SparseMatrix& m, const LinearCombination& lc) {
    for (const Term& t : lc.terms()) {
      m.columns.push_back(t.variable.kind == VariableKind::kInput ? t.variable.index : num_inputs_ + t.variable.index);
      m.values.push_back(t.coefficient);
    }
    m.row_offsets.push_back(m.columns.size());
  };
  for (const Row& row : rows_) {
    append(shape.a, row.a);
    append(shape.b, row.b);
    append(shape.c, row.c);
  }
  rows_.clear();
  return shape;
}

}  // namespace cuzk::r1cs
