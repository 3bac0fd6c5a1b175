// The prover seam on the GPU (backend::make_gpu_provers) == the CPU prover
// (backend::make_cpu_prover) for both QAP conventions, for the same (r, s):
//   kSnarkjs:    the GPU's odd-coset H (snarkjs's domain tables) against groth16::snarkjs_h on
//                random a, b, c at every size 2..2^12 and at 2^16 (inputs shorter than the
//                domain included), and the proof of every circom fixture (tests/fixtures/circom),
//                GPU == CPU, verifying against the zkey's key;
//   kBellperson: synthetic circuits, GPU == CPU, verifying (the checks both backends share,
//                the H-size rule among them, are tested on the CPU: tests/groth16);
// and the adaptor's contract: name, on_device, holds/release, describe.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/ntt/ntt_gpu.hpp"
#include "backend/prover_factory.hpp"
#include "circom/fixtures.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_prover.hpp"
#include "circuits/synthetic.hpp"
#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "groth16/cpu_prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/snarkjs_qap.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape.hpp"
#include "support/partition_witness_of.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using groth16::QapConvention;
using test::GpuTest;

std::vector<Fr> random_values(size_t n, std::mt19937_64& rng) {
  std::vector<Fr> out(n);
  for (auto& x : out) x = Fr::random(rng);
  return out;
}

// a, b, c (each zero padded to n) → the GPU's kSnarkjs H, downloaded.
Result<std::vector<Fr>> gpu_snarkjs_h(const groth16::SnarkjsDomain& domain, std::span<const Fr> a,
                                      std::span<const Fr> b, std::span<const Fr> c) {
  const size_t n = domain.size();
  CUZK_ASSIGN_OR_RETURN(GpuDomain d, GpuDomain::create(domain));
  CUZK_ASSIGN_OR_RETURN(DeviceArray<Fr> buffer, DeviceArray<Fr>::allocate(3 * n));
  CUZK_RETURN_IF_ERROR(buffer.fill_bytes(0));
  const std::span<const Fr> inputs[3] = {a, b, c};
  for (size_t k = 0; k < 3; ++k) CUZK_RETURN_IF_ERROR(buffer.upload(inputs[k], k * n));
  DeviceSpan<Fr> abc[3];
  for (size_t k = 0; k < 3; ++k) {
    abc[k] = buffer.span().subspan(k * n, n);
    CUZK_RETURN_IF_ERROR(gpu_h_to_coset(d, abc[k], nullptr));
  }
  CUZK_RETURN_IF_ERROR(gpu_h_odd_coset(d, abc[0], abc[1], abc[2], nullptr));
  std::vector<Fr> h(n);
  CUZK_RETURN_IF_ERROR(buffer.download(std::span<Fr>(h)));
  return h;
}

class ProverSeamGpuTest : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    std::string why;
    const int first[] = {0};
    gpus_ = make_gpu_provers(first, ThreadPool::shared(), &why);
    ASSERT_EQ(gpus_.size(), 1u) << why;
    cpu_ = make_cpu_prover(ThreadPool::shared());
  }
  groth16::ProverBackend& gpu() { return *gpus_.front(); }

  // Both backends prove `batch` with the same (r, s), and the CPU prover proves `reference` (the
  // same circuits, classic synthesis); the proofs must be equal and verify.
  void expect_equal_proofs(const groth16::ProvingKey& pk, std::span<const witness::PartitionWitness* const> batch,
                           std::span<const r1cs::ProvingAssignment* const> reference, QapConvention convention,
                           uint64_t seed) {
    std::mt19937_64 rng(seed);
    const Fr r = Fr::random(rng), s = Fr::random(rng);
    groth16::FixedBlinding cpu_blinding(r, s), gpu_blinding(r, s), reference_blinding(r, s);
    auto on_cpu = cpu_->prove(pk, batch, convention, cpu_blinding);
    ASSERT_TRUE(on_cpu.is_ok()) << on_cpu.status().to_string();
    auto classic = groth16::CpuProver(ThreadPool::shared()).prove(pk, reference, convention, reference_blinding);
    ASSERT_TRUE(classic.is_ok()) << classic.status().to_string();
    auto on_gpu = gpu().prove(pk, batch, convention, gpu_blinding);
    ASSERT_TRUE(on_gpu.is_ok()) << on_gpu.status().to_string();
    ASSERT_EQ(on_gpu->size(), batch.size());
    const auto pvk = groth16::PreparedVerifyingKey::from(pk.vk);
    for (size_t i = 0; i < batch.size(); ++i) {
      EXPECT_TRUE(on_gpu->at(i) == on_cpu->at(i)) << "proof " << i;
      EXPECT_TRUE(on_cpu->at(i) == classic->at(i)) << "proof " << i;
      const std::vector<Fr> inputs(batch[i]->values.inputs.begin() + 1, batch[i]->values.inputs.end());
      EXPECT_TRUE(groth16::verify(pvk, on_gpu->at(i), inputs).is_ok()) << "proof " << i;
    }
  }

  std::vector<std::unique_ptr<groth16::ProverBackend>> gpus_;
  std::unique_ptr<groth16::ProverBackend> cpu_;
};

