// The shape of an R1CS: its A, B, C matrices in compressed sparse row form, recorded once per
// circuit shape (ShapeRecorder) or read from a file (circom .r1cs / snarkjs .zkey). Column j
// is input j for j < num_inputs and aux j − num_inputs otherwise. Used by the test setup (QAP
// evaluation at τ) and by provers that work from constraint data instead of synthesis.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"

namespace cuzk::r1cs {

struct SparseMatrix {
  std::vector<uint64_t> row_offsets{0};  // row r spans [row_offsets[r], row_offsets[r + 1])
  std::vector<uint64_t> columns;
  std::vector<ff::Fr> values;

  size_t rows() const { return row_offsets.size() - 1; }
  // out[r] = Σ values·w[columns] over row r, where w = inputs ‖ aux.
  std::vector<ff::Fr> multiply(std::span<const ff::Fr> inputs, std::span<const ff::Fr> aux) const;
  // Bit per column: set where the column has any entry (bellperson density semantics).
  DensityBitmap column_density(size_t columns_begin, size_t columns_end) const;
};

struct R1csShape {
  size_t num_inputs = 0;  // including ONE
  size_t num_aux = 0;
  SparseMatrix a, b, c;

  size_t num_constraints() const { return a.rows(); }
  size_t num_variables() const { return num_inputs + num_aux; }
};

// Records the shape of a circuit; values passed to alloc are ignored.
class ShapeRecorder final : public ConstraintSystem {
 public:
  ShapeRecorder() { alloc_input(ff::Fr::one()); }
  Variable alloc(const ff::Fr& value) override;
  Variable alloc_input(const ff::Fr& value) override;
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override;

  // The matrices; with_input_constraints appends bellperson's input_i · 0 = 0 rows.
  R1csShape finish(bool with_input_constraints) &&;

 private:
  struct Row {
    LinearCombination a, b, c;
  };
  size_t num_inputs_ = 0;
  size_t num_aux_ = 0;
  std::vector<Row> rows_;
};

}  // namespace cuzk::r1cs
