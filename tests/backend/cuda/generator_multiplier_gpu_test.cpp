// GpuGeneratorMultiplier == HostGeneratorMultiplier point for point, G1 and G2: random scalars
// and the edge values 0 (infinity), 1, 2, r − 1 (−G), repeated scalars, at sizes that are and
// are not multiples of the chunk (a small chunk forces several). Output vectors are poisoned
// first by construction (fresh vectors are overwritten by the download). End to end: a key
// made with the GPU multiplier equals the host key, and its proofs verify.
#include "backend/cuda/setup/generator_multiplier_gpu.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "circuits/synthetic.hpp"
#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;

class GeneratorMultiplierGpuTest : public GpuTest {};

std::vector<Fr> scalars_with_edges(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out(n);
  for (Fr& k : out) k = Fr::random(rng);
  const Fr edges[] = {Fr::zero(), Fr::one(), Fr::from_u64(2), -Fr::one(), Fr::from_u64(255), Fr::from_u64(256)};
  for (size_t i = 0; i < n && i < std::size(edges); ++i) out[i * 3 % n] = edges[i];
  if (n > 10) out[n - 1] = out[n - 2];  // a repeated scalar
  return out;
}

TEST_F(GeneratorMultiplierGpuTest, EqualsTheHostMultiplier) {
  groth16::HostGeneratorMultiplier host(ThreadPool::shared());
  for (const size_t chunk : {size_t{1000}, size_t{1} << 22}) {
    auto gpu = GpuGeneratorMultiplier::create(0, chunk);
    ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
    for (const size_t n : {size_t{0}, size_t{1}, size_t{7}, size_t{1000}, size_t{2999}, size_t{4096}}) {
      const std::vector<Fr> k = scalars_with_edges(n, n + chunk);
      auto g1 = (*gpu)->g1(k);
      ASSERT_TRUE(g1.is_ok()) << g1.status().to_string();
      EXPECT_EQ(*g1, *host.g1(k)) << "G1, n = " << n << ", chunk = " << chunk;
      auto g2 = (*gpu)->g2(k);
      ASSERT_TRUE(g2.is_ok()) << g2.status().to_string();
      EXPECT_EQ(*g2, *host.g2(k)) << "G2, n = " << n << ", chunk = " << chunk;
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ((*g1)[i].infinity, k[i].is_zero()) << i;
        ASSERT_TRUE((*g1)[i].is_on_curve() && (*g2)[i].is_on_curve()) << i;
      }
    }
  }
}

TEST_F(GeneratorMultiplierGpuTest, KeyEqualsTheHostKeyAndItsProofsVerify) {
  const circuits::SyntheticCircuit circuit(1000, 9);
  const groth16::ToxicWaste waste = groth16::ToxicWaste::from_seed(21);
  auto gpu = GpuGeneratorMultiplier::create(0, 300);
  ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
  auto on_gpu = groth16::insecure_circuit_setup(circuit, waste, ThreadPool::shared(), gpu->get());
  auto on_host = groth16::insecure_circuit_setup(circuit, waste, ThreadPool::shared());
  ASSERT_TRUE(on_gpu.is_ok() && on_host.is_ok()) << on_gpu.status().to_string();
  EXPECT_EQ(on_gpu->a, on_host->a);
  EXPECT_EQ(on_gpu->b_g1, on_host->b_g1);
  EXPECT_EQ(on_gpu->b_g2, on_host->b_g2);
  EXPECT_EQ(on_gpu->l, on_host->l);
  EXPECT_EQ(on_gpu->h, on_host->h);
  EXPECT_EQ(on_gpu->vk.ic, on_host->vk.ic);

  r1cs::ProvingAssignment cs;
  ASSERT_TRUE(circuit.synthesize(cs).is_ok());
  cs.append_input_constraints();
  const r1cs::ProvingAssignment* batch[] = {&cs};
  groth16::SystemBlinding blinding;
  auto proofs = groth16::prove(*on_gpu, batch, blinding, ThreadPool::shared());
  ASSERT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  const std::vector<Fr> inputs(cs.input_assignment.begin() + 1, cs.input_assignment.end());
  EXPECT_TRUE(groth16::verify(groth16::PreparedVerifyingKey::from(on_gpu->vk), proofs->front(), inputs).is_ok());
}

}  // namespace
}  // namespace cuzk::backend::cuda
