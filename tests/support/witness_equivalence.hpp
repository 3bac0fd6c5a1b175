// Test support: witness-only synthesis equals classic synthesis. Runs the same synthesis into
// a ProvingAssignment and into a witness-only system (every value allocated:
// r1cs::WitnessConstraintSystem; and Poseidon's internal values left to fills:
// witness::FillRecordingSystem, its fills then run as a prover runs them) and expects the same
// inputs (ONE first) and the same aux assignment, value for value, naming the first difference.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "r1cs/witness_expansion.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::test {

// A witness-only assignment against classic synthesis's, after `fills` ran on it.
inline void expect_witness_equals(const r1cs::WitnessAssignment& w, const r1cs::ProvingAssignment& classic,
                                  const std::vector<std::unique_ptr<witness::WitnessFill>>& fills = {}) {
  ASSERT_EQ(w.inputs.size(), classic.input_assignment.size());
  for (size_t i = 0; i < w.inputs.size(); ++i) ASSERT_EQ(w.inputs[i], classic.input_assignment[i]) << "input " << i;
  ASSERT_EQ(w.aux.size(), classic.aux_assignment.size());
  r1cs::ProvingAssignment expanded;
  r1cs::expand_witness(w, expanded);
  for (const auto& fill : fills) fill->fill(expanded.input_assignment, expanded.aux_assignment, nullptr);
  const std::vector<ff::Fr>& aux = expanded.aux_assignment;
  for (size_t i = 0; i < aux.size(); ++i) ASSERT_EQ(aux[i], classic.aux_assignment[i]) << "aux " << i;
}

// A partition witness (its fills run) against classic synthesis's.
inline void expect_witness_equals(const witness::PartitionWitness& w, const r1cs::ProvingAssignment& classic) {
  expect_witness_equals(w.values, classic, w.fills);
}

// `synthesize` must produce the same circuit on every call (it is called three times).
inline void expect_same_witness(const std::function<void(r1cs::ConstraintSystem&)>& synthesize) {
  r1cs::ProvingAssignment classic;
  synthesize(classic);
  {
    SCOPED_TRACE("Poseidon in the witness");
    r1cs::WitnessConstraintSystem witness_only;
    synthesize(witness_only);
    expect_witness_equals(witness_only.witness(), classic);
  }
  {
    SCOPED_TRACE("Poseidon left to its fill");
    witness::FillRecordingSystem recording;
    synthesize(recording);
    expect_witness_equals(std::move(recording).take_partition(), classic);
  }
}

}  // namespace cuzk::test
