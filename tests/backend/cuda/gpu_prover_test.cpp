// GpuProver == CPU prover: for the same key, circuits and (r, s) (FixedBlinding), the GPU
// proofs are bit-identical to groth16::prove()'s and verify; batches share one resident key;
// a second call reuses it; an empty batch gives no proofs; release() frees it; shape
// mismatches are kInvalidArgument; a batch gives the same proofs under every staging plan
// (the policy itself: staging_plan_test.cpp).
// Circuits: the XOR demo (every density path) and the Filecoin-shaped synthetic circuit at
// sizes that are and are not powers of two.
#include "backend/cuda/prover/gpu_prover.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "circuits/synthetic.hpp"
#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "groth16/demo_circuit.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape.hpp"
#include "support/partition_witness_of.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;
constexpr groth16::QapConvention kBellperson = groth16::QapConvention::kBellperson;

struct Keyed {
  groth16::ProvingKey pk;
  std::vector<r1cs::ProvingAssignment> circuits;     // classic synthesis: the CPU reference proves these
  std::vector<witness::PartitionWitness> witnesses;  // the same circuits as the GPU takes them
};

Keyed setup(const std::vector<const r1cs::Circuit*>& circuits, uint64_t seed) {
  const groth16::ToxicWaste waste = groth16::ToxicWaste::from_seed(seed);
  r1cs::ShapeRecorder recorder;
  EXPECT_TRUE(circuits[0]->synthesize(recorder).is_ok());
  const r1cs::R1csShape shape = std::move(recorder).finish(true);
  auto pk = groth16::insecure_test_setup(shape, waste, ThreadPool::shared());
  EXPECT_TRUE(pk.is_ok()) << pk.status().to_string();
  Keyed out{std::move(pk).value(), {}, {}};
  const auto matrices = cuzk::test::recorded_matrices_of(*circuits[0]);
  for (const r1cs::Circuit* circuit : circuits) {
    r1cs::ProvingAssignment cs;
    EXPECT_TRUE(circuit->synthesize(cs).is_ok());
    cs.append_input_constraints();
    out.circuits.push_back(std::move(cs));
    out.witnesses.push_back(cuzk::test::partition_witness_of(*circuit, matrices));
  }
  return out;
}

// staging: the plan the batch must have used (none: whatever the device allows)
void expect_gpu_equals_cpu(const Keyed& k, GpuProver& prover, std::optional<StagingPlan> staging = std::nullopt) {
  std::vector<const r1cs::ProvingAssignment*> batch;
  for (const auto& cs : k.circuits) batch.push_back(&cs);
  std::vector<const witness::PartitionWitness*> gpu_batch;
  for (const auto& w : k.witnesses) gpu_batch.push_back(&w);
  std::mt19937_64 rng(99);
  const Fr r = Fr::random(rng), s = Fr::random(rng);
  groth16::FixedBlinding cpu_blinding(r, s), gpu_blinding(r, s);
  auto cpu = groth16::prove(k.pk, batch, cpu_blinding, ThreadPool::shared());
  ASSERT_TRUE(cpu.is_ok()) << cpu.status().to_string();
  GpuProveTimings timings;
  auto gpu = prover.prove(k.pk, gpu_batch, kBellperson, gpu_blinding, &timings);
  ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
  ASSERT_EQ(gpu->size(), cpu->size());
  const auto pvk = groth16::PreparedVerifyingKey::from(k.pk.vk);
  for (size_t i = 0; i < gpu->size(); ++i) {
    EXPECT_TRUE(gpu->at(i) == cpu->at(i)) << "proof " << i;
    const std::vector<Fr> inputs(k.circuits[i].input_assignment.begin() + 1, k.circuits[i].input_assignment.end());
    EXPECT_TRUE(groth16::verify(pvk, gpu->at(i), inputs).is_ok()) << "proof " << i;
  }
  EXPECT_GT(timings.pre_return_ms, 0.0);
  if (staging.has_value()) {
    EXPECT_EQ(staging_plan_name(timings.staging), staging_plan_name(*staging));
  }
}

class GpuProverTest : public GpuTest {};

