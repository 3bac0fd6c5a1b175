// Recorded constraint matrices: the coefficient dictionary, the row encoder, the recording
// constraint system and the conversion from a CSR shape.
#include "r1cs/recorded_matrices.hpp"

#include <algorithm>
#include <tuple>

namespace cuzk::r1cs {

size_t RecordedMatrices::matrix_bytes() const {
  return a.host_bytes() + b.host_bytes() + c.host_bytes() + coefficients.size() * sizeof(ff::Fr);
}

size_t RecordedMatrices::host_bytes() const {
  size_t bytes = matrix_bytes();
  for (const DensityBitmap* d : {&a_aux_density, &b_input_density, &b_aux_density}) {
    bytes += d->words().size() * sizeof(uint64_t);
  }
  return bytes;
}

CoefficientDictionary::CoefficientDictionary() {
  code(ff::Fr::one());   // compact::kCodeOne
  code(-ff::Fr::one());  // compact::kCodeMinusOne
}

size_t CoefficientDictionary::Hash::operator()(const ff::Fr& v) const {
  const auto& limbs = v.montgomery();
  return static_cast<size_t>((limbs[0] ^ (limbs[1] * 0x9e3779b97f4a7c15ull)) ^ (limbs[2] + limbs[3]));
}

uint64_t CoefficientDictionary::code(const ff::Fr& value) {
  if (values_.size() >= 2) {
    if (value.is_one()) return compact::kCodeOne;
    if (value == values_[compact::kCodeMinusOne]) return compact::kCodeMinusOne;
  }
  const auto [it, inserted] = index_.try_emplace(value, values_.size());
  if (inserted) values_.push_back(value);
  return it->second;
}

void RecordedMatrixBuilder::put_varint(uint64_t value) {
  while (value >= 0x80) {
    matrix_.bytes.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  matrix_.bytes.push_back(static_cast<uint8_t>(value));
}

void RecordedMatrixBuilder::append_row(std::span<Entry> entries) {
  if (matrix_.rows % compact::kRowsPerChunk == 0) {
    if (matrix_.rows != 0) matrix_.chunk_offsets.push_back(matrix_.bytes.size());
    previous_[0] = previous_[1] = 0;
    previous_escape_ = compact::kEscapeCode;
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
    return std::tie(x.aux, x.index, x.code) < std::tie(y.aux, y.index, y.code);
  });
  put_varint(entries.size());
  for (const Entry& e : entries) {
    const uint32_t small = static_cast<uint32_t>(std::min<uint64_t>(e.code, compact::kEscapeCode));
    put_varint(compact::term_key(static_cast<int64_t>(e.index - previous_[e.aux]), e.aux, small));
    if (small == compact::kEscapeCode) {
      put_varint(compact::zigzag(static_cast<int64_t>(e.code - previous_escape_)));
      previous_escape_ = e.code;
    }
    previous_[e.aux] = e.index;
  }
  ++matrix_.rows;
  matrix_.terms += entries.size();
}

RecordedMatrix RecordedMatrixBuilder::finish() && {
  if (matrix_.rows != 0) matrix_.chunk_offsets.push_back(matrix_.bytes.size());
  matrix_.bytes.shrink_to_fit();
  return std::move(matrix_);
}

MatricesRecorder::MatricesRecorder(std::function<void(uint64_t)> progress) : progress_(std::move(progress)) {
  alloc_input(ff::Fr::one());
}

Variable MatricesRecorder::alloc(const ff::Fr&) {
  shape_.a_aux_density.push(false);
  shape_.b_aux_density.push(false);
  return {shape_.num_aux++, VariableKind::kAux};
}

Variable MatricesRecorder::alloc_input(const ff::Fr&) {
  shape_.b_input_density.push(false);
  return {shape_.num_inputs++, VariableKind::kInput};
}

void MatricesRecorder::append(RecordedMatrixBuilder& builder, const LinearCombination& lc,
                             DensityBitmap* input_density, DensityBitmap* aux_density) {
  scratch_.clear();
  for (const Term& t : lc.terms()) {
    const uint64_t index = t.variable.index;
    const bool aux = t.variable.kind == VariableKind::kAux;
    DensityBitmap* density = aux ? aux_density : input_density;
    if (density) density->set(index);
    scratch_.push_back({aux, index, dictionary_.code(t.coefficient)});
  }
  builder.append_row(scratch_);
}

void MatricesRecorder::enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) {
  append(a_, a, nullptr, &shape_.a_aux_density);
  append(b_, b, &shape_.b_input_density, &shape_.b_aux_density);
  append(c_, c, nullptr, nullptr);
  if (++shape_.num_constraints % kProgressInterval == 0 && progress_) progress_(shape_.num_constraints);
}

RecordedMatrices MatricesRecorder::finish() && {
  shape_.a = std::move(a_).finish();
  shape_.b = std::move(b_).finish();
  shape_.c = std::move(c_).finish();
  shape_.coefficients = std::move(dictionary_).release();
  return std::move(shape_);
}

RecordedMatrices matrices_from_shape(const R1csShape& shape) {
  RecordedMatrices out;
  out.num_inputs = shape.num_inputs;
  out.num_aux = shape.num_aux;
  out.num_constraints = shape.num_constraints();
  // Row by row, A then B then C, as the recorder meets them: the same dictionary, the same bytes.
  CoefficientDictionary dictionary;
  RecordedMatrixBuilder builders[3];
  const SparseMatrix* matrices[] = {&shape.a, &shape.b, &shape.c};
  std::vector<RecordedMatrixBuilder::Entry> entries;
  for (size_t r = 0; r < shape.num_constraints(); ++r) {
    for (size_t i = 0; i < 3; ++i) {
      const SparseMatrix& m = *matrices[i];
      entries.clear();
      for (uint64_t k = m.row_offsets[r]; k < m.row_offsets[r + 1]; ++k) {
        const uint64_t col = m.columns[k];
        const bool aux = col >= shape.num_inputs;
        entries.push_back({aux, aux ? col - shape.num_inputs : col, dictionary.code(m.values[k])});
      }
      builders[i].append_row(entries);
    }
  }
  out.a = std::move(builders[0]).finish();
  out.b = std::move(builders[1]).finish();
  out.c = std::move(builders[2]).finish();
  out.a_aux_density = shape.a.column_density(shape.num_inputs, shape.num_variables());
  out.b_input_density = shape.b.column_density(0, shape.num_inputs);
  out.b_aux_density = shape.b.column_density(shape.num_inputs, shape.num_variables());
  out.coefficients = std::move(dictionary).release();
  return out;
}

Result<RecordedMatrices> record_matrices(const Circuit& circuit) {
  MatricesRecorder recorder;
  CUZK_RETURN_IF_ERROR(circuit.synthesize(recorder));
  return std::move(recorder).finish();
}

}  // namespace cuzk::r1cs
