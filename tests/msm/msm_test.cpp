// msm(): the bucket method against two independent references — the naive Σ k_i·P_i with
// Jacobian::mul, and a discrete-log oracle (bases built as known multiples a_i·G, so the answer is
// (Σ k_i·a_i mod r)·G) — over random and adversarial inputs: sizes that are not powers of two,
// scalars 0 / 1 / r − 1 / ≥ r, repeated, opposite and infinite bases, density bitmaps with gaps,
// both scalar forms, forced window widths and point splits, several thread counts.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "msm/msm.hpp"

namespace cuzk::ec {
// gtest finds this by ADL: failures print affine coordinates instead of raw bytes.
template <class C>
void PrintTo(const Jacobian<C>& p, std::ostream* os) {
  const Affine<C> a = p.to_affine();
  if (a.infinity) {
    *os << "(infinity)";
    return;
  }
  if constexpr (requires { a.x.to_hex(); }) {
    *os << "(x = 0x" << a.x.to_hex() << ")";
  } else {
    *os << "(x = {0x" << a.x.c0.to_hex() << ", 0x" << a.x.c1.to_hex() << "})";
  }
}
}  // namespace cuzk::ec

namespace cuzk::msm {
namespace {

using ec::Affine;
using ec::Jacobian;
using ff::Fr;
using ff::Limbs;
using Rng = std::mt19937_64;

// Bases with known discrete logs: bases[i] = logs[i]·G (infinity ↔ log 0).
template <class C>
struct Instance {
  std::vector<Affine<C>> bases;
  std::vector<Fr> logs;
};

// n points by a random walk P_i = P_(i−1) + E_h (16 random steps E_h = e_h·G, h random): one
// mixed addition per point instead of a scalar multiplication, logs still known.
template <class C>
Instance<C> random_instance(size_t n, Rng& rng) {
  constexpr size_t kSteps = 16;
  std::vector<Fr> step_logs(kSteps);
  std::vector<Jacobian<C>> step_points(kSteps);
  for (size_t h = 0; h < kSteps; ++h) {
    step_logs[h] = Fr::random(rng);
    step_points[h] = Jacobian<C>::generator().mul(step_logs[h].to_canonical());
  }
  const std::vector<Affine<C>> steps = ec::batch_to_affine<C>(step_points);
  Fr log = Fr::random(rng);
  Jacobian<C> point = Jacobian<C>::generator().mul(log.to_canonical());
  std::vector<Jacobian<C>> points(n);
  Instance<C> out;
  out.logs.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const size_t h = rng() % kSteps;
    point = point.add_mixed(steps[h]);
    log += step_logs[h];
    points[i] = point;
    out.logs[i] = log;
  }
  out.bases = ec::batch_to_affine<C>(points);
  return out;
}

std::vector<Fr> random_scalars(size_t n, Rng& rng) {
  std::vector<Fr> out(n);
  for (auto& k : out) k = Fr::random(rng);
  return out;
}

// Filecoin-like: ~45% zeros, ~45% ones, a few r − 1 and 2, the rest uniform.
std::vector<Fr> skewed_scalars(size_t n, Rng& rng) {
  std::vector<Fr> out(n);
  for (auto& k : out) {
    const uint64_t roll = rng() % 100;
    if (roll < 45) {
      k = Fr::zero();
    } else if (roll < 90) {
      k = Fr::one();
    } else if (roll < 93) {
      k = -Fr::one();
    } else if (roll < 95) {
      k = Fr::from_u64(2);
    } else {
      k = Fr::random(rng);
    }
  }
  return out;
}

// A density bitmap as a test builds it: bits (the truth) and words (what msm() reads), with junk
// set above the last bit so that msm() must ignore it.
struct TestDensity {
  std::vector<bool> bits;
  std::vector<uint64_t> words;
  Density view() const { return {words, bits.size()}; }
  size_t count() const {
    size_t c = 0;
    for (bool b : bits) c += b ? 1 : 0;
    return c;
  }
};

TestDensity random_density(size_t n, double p_set, Rng& rng) {
  TestDensity d;
  d.bits.resize(n);
  d.words.assign((n + 63) / 64, 0);
  std::bernoulli_distribution coin(p_set);
  for (size_t i = 0; i < n; ++i) {
    d.bits[i] = coin(rng);
    if (d.bits[i]) d.words[i / 64] |= uint64_t{1} << (i % 64);
  }
  if (n % 64 != 0) d.words.back() |= ~uint64_t{0} << (n % 64);  // junk past the end
  return d;
}

// Naive reference: Σ k_i·P_j(i) with Jacobian::mul on the plain scalar.
template <class C>
Jacobian<C> naive_msm(std::span<const Affine<C>> bases, std::span<const Fr> scalars, const TestDensity* density) {
  Jacobian<C> acc = Jacobian<C>::identity();
  size_t j = 0;
  for (size_t i = 0; i < scalars.size(); ++i) {
    if (density != nullptr && !density->bits[i]) continue;
    acc += bases[j++].to_jacobian().mul(scalars[i].to_canonical());
  }
  EXPECT_EQ(j, bases.size());
  return acc;
}

// Discrete-log oracle: (Σ k_i·a_j(i))·G.
template <class C>
Jacobian<C> oracle_msm(std::span<const Fr> logs, std::span<const Fr> scalars, const TestDensity* density) {
  Fr sum = Fr::zero();
  size_t j = 0;
  for (size_t i = 0; i < scalars.size(); ++i) {
    if (density != nullptr && !density->bits[i]) continue;
    sum += scalars[i] * logs[j++];
  }
  EXPECT_EQ(j, logs.size());
  return Jacobian<C>::generator().mul(sum.to_canonical());
}

std::vector<Limbs<4>> montgomery_limbs(std::span<const Fr> scalars) {
  std::vector<Limbs<4>> out(scalars.size());
  for (size_t i = 0; i < scalars.size(); ++i) out[i] = scalars[i].montgomery();
  return out;
}
std::vector<Limbs<4>> canonical_limbs(std::span<const Fr> scalars) {
  std::vector<Limbs<4>> out(scalars.size());
  for (size_t i = 0; i < scalars.size(); ++i) out[i] = scalars[i].to_canonical();
  return out;
}

template <class C>
class MsmTest : public ::testing::Test {
 protected:
  using A = Affine<C>;
  using J = Jacobian<C>;