TEST_F(GpuProverTest, DemoCircuitBatchBitIdentical) {
  const cuzk::test::DemoCircuit c1({true, false, true, true}, 5, 9), c2({false, false, true, false}, 77, 9),
      c3({true, true, true, true}, 0, 9);
  Keyed k = setup({&c1, &c2, &c3}, 1);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  expect_gpu_equals_cpu(k, **prover);
  EXPECT_GT((*prover)->resident_bytes(), 0u);
  expect_gpu_equals_cpu(k, **prover);  // the key stays resident
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  auto none = (*prover)->prove(k.pk, {}, kBellperson, blinding);  // an empty batch: no proofs, no error
  ASSERT_TRUE(none.is_ok()) << none.status().to_string();
  EXPECT_TRUE(none->empty());
  k.witnesses.clear();  // nobody holds the circuits' recorded matrices any more
  (*prover)->release(k.pk);
  EXPECT_EQ((*prover)->resident_bytes(), 0u);
  size_t free_bytes = 0, total_bytes = 0;
  ASSERT_TRUE((*prover)->device_memory(&free_bytes, &total_bytes).is_ok());
  EXPECT_GT(total_bytes, free_bytes);
}

TEST_F(GpuProverTest, SyntheticCircuitsBitIdentical) {
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  for (const size_t constraints : {size_t{1000}, size_t{1} << 12, (size_t{1} << 14) + 3}) {
    const circuits::SyntheticCircuit a(constraints, 1), b(constraints, 2);
    const Keyed k = setup({&a, &b}, constraints);
    expect_gpu_equals_cpu(k, **prover);
  }
}

TEST_F(GpuProverTest, EveryStagingPlanBatchBitIdentical) {
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  const circuits::SyntheticCircuit a(1000, 1), b(1000, 2), c(1000, 3);
  const Keyed k = setup({&a, &b, &c}, 7);
  expect_gpu_equals_cpu(k, **prover, StagingPlan::kOverlapped);
  (*prover)->set_staging_limit(StagingPlan::kSerial);
  expect_gpu_equals_cpu(k, **prover, StagingPlan::kSerial);
  (*prover)->set_staging_limit(StagingPlan::kSharedAbc);
  expect_gpu_equals_cpu(k, **prover, StagingPlan::kSharedAbc);
  (*prover)->set_staging_limit(StagingPlan::kOverlapped);
  expect_gpu_equals_cpu(k, **prover, StagingPlan::kOverlapped);  // the second buffers come back
}

TEST_F(GpuProverTest, ShapeMismatchIsInvalidArgument) {
  const cuzk::test::DemoCircuit small({true, false, true, true}, 1, 3), big({true, false, true, true}, 1, 12);
  const Keyed k = setup({&small}, 3);
  const Keyed other = setup({&big}, 4);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok());
  const witness::PartitionWitness* batch[] = {&other.witnesses[0]};
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  auto proofs = (*prover)->prove(k.pk, batch, kBellperson, blinding);
  EXPECT_EQ(proofs.status().code(), StatusCode::kInvalidArgument);
}

TEST_F(GpuProverTest, UnknownStagingPlanInTheEnvironmentIsInvalidArgument) {
  ASSERT_EQ(setenv("CUZK_STAGING", "sharedabc", 1), 0);
  auto prover = GpuProver::create(0);
  unsetenv("CUZK_STAGING");
  ASSERT_FALSE(prover.is_ok());
  EXPECT_EQ(prover.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(prover.status().to_string().find("CUZK_STAGING"), std::string::npos) << prover.status().to_string();
  EXPECT_NE(prover.status().to_string().find("'sharedabc'"), std::string::npos) << prover.status().to_string();
  ASSERT_EQ(setenv("CUZK_STAGING", "shared-abc", 1), 0);
  EXPECT_TRUE(GpuProver::create(0).is_ok());
  unsetenv("CUZK_STAGING");
}

TEST(GpuProverCreate, NoSuchDevice) {
  auto prover = GpuProver::create(1 << 20);
  EXPECT_FALSE(prover.is_ok());
}

}  // namespace
}  // namespace cuzk::backend::cuda
