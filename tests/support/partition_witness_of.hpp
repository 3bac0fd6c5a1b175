// Test support: a circuit built in a test as a prover takes it — its partition witness as a kind
// makes one (witness-only synthesis, Poseidon's internal values left to the fill, the circuit's
// recorded matrices attached) — beside the classic ProvingAssignment the CPU reference proves.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <utility>

#include "r1cs/recorded_matrices.hpp"
#include "r1cs/constraint_system.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::test {

// The circuit's recorded matrices, shared by the witnesses of every circuit of its shape.
inline std::shared_ptr<const r1cs::RecordedMatrices> recorded_matrices_of(const r1cs::Circuit& circuit) {
  Result<r1cs::RecordedMatrices> recorded = r1cs::record_matrices(circuit);
  EXPECT_TRUE(recorded.is_ok()) << recorded.status().to_string();
  return std::make_shared<const r1cs::RecordedMatrices>(recorded.is_ok() ? std::move(recorded).value()
                                                                    : r1cs::RecordedMatrices{});
}

// `circuit`'s partition witness with `matrices` (recorded from the circuit itself when null).
inline witness::PartitionWitness partition_witness_of(const r1cs::Circuit& circuit,
                                                      std::shared_ptr<const r1cs::RecordedMatrices> matrices = nullptr) {
  if (!matrices) matrices = recorded_matrices_of(circuit);
  Result<witness::PartitionWitness> w = witness::synthesize_partition_witness(circuit, std::move(matrices));
  EXPECT_TRUE(w.is_ok()) << w.status().to_string();
  return w.is_ok() ? std::move(w).value() : witness::PartitionWitness{};
}

}  // namespace cuzk::test