  // msm() with Fr scalars on the 4-thread pool.
  J run(std::span<const A> bases, std::span<const Fr> scalars, const TestDensity* density = nullptr,
        const MsmOptions& options = {}) {
    const Density view = density ? density->view() : Density{};
    return msm<C>(bases, scalars, density ? &view : nullptr, pool4_, options);
  }
  // msm() on the same input in both scalar forms and on 1, 3 and 4 threads (1 and 3 only above
  // 1000 points, to keep the suite fast); all must give `expected`.
  void expect_all_forms(std::span<const A> bases, std::span<const Fr> scalars, const TestDensity* density,
                        const J& expected) {
    const Density view = density ? density->view() : Density{};
    const Density* d = density ? &view : nullptr;
    const auto mont = montgomery_limbs(scalars), plain = canonical_limbs(scalars);
    if (scalars.size() <= 1000) {
      EXPECT_EQ(msm<C>(bases, scalars, d, pool4_), expected) << "Fr, 4 threads";
    }
    EXPECT_EQ(msm<C>(bases, std::span<const Limbs<4>>(mont), ScalarForm::kMontgomery, d, pool3_), expected)
        << "Montgomery limbs, 3 threads";
    EXPECT_EQ(msm<C>(bases, std::span<const Limbs<4>>(plain), ScalarForm::kCanonical, d, pool1_), expected)
        << "canonical limbs, 1 thread";
  }

