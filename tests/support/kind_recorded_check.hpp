// Test support: a native circuit's partitions through the recorded matrices (the kinds'
// default) equal classic synthesis — the same circuit made again with
// kinds::kClassicSynthesisEnv set — in a, b, c (input rows appended), the densities, the input
// and aux assignments and the public inputs; so does the deferred form (the packed witness and
// the shape, SynthesisOptions::defer_product, Poseidon's internal values deferred) with its
// hashes filled, and once made whole by r1cs::materialize. The
// circuits record their matrices as they would in the engine: beside their parameter file, or
// in memory when there is none.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/circuit.hpp"
#include "kinds/native_circuit.hpp"
#include "r1cs/recorded_synthesis.hpp"
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

// `make()` with classic synthesis forced.
inline std::shared_ptr<const engine::CircuitDef> make_classic(const MakeCircuit& make) {
  ::setenv(kinds::kClassicSynthesisEnv, "1", 1);
  std::shared_ptr<const engine::CircuitDef> def = make();
  ::unsetenv(kinds::kClassicSynthesisEnv);
  return def;
}

// Every partition of `payload` synthesized by make() (the recorded path) equals classic synthesis.
inline void expect_recorded_equals_classic(const MakeCircuit& make, std::span<const uint8_t> payload, ThreadPool& pool) {
  const std::shared_ptr<const engine::CircuitDef> recorded_def = make(), classic_def = make_classic(make);
  ASSERT_TRUE(recorded_def && classic_def);
  const Result<engine::ValidatedPayload> validated = recorded_def->validate(payload, ThreadPool::shared());
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  const NoSrs srs;
  for (size_t k = 0; k < validated->partitions; ++k) {
    SCOPED_TRACE("partition " + std::to_string(k));
    const auto recorded = recorded_def->synthesize(srs, payload, validated->prepared, k, pool, {});
    const auto classic = classic_def->synthesize(srs, payload, validated->prepared, k, pool, {});
    const auto deferred = recorded_def->synthesize(srs, payload, validated->prepared, k, pool, {.defer_product = true});
    ASSERT_TRUE(recorded.is_ok()) << recorded.status().to_string();
    ASSERT_TRUE(classic.is_ok()) << classic.status().to_string();
    ASSERT_TRUE(deferred.is_ok()) << deferred.status().to_string();
    const r1cs::ProvingAssignment& got = (*recorded)->assignment;
    const r1cs::ProvingAssignment& want = (*classic)->assignment;
    expect_same_values(got.input_assignment, want.input_assignment, "inputs");
    expect_same_values(got.aux_assignment, want.aux_assignment, "aux");
    expect_same_values((*recorded)->public_inputs, (*classic)->public_inputs, "public inputs");
    expect_same_assignment(got, want);

    r1cs::ProvingAssignment& late = (*deferred)->assignment;
    ASSERT_TRUE(late.deferred());
    EXPECT_TRUE(late.a.empty() && late.b.empty() && late.c.empty() && late.aux_assignment.empty());
    EXPECT_EQ(late.num_rows(), want.a.size());
    EXPECT_EQ(late.num_aux(), want.aux_assignment.size());
    EXPECT_TRUE(late.input_constraints_appended());
    std::vector<ff::Fr> late_aux = late.packed_aux.expand();
    late.deferred_poseidon.fill(late.input_assignment, late_aux);  // the hashes a device prover computes
    expect_same_values(late_aux, want.aux_assignment, "deferred aux, its deferred hashes filled");
    expect_same_density(late.a_aux_density, want.a_aux_density, "deferred A aux density");
    expect_same_density(late.b_input_density, want.b_input_density, "deferred B input density");
    expect_same_density(late.b_aux_density, want.b_aux_density, "deferred B aux density");
    expect_same_values((*deferred)->public_inputs, (*classic)->public_inputs, "deferred public inputs");
    ASSERT_TRUE(r1cs::materialize(late, pool).is_ok());
    EXPECT_FALSE(late.deferred());
    expect_same_values(late.aux_assignment, want.aux_assignment, "materialized aux");
    expect_same_assignment(late, want);
  }
}

}  // namespace cuzk::test