TEST_F(ProverSeamGpuTest, SnarkjsHEqualsTheCpuOnRandomInputs) {
  std::mt19937_64 rng(2026);
  for (const uint32_t log_n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 16u}) {
    SCOPED_TRACE(log_n);
    const size_t n = size_t{1} << log_n;
    auto domain = groth16::SnarkjsDomain::create(n);
    ASSERT_TRUE(domain.is_ok()) << domain.status().to_string();
    for (const size_t filled : {n, n / 2 + 1, size_t{1}}) {
      const std::vector<Fr> a = random_values(filled, rng), b = random_values(filled, rng),
                            c = random_values(filled, rng);
      auto cpu = groth16::snarkjs_h(*domain, a, b, c, ThreadPool::shared());
      ASSERT_TRUE(cpu.is_ok()) << cpu.status().to_string();
      auto gpu_h = gpu_snarkjs_h(*domain, a, b, c);
      ASSERT_TRUE(gpu_h.is_ok()) << gpu_h.status().to_string();
      EXPECT_TRUE(*gpu_h == *cpu) << "filled " << filled;
    }
  }
}

TEST_F(ProverSeamGpuTest, EveryCircomFixtureGpuEqualsCpu) {
  uint64_t seed = 1;
  for (const auto& name : cuzk::test::circom_fixtures()) {
    SCOPED_TRACE(name);
    auto zkey = circom::read_zkey(cuzk::test::circom_fixture_path(name, "circuit.zkey"));
    ASSERT_TRUE(zkey.is_ok()) << zkey.status().to_string();
    auto witness = circom::read_wtns(cuzk::test::circom_fixture_path(name, "witness.wtns"));
    ASSERT_TRUE(witness.is_ok()) << witness.status().to_string();
    auto key = circom::zkey_proving_key(std::move(zkey).value());
    ASSERT_TRUE(key.is_ok()) << key.status().to_string();
    auto map = circom::snarkjs_witness_map(*key, *witness, name);
    ASSERT_TRUE(map.is_ok()) << map.status().to_string();
    auto cs = circom::snarkjs_assignment(*key, *witness, std::move(map).value());
    ASSERT_TRUE(cs.is_ok()) << cs.status().to_string();
    auto w = circom::zkey_witness(*key, *witness, circom::zkey_matrices(*key), name);
    ASSERT_TRUE(w.is_ok()) << w.status().to_string();
    const witness::PartitionWitness* batch[] = {&*w, &*w};  // a batch of two: each its own staging slot
    const r1cs::ProvingAssignment* reference[] = {&*cs, &*cs};
    expect_equal_proofs(key->pk, batch, reference, QapConvention::kSnarkjs, seed++);
    // Through circom's entry point too, with its self-check.
    groth16::FixedBlinding blinding(Fr::from_u64(seed), Fr::from_u64(seed + 1));
    auto proof = circom::prove_zkey(*key, *witness, gpu(), blinding);
    EXPECT_TRUE(proof.is_ok()) << proof.status().to_string();
    EXPECT_TRUE(gpu().holds(key->pk));
    gpu().release(key->pk);
    EXPECT_FALSE(gpu().holds(key->pk));
  }
}

TEST_F(ProverSeamGpuTest, BellpersonSyntheticGpuEqualsCpu) {
  for (const size_t constraints : {size_t{1000}, (size_t{1} << 12) + 3}) {
    SCOPED_TRACE(constraints);
    const circuits::SyntheticCircuit a(constraints, 1), b(constraints, 2);
    r1cs::ShapeRecorder recorder;
    ASSERT_TRUE(a.synthesize(recorder).is_ok());
    const r1cs::R1csShape shape = std::move(recorder).finish(true);
    auto pk = groth16::insecure_test_setup(shape, groth16::ToxicWaste::from_seed(constraints), ThreadPool::shared());
    ASSERT_TRUE(pk.is_ok()) << pk.status().to_string();
    std::vector<r1cs::ProvingAssignment> circuits(2);
    ASSERT_TRUE(a.synthesize(circuits[0]).is_ok());
    ASSERT_TRUE(b.synthesize(circuits[1]).is_ok());
    for (auto& cs : circuits) cs.append_input_constraints();
    const auto matrices = cuzk::test::recorded_matrices_of(a);
    const witness::PartitionWitness wa = cuzk::test::partition_witness_of(a, matrices),
                                    wb = cuzk::test::partition_witness_of(b, matrices);
    const witness::PartitionWitness* batch[] = {&wa, &wb};
    const r1cs::ProvingAssignment* reference[] = {&circuits[0], &circuits[1]};
    expect_equal_proofs(*pk, batch, reference, QapConvention::kBellperson, constraints);
    gpu().release(*pk);
  }
}

TEST_F(ProverSeamGpuTest, AdaptorContract) {
  EXPECT_EQ(gpu().name(), "cuda:0");
  EXPECT_TRUE(gpu().on_device());
  EXPECT_NE(gpu().describe().find("GiB free"), std::string::npos) << gpu().describe();
  EXPECT_FALSE(cpu_->on_device());
  EXPECT_EQ(cpu_->name(), "cpu");
  EXPECT_TRUE(cuda_compiled_in());
}

}  // namespace
}  // namespace cuzk::backend::cuda
