// Test support: a native circuit's partitions as the engine synthesizes them — partition
// witnesses with the circuit's recorded matrices, their Poseidon values left to fills — equal
// classic synthesis of the same partition's circuit (NativeCircuitSpec::circuit, the reference):
// made whole by witness::materialize (fills run, then the product), in a, b, c (input rows
// appended), the densities, and the input and aux assignments; and their public inputs are the
// ones the circuit allocates. The circuits record their matrices as they would in the engine:
// beside their parameter file, or in memory when there is none.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/circuit.hpp"
#include "kinds/native_circuit.hpp"
#include "witness/partition_witness.hpp"
#include "support/recorded_matrices_check.hpp"

namespace cuzk::test {

// Synthesis ignores the parameters: an empty key stands in for them.
class NoSrs final : public engine::LoadedSrs {
 public:
  size_t bytes() const override { return 0; }
  const groth16::ProvingKey& proving_key() const override { return pk_; }
  const groth16::PreparedVerifyingKey& verifying_key() const override { return pvk_; }

 private:
  groth16::ProvingKey pk_;
  groth16::PreparedVerifyingKey pvk_;
};

using MakeCircuit = std::function<std::shared_ptr<const engine::CircuitDef>()>;

// Every partition of `payload` synthesized by make() equals classic synthesis of its circuit.
inline void expect_recorded_equals_classic(const MakeCircuit& make, std::span<const uint8_t> payload, ThreadPool& pool) {
  const std::shared_ptr<const engine::CircuitDef> def = make();
  ASSERT_TRUE(def);
  const kinds::NativeCircuitSpec* spec = kinds::native_circuit_spec(*def);
  ASSERT_NE(spec, nullptr);
  const Result<engine::ValidatedPayload> validated = def->validate(payload, pool);
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  const NoSrs srs;
  for (size_t k = 0; k < validated->partitions; ++k) {
    SCOPED_TRACE("partition " + std::to_string(k));
    const auto recorded = def->synthesize(srs, payload, validated->prepared, k, pool);
    ASSERT_TRUE(recorded.is_ok()) << recorded.status().to_string();
    auto circuit = spec->circuit(validated->prepared.get(), k);
    ASSERT_TRUE(circuit.is_ok()) << circuit.status().to_string();
    r1cs::ProvingAssignment want;
    ASSERT_TRUE((*circuit)->synthesize(want).is_ok());
    want.append_input_constraints();

    const witness::PartitionWitness& w = (*recorded)->witness;
    ASSERT_NE(w.matrices, nullptr);
    EXPECT_EQ(w.num_aux(), want.aux_assignment.size());
    r1cs::ProvingAssignment got;
    ASSERT_TRUE(witness::materialize(w, got, pool).is_ok());
    got.append_input_constraints();
    expect_same_values(got.input_assignment, want.input_assignment, "inputs");
    expect_same_values(got.aux_assignment, want.aux_assignment, "aux, its fills run");
    expect_same_assignment(got, want);
    const std::vector<ff::Fr> allocated(want.input_assignment.begin() + 1, want.input_assignment.end());
    expect_same_values((*recorded)->public_inputs, allocated, "public inputs");
  }
}

}  // namespace cuzk::test