  ThreadPool pool1_{1};
  ThreadPool pool3_{3};
  ThreadPool pool4_{4};
};

using Curves = ::testing::Types<ec::G1Config, ec::G2Config>;
struct CurveNames {
  template <class C>
  static std::string GetName(int) {
    return std::is_same_v<C, ec::G1Config> ? "G1" : "G2";
  }
};
TYPED_TEST_SUITE(MsmTest, Curves, CurveNames);

constexpr std::array<size_t, 8> kSizes = {0, 1, 2, 3, 31, 100, 1000, 4097};

TYPED_TEST(MsmTest, RandomScalarsMatchNaive) {
  using C = TypeParam;
  Rng rng(1);
  for (const size_t n : kSizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto inst = random_instance<C>(n, rng);
    const auto scalars = random_scalars(n, rng);
    const auto expected = naive_msm<C>(inst.bases, scalars, nullptr);
    EXPECT_EQ(expected, oracle_msm<C>(inst.logs, scalars, nullptr)) << "the two references disagree";
    this->expect_all_forms(inst.bases, scalars, nullptr, expected);
  }
}

TYPED_TEST(MsmTest, SkewedScalarsMatchNaive) {
  using C = TypeParam;
  Rng rng(2);
  for (const size_t n : {size_t{31}, size_t{100}, size_t{1000}, size_t{4097}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto inst = random_instance<C>(n, rng);
    const auto scalars = skewed_scalars(n, rng);
    const auto expected = naive_msm<C>(inst.bases, scalars, nullptr);
    EXPECT_EQ(expected, oracle_msm<C>(inst.logs, scalars, nullptr));
    this->expect_all_forms(inst.bases, scalars, nullptr, expected);
  }
}

TYPED_TEST(MsmTest, UniformSpecialScalars) {
  using C = TypeParam;
  using Point = Jacobian<C>;
  Rng rng(3);
  for (const size_t n : kSizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto inst = random_instance<C>(n, rng);
    Point sum = Point::identity();
    for (const auto& p : inst.bases) sum = sum.add_mixed(p);
    this->expect_all_forms(inst.bases, std::vector<Fr>(n, Fr::zero()), nullptr, Point::identity());
    this->expect_all_forms(inst.bases, std::vector<Fr>(n, Fr::one()), nullptr, sum);
    if (n > 1000) continue;
    this->expect_all_forms(inst.bases, std::vector<Fr>(n, -Fr::one()), nullptr, -sum);  // r − 1
    this->expect_all_forms(inst.bases, std::vector<Fr>(n, Fr::from_u64(2)), nullptr, sum.dbl());
  }
}

TYPED_TEST(MsmTest, EdgeScalarValues) {
  using C = TypeParam;
  Rng rng(4);
  std::vector<Fr> values = {Fr::zero(), Fr::one(), -Fr::one(), Fr::from_u64(2), -Fr::from_u64(2),
                            Fr::from_u64(3), Fr::from_u64(uint64_t{1} << 63)};
  Limbs<4> top{};  // 2^254, the highest power of two below r
  top[3] = uint64_t{1} << 62;
  values.push_back(*Fr::from_canonical(top));
  for (const size_t n : {size_t{40}, size_t{1000}}) {
    const auto inst = random_instance<C>(n, rng);
    std::vector<Fr> scalars(n);
    for (size_t i = 0; i < n; ++i) scalars[i] = values[rng() % values.size()];
    this->expect_all_forms(inst.bases, scalars, nullptr, oracle_msm<C>(inst.logs, scalars, nullptr));
  }
}

TYPED_TEST(MsmTest, CanonicalScalarsAtLeastRAreReduced) {
  using C = TypeParam;
  Rng rng(5);
  const size_t n = 100;
  const auto inst = random_instance<C>(n, rng);
  const auto scalars = random_scalars(n, rng);
  auto plain = canonical_limbs(scalars);
  const Limbs<4>& r = Fr::modulus();
  for (size_t i = 0; i < n; i += 3) {  // k + r where it fits in 256 bits
    Limbs<4> lifted;
    if (ff::add_limbs<ff::PortableWords, 4>(lifted, plain[i], r) == 0) plain[i] = lifted;
  }
  plain[1] = r;  // ≡ 0
  Limbs<4> r_plus_one = r;
  r_plus_one[0] += 1;
  plain[2] = r_plus_one;  // ≡ 1
  std::vector<Fr> reduced = scalars;
  reduced[1] = Fr::zero();
  reduced[2] = Fr::one();
  EXPECT_EQ(msm<C>(inst.bases, std::span<const Limbs<4>>(plain), ScalarForm::kCanonical, nullptr, this->pool4_),
            oracle_msm<C>(inst.logs, reduced, nullptr));
}

TYPED_TEST(MsmTest, RepeatedBase) {
  using C = TypeParam;
  Rng rng(6);
  const auto one = random_instance<C>(1, rng);
  for (const size_t n : {size_t{100}, size_t{1000}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<Affine<C>> bases(n, one.bases[0]);
    const std::vector<Fr> logs(n, one.logs[0]);
    const auto scalars = random_scalars(n, rng);
    this->expect_all_forms(bases, scalars, nullptr, oracle_msm<C>(logs, scalars, nullptr));
    // All scalars equal: every window puts all n copies into one bucket (doublings on the way).
    const std::vector<Fr> same(n, Fr::random(rng));
    this->expect_all_forms(bases, same, nullptr, oracle_msm<C>(logs, same, nullptr));
    // Narrow windows: many equal points per bucket.
    EXPECT_EQ(this->run(bases, scalars, nullptr, {.window_bits = 2}), oracle_msm<C>(logs, scalars, nullptr));
  }
}

TYPED_TEST(MsmTest, OppositeBases) {
  using C = TypeParam;
  Rng rng(7);
  const size_t n = 1000;
  const auto half = random_instance<C>(n / 2, rng);
  std::vector<Affine<C>> bases;
  std::vector<Fr> logs;
  for (size_t i = 0; i < n / 2; ++i) {  // P, −P, P, −P, …
    bases.push_back(half.bases[i]);
    logs.push_back(half.logs[i]);
    bases.push_back(-half.bases[i]);
    logs.push_back(-half.logs[i]);
  }
  // Equal scalars in each pair: everything cancels (buckets pass through the identity).
  std::vector<Fr> paired(n);
  for (size_t i = 0; i < n; i += 2) paired[i] = paired[i + 1] = Fr::random(rng);
  this->expect_all_forms(bases, paired, nullptr, Jacobian<C>::identity());
  EXPECT_TRUE(this->run(bases, paired, nullptr, {.window_bits = 3}).is_identity());
  const auto scalars = random_scalars(n, rng);
  this->expect_all_forms(bases, scalars, nullptr, oracle_msm<C>(logs, scalars, nullptr));
  // Only ±P of one point, random scalars.
  const std::vector<Affine<C>> pm = {half.bases[0], -half.bases[0]};
  std::vector<Affine<C>> alternating;
  std::vector<Fr> alternating_logs;
  for (size_t i = 0; i < n; ++i) {
    alternating.push_back(pm[i % 2]);
    alternating_logs.push_back(i % 2 ? -half.logs[0] : half.logs[0]);
  }
  this->expect_all_forms(alternating, scalars, nullptr, oracle_msm<C>(alternating_logs, scalars, nullptr));
}

TYPED_TEST(MsmTest, InfinityBases) {
  using C = TypeParam;
  Rng rng(8);
  for (const size_t n : {size_t{3}, size_t{100}, size_t{1000}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    auto inst = random_instance<C>(n, rng);
    for (size_t i = 0; i < n; ++i) {
      if (rng() % 3 == 0) {
        inst.bases[i] = Affine<C>::identity();
        inst.logs[i] = Fr::zero();
      }
    }
    inst.bases[0] = Affine<C>::identity();
    inst.logs[0] = Fr::zero();
    const auto scalars = skewed_scalars(n, rng);
    const auto expected = naive_msm<C>(inst.bases, scalars, nullptr);
    EXPECT_EQ(expected, oracle_msm<C>(inst.logs, scalars, nullptr));
    this->expect_all_forms(inst.bases, scalars, nullptr, expected);
    const auto random = random_scalars(n, rng);
    this->expect_all_forms(inst.bases, random, nullptr, oracle_msm<C>(inst.logs, random, nullptr));
  }
  // All bases at infinity.
  const std::vector<Affine<C>> none(500, Affine<C>::identity());
  this->expect_all_forms(none, random_scalars(500, rng), nullptr, Jacobian<C>::identity());
}

TYPED_TEST(MsmTest, DensityWithGaps) {
  using C = TypeParam;
  Rng rng(9);
  for (const size_t n : {size_t{0}, size_t{1}, size_t{64}, size_t{100}, size_t{1000}, size_t{4097}}) {
    for (const double p_set : {0.0, 0.1, 0.6, 1.0}) {
      if (n > 1000 && p_set == 1.0) continue;  // full density at 1000 points is enough
      SCOPED_TRACE("n = " + std::to_string(n) + ", p = " + std::to_string(p_set));
      const auto density = random_density(n, p_set, rng);
      const auto inst = random_instance<C>(density.count(), rng);
      const auto scalars = (rng() & 1) ? random_scalars(n, rng) : skewed_scalars(n, rng);
      const auto expected = oracle_msm<C>(inst.logs, scalars, &density);
      if (n <= 100) {
        EXPECT_EQ(expected, naive_msm<C>(inst.bases, scalars, &density));
      }
      this->expect_all_forms(inst.bases, scalars, &density, expected);
    }
  }
}

TYPED_TEST(MsmTest, WindowWidthsAndPointSplitsAgree) {
  using C = TypeParam;
  Rng rng(10);
  const size_t n = 300;
  const auto inst = random_instance<C>(n, rng);
  auto scalars = random_scalars(n, rng);
  for (size_t i = 0; i < n; i += 5) scalars[i] = (i % 10 == 0) ? Fr::zero() : Fr::one();
  const auto expected = naive_msm<C>(inst.bases, scalars, nullptr);
  EXPECT_EQ(this->run(inst.bases, scalars), expected) << "automatic plan";
  for (const unsigned c : {1u, 2u, 3u, 5u, 8u}) {
    for (const size_t chunks : {size_t{1}, size_t{3}, size_t{7}}) {
      SCOPED_TRACE("c = " + std::to_string(c) + ", chunks = " + std::to_string(chunks));
      EXPECT_EQ(this->run(inst.bases, scalars, nullptr, {.window_bits = c, .point_chunks = chunks}), expected);
    }
  }
  // Windows reaching past bit 256 (c = 11: 24 windows, 264 bits), and the widest window
  // (c = 16: exactly 256 bits in 16 windows).
  EXPECT_EQ(this->run(inst.bases, scalars, nullptr, {.window_bits = 11, .point_chunks = 2}), expected);
  if constexpr (std::is_same_v<C, ec::G1Config>) {
    EXPECT_EQ(this->run(inst.bases, scalars, nullptr, {.window_bits = kMaxWindowBits}), expected);
  }
  // No per-point fallback even for tiny inputs, and the fallback for everything.
  const auto few = random_instance<C>(5, rng);
  const auto few_scalars = random_scalars(5, rng);
  const auto few_expected = naive_msm<C>(few.bases, few_scalars, nullptr);
  EXPECT_EQ(this->run(few.bases, few_scalars, nullptr, {.small_threshold = 0}), few_expected);
  EXPECT_EQ(this->run(few.bases, few_scalars, nullptr, {.window_bits = 4, .point_chunks = 5, .small_threshold = 0}),
            few_expected);
  EXPECT_EQ(this->run(inst.bases, scalars, nullptr, {.small_threshold = 1000}), expected);
}

TYPED_TEST(MsmTest, ConcurrentCallersShareOnePool) {
  using C = TypeParam;
  Rng rng(11);
  const size_t n = 600;
  const auto inst = random_instance<C>(n, rng);
  const auto a = random_scalars(n, rng), b = skewed_scalars(n, rng);
  Jacobian<C> result_a, result_b;
  std::thread other([&] { result_a = msm<C>(inst.bases, a, nullptr, this->pool3_); });
  result_b = msm<C>(inst.bases, b, nullptr, this->pool3_);
  other.join();
  EXPECT_EQ(result_a, oracle_msm<C>(inst.logs, a, nullptr));
  EXPECT_EQ(result_b, oracle_msm<C>(inst.logs, b, nullptr));
}

// A larger G1 case on the automatic plan with several point chunks (two threads → P > 1).
TEST(MsmLargeTest, G1SixteenThousandPoints) {
  using C = ec::G1Config;
  Rng rng(12);
  const size_t n = 16411;  // prime
  const auto inst = random_instance<C>(n, rng);
  const auto scalars = random_scalars(n, rng);
  const auto expected = oracle_msm<C>(inst.logs, scalars, nullptr);
  for (const size_t threads : {size_t{1}, size_t{4}}) {
    ThreadPool pool(threads);
    EXPECT_EQ(msm<C>(inst.bases, scalars, nullptr, pool), expected) << threads << " threads";
  }
}

TEST(MsmPlanTest, PlanIsWellFormed) {
  for (const size_t threads : {size_t{1}, size_t{2}, size_t{4}, size_t{16}, size_t{96}, size_t{192}}) {
    for (size_t count = 1; count <= (size_t{1} << 28); count *= 3) {
      const WindowPlan plan = msm_window_plan(count, threads, sizeof(ec::G1Xyzz));
      SCOPED_TRACE("count = " + std::to_string(count) + ", threads = " + std::to_string(threads));
      EXPECT_GE(plan.window_bits, 1u);
      EXPECT_LE(plan.window_bits, kMaxWindowBits);
      EXPECT_EQ(plan.windows, (256 + plan.window_bits - 1) / plan.window_bits);
      EXPECT_GE(plan.point_chunks, 1u);
      EXPECT_LE(plan.point_chunks, std::max<size_t>(count, 1));
      if (threads == 1) {
        EXPECT_EQ(plan.point_chunks, 1u) << "splitting points only pays with threads to spare";
      }
    }
  }
  // Wider windows for more points.
  EXPECT_LT(msm_window_plan(1000, 1, 192).window_bits, msm_window_plan(1000000, 1, 192).window_bits);
}

TEST(MsmSizesTest, CheckMsmSizes) {
  EXPECT_TRUE(check_msm_sizes(0, 0, nullptr).is_ok());
  EXPECT_TRUE(check_msm_sizes(5, 5, nullptr).is_ok());
  const Status mismatch = check_msm_sizes(4, 5, nullptr);
  EXPECT_EQ(mismatch.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(mismatch.message(), "msm: 4 bases for 5 scalars (no density: they must be equal)");

  const std::vector<uint64_t> words = {0b1011, ~uint64_t{0}};  // bits 0, 1, 3 of the first word
  const Density d70{words, 70};                               // 3 + 6 set bits
  EXPECT_EQ(density_count(d70), 9u);
  EXPECT_TRUE(check_msm_sizes(9, 70, &d70).is_ok());
  EXPECT_EQ(check_msm_sizes(8, 70, &d70).message(),
            "msm: 8 bases but the density bitmap has 9 set bits (one base per set bit)");
  EXPECT_EQ(check_msm_sizes(9, 71, &d70).message(),
            "msm: the density bitmap covers 70 variables but there are 71 scalars");
  const Density short_words{std::span<const uint64_t>(words).first(1), 70};
  EXPECT_EQ(check_msm_sizes(3, 70, &short_words).message(),
            "msm: the density bitmap has 1 words, 2 needed for 70 bits");
  const Density empty{{}, 0};
  EXPECT_TRUE(check_msm_sizes(0, 0, &empty).is_ok());
  EXPECT_EQ(density_count(Density{words, 3}), 2u);
}

}  // namespace
}  // namespace cuzk::msm
