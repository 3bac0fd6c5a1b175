// Recorded constraint matrices in compact form: a circuit's A, B and C recorded once per shape
// (kind, sector size) so that a prover computes a, b, c = A·w, B·w, C·w by a sparse product
// (recorded_spmv.hpp, and the CUDA kernel) instead of building and evaluating linear combinations
// for every constraint. The byte format is recorded_matrices_format.hpp's: coefficients as indices into
// a small dictionary (1, −1, then each other value once, in order of first use), columns
// delta- and varint-coded, rows in independently decodable chunks. Densities (bellperson's: a
// variable is dense in A or B when it occurs there with any coefficient) come with the shape.
//
// The rows are the constraints as synthesized; bellperson's input rows (input_i · 0 = 0) are
// not recorded: ProvingAssignment::append_input_constraints() (CPU) or the GPU product adds them.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <vector>

#include "r1cs/recorded_matrices_format.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::r1cs {

// One matrix: `rows` rows in ceil(rows / kRowsPerChunk) chunks; chunk k's bytes are
// [chunk_offsets[k], chunk_offsets[k + 1]).
struct RecordedMatrix {
  uint64_t rows = 0;
  uint64_t terms = 0;
  std::vector<uint64_t> chunk_offsets{0};
  std::vector<uint8_t> bytes;

  size_t chunks() const { return chunk_offsets.size() - 1; }
  size_t host_bytes() const { return chunk_offsets.size() * sizeof(uint64_t) + bytes.size(); }
};

struct RecordedMatrices {
  uint64_t num_inputs = 0;  // counting ONE
  uint64_t num_aux = 0;
  uint64_t num_constraints = 0;      // as synthesized (without the input rows)
  std::vector<ff::Fr> coefficients;  // the dictionary: [0] = 1, [1] = −1
  RecordedMatrix a, b, c;
  DensityBitmap a_aux_density;
  DensityBitmap b_input_density;
  DensityBitmap b_aux_density;
  // No C was recorded (its rows are empty): c_j = a_j·b_j. A snarkjs zkey's matrices, which
  // hold A and B only (circom/zkey_prover.hpp); built in memory, never written to a file.
  bool c_from_product = false;

  uint64_t terms() const { return a.terms + b.terms + c.terms; }
  // The bytes a device holds for the product: matrices (with chunk offsets) and dictionary.
  size_t matrix_bytes() const;
  // Every byte the form holds in host memory: matrix_bytes() and the densities.
  size_t host_bytes() const;
};

// Interns coefficients: the dictionary index of each value, new values appended.
class CoefficientDictionary {
 public:
  CoefficientDictionary();
  uint64_t code(const ff::Fr& value);
  std::vector<ff::Fr> release() && { return std::move(values_); }

 private:
  struct Hash {
    size_t operator()(const ff::Fr& v) const;
  };
  std::vector<ff::Fr> values_;
  std::unordered_map<ff::Fr, uint64_t, Hash> index_;
};

// Appends rows to one compact matrix.
class RecordedMatrixBuilder {
 public:
  struct Entry {
    bool aux;        // else an input
    uint64_t index;  // into the aux or the input assignment
    uint64_t code;   // dictionary index
  };
  // Appends one row; sorts `entries` by kind and index (the row's value does not depend on the
  // order).
  void append_row(std::span<Entry> entries);
  RecordedMatrix finish() &&;

 private:
  void put_varint(uint64_t value);
  RecordedMatrix matrix_;
  uint64_t previous_[2] = {0, 0};  // input, aux
  uint64_t previous_escape_ = compact::kEscapeCode;
};

// A constraint system that records the compact form as the circuit synthesizes (values are
// ignored): no linear combination outlives its enforce() call, so a 130 M-constraint shape
// never exists as a full SparseMatrix.
class MatricesRecorder final : public ConstraintSystem {
 public:
  // `progress`, if set, is called with the number of constraints recorded so far every
  // kProgressInterval constraints.
  static constexpr uint64_t kProgressInterval = uint64_t{1} << 22;
  explicit MatricesRecorder(std::function<void(uint64_t constraints)> progress = {});

  Variable alloc(const ff::Fr& value) override;
  Variable alloc_input(const ff::Fr& value) override;
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override;

  RecordedMatrices finish() &&;

 private:
  void append(RecordedMatrixBuilder& builder, const LinearCombination& lc, DensityBitmap* input_density,
              DensityBitmap* aux_density);

  std::function<void(uint64_t)> progress_;
  CoefficientDictionary dictionary_;
  RecordedMatrixBuilder a_, b_, c_;
  RecordedMatrices shape_;  // sizes and densities as recorded
  std::vector<RecordedMatrixBuilder::Entry> scratch_;
};

// `circuit`'s matrices, recorded by synthesizing it on a MatricesRecorder (its values are
// ignored). Errors: the circuit's.
Result<RecordedMatrices> record_matrices(const Circuit& circuit);

// The compact form of a recorded or read shape (without input rows: ShapeRecorder::finish(false)).
RecordedMatrices matrices_from_shape(const R1csShape& shape);

}  // namespace cuzk::r1cs
