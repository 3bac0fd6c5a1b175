// A synthetic circuit shaped like Filecoin's proofs, for benchmarks: any number of constraints,
// witness values mostly 0 or 1, almost every aux variable in A (≈99%) and about a quarter in B.
// Each block of four constraints over fresh bits x0..x3 (values 0/1, one in eight random):
//   x0·1 = x0,  x1·1 = x1,  x2·x3 = p,  p·1 = p
// so x0, x1, x2, p are in A, only x3 in B, and the witness is a/b/c-consistent.
#pragma once

#include <cstdint>

#include "r1cs/constraint_system.hpp"

namespace cuzk::circuits {

class SyntheticCircuit final : public r1cs::Circuit {
 public:
  static constexpr size_t kInputConstraints = 2;
  // num_constraints ≥ 3 counts bellperson's two input constraints (ONE and the one public
  // input) too, so a power of two fills its NTT domain exactly.
  SyntheticCircuit(size_t num_constraints, uint64_t seed) : num_constraints_(num_constraints), seed_(seed) {}
  Status synthesize(r1cs::ConstraintSystem& cs) const override;

 private:
  size_t num_constraints_;
  uint64_t seed_;
};

}  // namespace cuzk::circuits
