// Test support: a native circuit's partitions through the recorded matrices (the kinds'
// default) equal classic synthesis — the same circuit made again with
// kinds::kClassicSynthesisEnv set — in a, b, c (input rows appended), the densities, the input
// and aux assignments and the public inputs. The circuits record their matrices as they would
// in the engine: beside their parameter file, or in memory when there is none.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "engine/circuit.hpp"
#include "kinds/native_circuit.hpp"
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
  const Result<engine::ValidatedPayload> validated = recorded_def->validate(payload);
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  const NoSrs srs;
  for (size_t k = 0; k < validated->partitions; ++k) {
    SCOPED_TRACE("partition " + std::to_string(k));
    const auto recorded = recorded_def->synthesize(srs, payload, validated->prepared, k, pool);
    const auto classic = classic_def->synthesize(srs, payload, validated->prepared, k, pool);
    ASSERT_TRUE(recorded.is_ok()) << recorded.status().to_string();
    ASSERT_TRUE(classic.is_ok()) << classic.status().to_string();
    const r1cs::ProvingAssignment& got = (*recorded)->assignment;
    const r1cs::ProvingAssignment& want = (*classic)->assignment;
    expect_same_values(got.input_assignment, want.input_assignment, "inputs");
    expect_same_values(got.aux_assignment, want.aux_assignment, "aux");
    expect_same_values((*recorded)->public_inputs, (*classic)->public_inputs, "public inputs");
    expect_same_assignment(got, want);
  }
}

}  // namespace cuzk::test
