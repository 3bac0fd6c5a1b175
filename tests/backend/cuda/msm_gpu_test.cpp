// GPU MSM == CPU MSM (msm::msm, itself tested against naive sums in tests/msm) on G1 and G2:
// random scalars at sizes that are and are not powers of two; the scalars 0, 1, 2, r − 1 mixed
// in; repeated, opposite and infinity bases; density bitmaps (random, empty, full); every
// window size the planner may pick; scalars around r/2 and 2^254 (the scalars' folding);
// heavily skewed scalars (one bucket holding every point, so the segment sums fold over
// several levels); the empty MSM; scalars in bit-reversed order (the device H's: n of them,
// n or n − 1 bases, with and without a density), against the CPU MSM on them in order; the
// windows sorted in groups of 1, 2, 3 and 7 (the path of MSMs beyond kMaxPairs pairs, or
// of a device short of memory).
#include "backend/cuda/msm/msm_gpu.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "msm/msm.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;

// n distinct points P_i = (i + 2)·G (cheap to make, and all different).
template <class C>
std::vector<ec::Affine<C>> distinct_points(size_t n) {
  std::vector<ec::Jacobian<C>> points(n);
  ec::Jacobian<C> p = ec::Jacobian<C>::generator();
  for (auto& q : points) q = p = p.add_mixed(C::generator());
  return ec::batch_to_affine<C>(points);
}

std::vector<Fr> random_scalars(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out(n);
  for (auto& x : out) x = Fr::random(rng);
  return out;
}

template <class C>
void expect_same(std::span<const ec::Affine<C>> bases, std::span<const Fr> scalars, const msm::Density* density,
                 const GpuMsmOptions& options = {}) {
  const ec::Jacobian<C> cpu = msm::msm<C>(bases, scalars, density, ThreadPool::shared());
  auto gpu = gpu_msm_from_host<C>(bases, scalars, density, options);
  ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
  EXPECT_EQ(gpu->to_affine(), cpu.to_affine()) << scalars.size() << " scalars, window " << options.window_bits;
}

template <class C>
class GpuMsmTest : public GpuTest {};
using Curves = ::testing::Types<ec::G1Config, ec::G2Config>;
TYPED_TEST_SUITE(GpuMsmTest, Curves);

TYPED_TEST(GpuMsmTest, RandomScalarsManySizes) {
  using C = TypeParam;
  const auto bases = distinct_points<C>(5000);
  for (const size_t n : {size_t{1}, size_t{2}, size_t{3}, size_t{31}, size_t{32}, size_t{33}, size_t{255},
                         size_t{1000}, size_t{4096}, size_t{5000}}) {
    const auto scalars = random_scalars(n, n);
    expect_same<C>(std::span(bases).first(n), scalars, nullptr);
  }
}

TYPED_TEST(GpuMsmTest, EmptyIsIdentity) {
  using C = TypeParam;
  auto gpu = gpu_msm_from_host<C>({}, {}, nullptr);
  ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
  EXPECT_TRUE(gpu->is_identity());
}

TYPED_TEST(GpuMsmTest, SpecialScalarsAndBases) {
  using C = TypeParam;
  constexpr size_t kN = 3000;
  auto bases = distinct_points<C>(kN);
  auto scalars = random_scalars(kN, 11);
  std::mt19937_64 rng(12);
  const Fr specials[] = {Fr::zero(), Fr::one(), Fr::one() + Fr::one(), -Fr::one(), -(Fr::one() + Fr::one())};
  for (size_t i = 0; i < kN; ++i) {
    if (rng() % 2 == 0) scalars[i] = specials[rng() % 5];
  }
  for (size_t i = 0; i < kN; i += 7) bases[i] = bases[(i * 13) % kN];        // repeated bases
  for (size_t i = 3; i < kN; i += 11) bases[i] = -bases[i - 1];              // opposite neighbours
  for (size_t i = 5; i < kN; i += 17) bases[i] = ec::Affine<C>::identity();  // infinity
  for (size_t i = 20; i < 40; ++i) {  // the same point and scalar many times: P + P in a bucket
    bases[i] = bases[19];
    scalars[i] = scalars[19];
  }
  expect_same<C>(bases, scalars, nullptr);
  // all ones, all zeros, all r − 1; all 2 and all 12345: every point of a window in one bucket,
  // the repeated, opposite and infinite bases meeting there (P + P, P + (−P), P + ∞)
  for (const Fr& k : {Fr::one(), Fr::zero(), -Fr::one(), Fr::from_u64(2), Fr::from_u64(12345)}) {
    const std::vector<Fr> same(kN, k);
    expect_same<C>(bases, same, nullptr);
  }
}

