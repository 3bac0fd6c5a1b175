// GPU NTT == CPU NTT (src/ntt, itself tested against a naive DFT in tests/ntt): forward,
// inverse, coset forward and coset inverse at every size from 2 to 2^12 and at sizes whose
// plans take two and three global passes, balanced or not (2^11 … 2^22 points), on domains with
// full twiddle tables and without (GpuDomain::kFullTwiddleMaxLog); and the whole
// H chain (gpu_compute_h: the fused scalings and quotient, natural order; and
// gpu_compute_h_bit_reversed, the steps gpu_h_to_coset, gpu_h_c_coefficients and
// gpu_h_quotient that the prover runs, in bit-reversed order; six transforms) against the CPU
// prover's seven-transform recipe on random a, b, c with edge values, and on constant vectors
// (all 0, all 1, all r − 1).
#include "backend/cuda/ntt/ntt_gpu.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "ntt/ntt.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;

std::vector<Fr> random_values(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out(n);
  for (auto& x : out) x = Fr::random(rng);
  return out;
}

Status cpu_ntt(const ntt::Domain& domain, NttKind kind, std::span<Fr> values) {
  ThreadPool& pool = ThreadPool::shared();
  switch (kind) {
    case NttKind::kForward: return ntt::forward(domain, values, pool);
    case NttKind::kInverse: return ntt::inverse(domain, values, pool);
    case NttKind::kCosetForward: return ntt::coset_forward(domain, values, pool);
    case NttKind::kCosetInverse: return ntt::coset_inverse(domain, values, pool);
  }
  return Status::internal("kind");
}

class GpuNttTest : public GpuTest {};

TEST_F(GpuNttTest, EveryKindAtManySizes) {
  for (uint32_t log_n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 14u, 17u, 19u, 20u, 21u, 22u}) {
    auto domain = ntt::Domain::create(size_t{1} << log_n);
    ASSERT_TRUE(domain.is_ok());
    for (const NttKind kind : {NttKind::kForward, NttKind::kInverse, NttKind::kCosetForward, NttKind::kCosetInverse}) {
      const std::vector<Fr> input = random_values(domain->size(), log_n * 4 + static_cast<uint64_t>(kind));
      std::vector<Fr> cpu = input;
      ASSERT_TRUE(cpu_ntt(*domain, kind, cpu).is_ok());
      for (const uint32_t full_twiddle_max_log : {0u, GpuDomain::kFullTwiddleMaxLog}) {
        std::vector<Fr> gpu = input;
        const Status s = gpu_ntt_from_host(*domain, kind, gpu, full_twiddle_max_log);
        ASSERT_TRUE(s.is_ok()) << s.to_string();
        size_t first_diff = cpu.size();
        for (size_t i = 0; i < cpu.size() && first_diff == cpu.size(); ++i) {
          if (!(cpu[i] == gpu[i])) first_diff = i;
        }
        EXPECT_EQ(first_diff, cpu.size()) << "log n " << log_n << " kind " << static_cast<int>(kind)
                                          << " full twiddle tables up to 2^" << full_twiddle_max_log;
      }
    }
  }
}

TEST_F(GpuNttTest, SizeMismatchIsInvalidArgument) {
  auto domain = ntt::Domain::create(8);
  ASSERT_TRUE(domain.is_ok());
  std::vector<Fr> values(7);
  EXPECT_EQ(gpu_ntt_from_host(*domain, NttKind::kForward, values).code(), StatusCode::kInvalidArgument);
}

