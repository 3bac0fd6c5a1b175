// A synthetic circuit shaped like a Filecoin PoRep partition, for benchmarks: any number of
// constraints, about one aux variable per constraint, witness values mostly 0 or 1, every aux
// variable in A (PoRep: ≈99.7%) and a quarter of them in B (PoRep: ≈25%). Each block of four
// constraints over fresh values x0, x1, x3 (0/1, one in eight random) and p = x0·x1:
//   x0·x1 = p,  x1·1 = x1,  p·1 = p,  x3·1 = x3
// so x0, x1, p, x3 are in A, only x1 in B, and the witness is a/b/c-consistent.
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