// A bucket whose running sum (projective, ZZ ≠ 1) meets itself as the next base: A, B, then
// A + B, so the mixed addition takes its doubling case from a general accumulator; then again
// A + B (a plain addition to 2(A + B)) and −3(A + B) (back to the identity, then on from it).
// Every scalar the same, so each window puts all of them in one bucket, in this order.
TYPED_TEST(GpuMsmTest, RunningSumMeetsItsNextBase) {
  using C = TypeParam;
  const auto points = distinct_points<C>(2);
  const ec::Jacobian<C> a = ec::Jacobian<C>::from_affine(points[0]), sum = a.add_mixed(points[1]);
  const ec::Affine<C> s = sum.to_affine(), minus_three_s = (-(sum + sum + sum)).to_affine();
  const std::vector<ec::Affine<C>> bases = {points[0], points[1], s, s, minus_three_s, points[0], points[0]};
  for (const uint64_t k : {uint64_t{1}, uint64_t{7}, uint64_t{12345}}) {
    const std::vector<Fr> scalars(bases.size(), Fr::from_u64(k));
    expect_same<C>(bases, scalars, nullptr);
    expect_same<C>(bases, scalars, nullptr, GpuMsmOptions{13});
  }
}

TYPED_TEST(GpuMsmTest, Densities) {
  using C = TypeParam;
  constexpr size_t kN = 2500;
  const auto scalars = random_scalars(kN, 21);
  std::mt19937_64 rng(22);
  for (const int mode : {0, 1, 2}) {  // random, empty, full
    std::vector<uint64_t> words((kN + 63) / 64, 0);
    size_t set = 0;
    for (size_t i = 0; i < kN; ++i) {
      const bool bit = mode == 2 || (mode == 0 && rng() % 3 != 0);
      if (bit) {
        words[i / 64] |= uint64_t{1} << (i % 64);
        ++set;
      }
    }
    const auto bases = distinct_points<C>(set);
    const msm::Density density{words, kN};
    expect_same<C>(bases, scalars, &density);
  }
}

TYPED_TEST(GpuMsmTest, EveryWindowSize) {
  using C = TypeParam;
  constexpr size_t kN = 700;
  const auto bases = distinct_points<C>(kN);
  const auto scalars = random_scalars(kN, 31);
  for (unsigned c = 4; c <= 22; c += (std::is_same_v<C, ec::G1Config> ? 1 : 3)) {
    expect_same<C>(bases, scalars, nullptr, GpuMsmOptions{c});
  }
}

TYPED_TEST(GpuMsmTest, WindowsInGroups) {
  using C = TypeParam;
  constexpr size_t kN = 1000;  // random scalars: none is 0 or 1, so all kN go through the buckets
  const auto bases = distinct_points<C>(kN);
  const auto scalars = random_scalars(kN, 41);
  for (const size_t pairs : {size_t{1}, kN, 2 * kN, 3 * kN + 5, 7 * kN}) {
    GpuMsmOptions options;
    options.window_bits = 8;  // 32 windows: groups of 1 (pairs < kN too), 2, 3 and 7, the last one short
    options.max_group_pairs = pairs;
    expect_same<C>(bases, scalars, nullptr, options);
  }
}

// The bucket method folds every scalar k to min(k, r − k) and negates the point of those
// folded (msm_scratch.cuh, kDigitBits): scalars on both sides of r/2 and near 2^254, at the
// windows whose digits cover exactly 255 bits (c = 15, 17) and others.
TYPED_TEST(GpuMsmTest, ScalarsAroundHalfTheOrder) {
  using C = TypeParam;
  const Fr half_up = Fr::one().half();  // (r + 1)/2
  const Fr two_254 = Fr::from_u64(uint64_t{1} << 63).square().square() * Fr::from_u64(uint64_t{1} << 2);
  std::vector<Fr> specials;
  for (const Fr& center : {half_up, two_254}) {
    for (uint64_t d = 0; d < 4; ++d) {
      specials.push_back(center + Fr::from_u64(d));
      specials.push_back(center - Fr::from_u64(d + 1));
    }
  }
  specials.push_back(-two_254);
  constexpr size_t kN = 1200;
  const auto bases = distinct_points<C>(kN);
  auto scalars = random_scalars(kN, 41);
  for (size_t i = 0; i < kN; i += 3) scalars[i] = specials[i % specials.size()];
  for (const unsigned c : {0u, 13u, 15u, 16u, 17u, 20u}) expect_same<C>(bases, scalars, nullptr, GpuMsmOptions{c});
}

TYPED_TEST(GpuMsmTest, SkewedScalarsFoldSegments) {
  using C = TypeParam;
  constexpr size_t kN = 40000;  // one bucket per window holds all 40000 points: 3 fold levels
  const auto bases = distinct_points<C>(kN);
  std::vector<Fr> scalars(kN, Fr::from_u64(3));
  scalars[17] = Fr::from_u64(12345);
  expect_same<C>(bases, scalars, nullptr);
}