// gpu_compute_h on a, b, c == the CPU prover's recipe on them; and gpu_compute_h_bit_reversed
// (the prover's steps), whose output at position i is the coefficient rev(i).
void expect_h_matches_cpu_in_order(const ntt::Domain& domain, std::vector<Fr> a, std::vector<Fr> b,
                                   std::vector<Fr> c, const char* what, bool bit_reversed,
                                   uint32_t full_twiddle_max_log) {
  ThreadPool& pool = ThreadPool::shared();
  const size_t n = domain.size();
  // device
  auto gpu_domain = GpuDomain::create(domain, full_twiddle_max_log);
  ASSERT_TRUE(gpu_domain.is_ok());
  auto d_abc = DeviceArray<Fr>::allocate(3 * n);
  ASSERT_TRUE(d_abc.is_ok());
  ASSERT_TRUE(d_abc->upload(std::span<const Fr>(a), 0).is_ok());
  ASSERT_TRUE(d_abc->upload(std::span<const Fr>(b), n).is_ok());
  ASSERT_TRUE(d_abc->upload(std::span<const Fr>(c), 2 * n).is_ok());
  const DeviceSpan<Fr> abc = d_abc->span();
  const Status s = (bit_reversed ? gpu_compute_h_bit_reversed : gpu_compute_h)(
      *gpu_domain, abc.subspan(0, n), abc.subspan(n, n), abc.subspan(2 * n, n), nullptr);
  ASSERT_TRUE(s.is_ok()) << s.to_string();
  std::vector<Fr> positions(n);
  ASSERT_TRUE(d_abc->download(std::span<Fr>(positions)).is_ok());
  std::vector<Fr> gpu(n);
  for (size_t i = 0; i < n; ++i) gpu[bit_reversed ? test::reverse_bits(i, domain.log_size()) : i] = positions[i];
  // CPU: the prover's recipe
  for (std::vector<Fr>* v : {&a, &b, &c}) {
    ASSERT_TRUE(ntt::inverse(domain, *v, pool).is_ok());
    ASSERT_TRUE(ntt::coset_forward(domain, *v, pool).is_ok());
  }
  const Fr z_inv = ntt::coset_vanishing_inverse(domain);
  for (size_t i = 0; i < n; ++i) a[i] = (a[i] * b[i] - c[i]) * z_inv;
  ASSERT_TRUE(ntt::coset_inverse(domain, a, pool).is_ok());
  EXPECT_TRUE(a == gpu) << "log n " << domain.log_size() << " " << what << (bit_reversed ? " (bit-reversed)" : "")
                        << ", full twiddle tables up to 2^" << full_twiddle_max_log;
}

void expect_h_matches_cpu(const ntt::Domain& domain, const std::vector<Fr>& a, const std::vector<Fr>& b,
                          const std::vector<Fr>& c, const char* what) {
  for (const uint32_t full_twiddle_max_log : {0u, GpuDomain::kFullTwiddleMaxLog}) {
    for (const bool bit_reversed : {false, true}) {
      expect_h_matches_cpu_in_order(domain, a, b, c, what, bit_reversed, full_twiddle_max_log);
    }
  }
}

TEST_F(GpuNttTest, QuotientHMatchesCpuRecipe) {
  // one pass (quotient and output scaling in the same kernel), two, three
  for (uint32_t log_n : {1u, 5u, 10u, 11u, 16u, 19u, 21u}) {
    auto domain = ntt::Domain::create(size_t{1} << log_n);
    ASSERT_TRUE(domain.is_ok());
    const size_t n = domain->size();
    std::vector<Fr> a = random_values(n, 100 + log_n), b = random_values(n, 200 + log_n),
                    c = random_values(n, 300 + log_n);
    a[0] = Fr::zero();  // edge values
    b[n - 1] = -Fr::one();
    c[n / 2] = Fr::one();
    expect_h_matches_cpu(*domain, std::move(a), std::move(b), std::move(c), "random");
  }
}

TEST_F(GpuNttTest, QuotientHOnConstantVectors) {
  for (uint32_t log_n : {3u, 12u, 20u}) {
    auto domain = ntt::Domain::create(size_t{1} << log_n);
    ASSERT_TRUE(domain.is_ok());
    const size_t n = domain->size();
    for (const Fr& x : {Fr::zero(), Fr::one(), -Fr::one()}) {
      expect_h_matches_cpu(*domain, std::vector<Fr>(n, x), std::vector<Fr>(n, x), std::vector<Fr>(n, x), "constant");
    }
    expect_h_matches_cpu(*domain, std::vector<Fr>(n, -Fr::one()), std::vector<Fr>(n, Fr::one()),
                         std::vector<Fr>(n, Fr::zero()), "r - 1, 1, 0");
  }
}

}  // namespace
}  // namespace cuzk::backend::cuda
