// Test support: witness-only synthesis equals classic synthesis. Runs the same synthesis into
// a ProvingAssignment and into a WitnessConstraintSystem (with and without deferred Poseidon
// hashes, which are filled as a prover fills them) and expects the same inputs (ONE first) and
// the same aux assignment, value for value, naming the first difference.
#pragma once

#include <gtest/gtest.h>

#include <functional>

#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "r1cs/witness_expansion.hpp"

namespace cuzk::test {

// A witness-only assignment against classic synthesis's.
inline void expect_witness_equals(const r1cs::WitnessAssignment& w, const r1cs::ProvingAssignment& classic) {
  ASSERT_EQ(w.inputs.size(), classic.input_assignment.size());
  for (size_t i = 0; i < w.inputs.size(); ++i) ASSERT_EQ(w.inputs[i], classic.input_assignment[i]) << "input " << i;
  ASSERT_EQ(w.aux.size(), classic.aux_assignment.size());
  r1cs::ProvingAssignment expanded;
  r1cs::expand_witness(w, expanded);  // the deferred hashes filled
  const std::vector<ff::Fr>& aux = expanded.aux_assignment;
  for (size_t i = 0; i < aux.size(); ++i) ASSERT_EQ(aux[i], classic.aux_assignment[i]) << "aux " << i;
}

// `synthesize` must produce the same circuit on every call (it is called twice).
inline void expect_same_witness(const std::function<void(r1cs::ConstraintSystem&)>& synthesize) {
  r1cs::ProvingAssignment classic;
  synthesize(classic);
  for (const bool defer_poseidon : {false, true}) {
    SCOPED_TRACE(defer_poseidon ? "Poseidon deferred" : "Poseidon in the witness");
    r1cs::WitnessConstraintSystem witness_only({.defer_poseidon = defer_poseidon});
    synthesize(witness_only);
    expect_witness_equals(witness_only.witness(), classic);
  }
}

}  // namespace cuzk::test