// The GPU MSM of `natural` stored bit-reversed (position i holds natural[rev(i)]) over
// `num_bases` bases == the CPU MSM of natural in order over them: without a density the
// scalars from num_bases on are left out.
template <class C>
void expect_bit_reversed_same(std::span<const ec::Affine<C>> bases, const std::vector<Fr>& natural, uint32_t log_n,
                              const msm::Density* density) {
  const size_t n = natural.size();
  const std::span<const Fr> cpu_scalars = density != nullptr ? std::span<const Fr>(natural)
                                                             : std::span<const Fr>(natural).first(bases.size());
  const ec::Jacobian<C> cpu = msm::msm<C>(bases, cpu_scalars, density, ThreadPool::shared());
  std::vector<Fr> positions(n);
  for (size_t i = 0; i < n; ++i) positions[i] = natural[test::reverse_bits(i, log_n)];
  auto d_bases = GpuBases<C>::upload(bases);
  auto d_scalars = DeviceArray<Fr>::allocate(n);
  ASSERT_TRUE(d_bases.is_ok() && d_scalars.is_ok());
  ASSERT_TRUE(d_scalars->upload(positions).is_ok());
  DeviceArray<uint64_t> d_density;
  if (density != nullptr) {
    auto allocated = DeviceArray<uint64_t>::allocate(density->words.size());
    ASSERT_TRUE(allocated.is_ok());
    d_density = std::move(allocated).value();
    ASSERT_TRUE(d_density.upload(density->words).is_ok());
  }
  MsmWorkspace workspace;
  GpuMsmOptions options;
  options.scalars_bit_reversed = true;
  auto gpu = gpu_msm<C>(*d_bases, 0, bases.size(), DeviceSpan<const Fr>(d_scalars->span()),
                        DeviceSpan<const uint64_t>(d_density.span()), workspace, nullptr, options);
  ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
  EXPECT_EQ(gpu->to_affine(), cpu.to_affine())
      << n << " bit-reversed scalars, " << bases.size() << " bases" << (density != nullptr ? ", density" : "");
}

TYPED_TEST(GpuMsmTest, BitReversedScalars) {
  using C = TypeParam;
  for (const uint32_t log_n : {0u, 1u, 2u, 5u, 10u, 12u}) {
    const size_t n = size_t{1} << log_n;
    const auto bases = distinct_points<C>(n);
    std::vector<Fr> mixed = random_scalars(n, 60 + log_n);
    for (size_t i = 0; i < n; i += 3) mixed[i] = i % 2 != 0 ? Fr::one() : Fr::zero();
    mixed[n - 1] = Fr::from_u64(7);  // the top scalar: left out with n − 1 bases
    for (const std::vector<Fr>& natural : {mixed, std::vector<Fr>(n, Fr::one())}) {
      for (const size_t num_bases : {n, n - 1}) {
        if (num_bases == 0) continue;
        expect_bit_reversed_same<C>(std::span(bases).first(num_bases), natural, log_n, nullptr);
      }
      std::mt19937_64 rng(70 + log_n);
      std::vector<uint64_t> words((n + 63) / 64, 0);
      size_t set = 0;
      for (size_t v = 0; v < n; ++v) {
        if (rng() % 3 != 0) {
          words[v / 64] |= uint64_t{1} << (v % 64);
          ++set;
        }
      }
      const msm::Density density{words, n};
      expect_bit_reversed_same<C>(std::span(bases).first(set), natural, log_n, &density);
    }
  }
}

TYPED_TEST(GpuMsmTest, BitReversedScalarsNotAPowerOfTwoAreRefused) {
  using C = TypeParam;
  const auto bases = distinct_points<C>(3);
  auto d_bases = GpuBases<C>::upload(bases);
  auto d_scalars = DeviceArray<Fr>::allocate(3);
  ASSERT_TRUE(d_bases.is_ok() && d_scalars.is_ok());
  MsmWorkspace workspace;
  GpuMsmOptions options;
  options.scalars_bit_reversed = true;
  auto gpu = gpu_msm<C>(*d_bases, 0, 3, DeviceSpan<const Fr>(d_scalars->span()), {}, workspace, nullptr, options);
  EXPECT_EQ(gpu.status().code(), StatusCode::kInvalidArgument);
}

TEST(GpuMsmPlan, WindowGrowsWithSize) {
  EXPECT_LE(gpu_msm_window_bits(1), 6u);
  EXPECT_GE(gpu_msm_window_bits(size_t{1} << 26), 18u);
  for (size_t m = 1; m < (size_t{1} << 30); m *= 4) EXPECT_LE(gpu_msm_window_bits(m), gpu_msm_window_bits(m * 4));
}

}  // namespace
}  // namespace cuzk::backend::cuda
