// The CPU transforms against the naive O(n²) oracle (both plans: direct ≤ 2^16, single-threaded
// below 2^12, and four-step above 2^16), round trips, linearity, edge inputs, thread-count
// independence, and the Groth16 H composition end to end.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "common/thread_pool.hpp"
#include "ntt/ntt.hpp"
#include "ntt_test_util.hpp"

namespace cuzk::ntt {
namespace {

using ff::Fr;
using testing::evaluate;
using testing::first_mismatch;
using testing::naive_evaluations;
using testing::pow_u64;
using testing::random_vector;

using Transform = Status (*)(const Domain&, std::span<Fr>, ThreadPool&);

Domain make_domain(uint32_t log_size) {
  auto domain = Domain::create(size_t{1} << log_size);
  EXPECT_TRUE(domain.is_ok()) << domain.status().to_string();
  return std::move(domain).value();
}

ThreadPool& pool() {
  static ThreadPool instance(2);
  return instance;
}

TEST(NttTransform, ForwardMatchesNaiveDft) {
  for (uint32_t k = 1; k <= 10; ++k) {
    const Domain domain = make_domain(k);
    std::vector<Fr> values = random_vector(domain.size(), k);
    const std::vector<Fr> expected = naive_evaluations(values, domain.omega(), Fr::one());
    ASSERT_TRUE(forward(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(values, expected), values.size()) << "k=" << k;
  }
}

TEST(NttTransform, CosetForwardMatchesNaiveEvaluationOnTheCoset) {
  for (uint32_t k = 1; k <= 10; ++k) {
    const Domain domain = make_domain(k);
    std::vector<Fr> values = random_vector(domain.size(), 100 + k);
    const std::vector<Fr> expected = naive_evaluations(values, domain.omega(), Fr::from_u64(7));
    ASSERT_TRUE(coset_forward(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(values, expected), values.size()) << "k=" << k;
  }
}

TEST(NttTransform, InverseMatchesNaiveInterpolation) {
  // inverse(y) = c with c the coefficients whose evaluations are y: check forward(naive) instead
  // of trusting forward, i.e. naive_evaluations(inverse(y)) == y.
  for (uint32_t k = 1; k <= 9; ++k) {
    const Domain domain = make_domain(k);
    const std::vector<Fr> evaluations = random_vector(domain.size(), 200 + k);
    std::vector<Fr> values = evaluations;
    ASSERT_TRUE(inverse(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(naive_evaluations(values, domain.omega(), Fr::one()), evaluations), values.size())
        << "k=" << k;
    values = evaluations;
    ASSERT_TRUE(coset_inverse(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(naive_evaluations(values, domain.omega(), Fr::from_u64(7)), evaluations),
              values.size())
        << "k=" << k;
  }
}

// Sizes past the O(n²) oracle (the parallel direct plan and the four-step plan), all four
// transforms, against the oracle at sampled indices: O(n) per sample.
TEST(NttTransform, LargeSizesMatchNaiveAtSampledPoints) {
  std::mt19937_64 rng(7);
  for (uint32_t k : {12u, 13u, 16u, 17u, 18u}) {
    const Domain domain = make_domain(k);
    const std::vector<Fr> coeffs = random_vector(domain.size(), 300 + k);
    std::vector<Fr> plain = coeffs, coset = coeffs;
    ASSERT_TRUE(forward(domain, plain, pool()).is_ok());
    ASSERT_TRUE(coset_forward(domain, coset, pool()).is_ok());
    // inverse: the coefficients it returns must evaluate back to the input at each point
    const std::vector<Fr> evaluations = random_vector(domain.size(), 350 + k);
    std::vector<Fr> interpolated = evaluations, coset_interpolated = evaluations;
    ASSERT_TRUE(inverse(domain, interpolated, pool()).is_ok());
    ASSERT_TRUE(coset_inverse(domain, coset_interpolated, pool()).is_ok());
    std::vector<size_t> samples = {0, 1, 2, domain.size() / 2, domain.size() - 1};
    for (int s = 0; s < 4; ++s) samples.push_back(static_cast<size_t>(rng() % domain.size()));
    for (size_t i : samples) {
      const Fr point = pow_u64(domain.omega(), i);
      EXPECT_EQ(plain[i], evaluate(coeffs, point)) << "k=" << k << " i=" << i;
      EXPECT_EQ(coset[i], evaluate(coeffs, Fr::from_u64(7) * point)) << "k=" << k << " i=" << i;
      EXPECT_EQ(evaluate(interpolated, point), evaluations[i]) << "k=" << k << " i=" << i;
      EXPECT_EQ(evaluate(coset_interpolated, Fr::from_u64(7) * point), evaluations[i]) << "k=" << k << " i=" << i;
    }
  }
}

// Every size up to 2^16 (the direct plan) and 2^17 (the four-step plan with R ≠ C).
TEST(NttTransform, RoundTripsUpTo2To17) {
  for (uint32_t k = 1; k <= 17; ++k) {
    const Domain domain = make_domain(k);
    const std::vector<Fr> original = random_vector(domain.size(), 400 + k);
    std::vector<Fr> values = original;
    ASSERT_TRUE(forward(domain, values, pool()).is_ok());
    ASSERT_TRUE(inverse(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(values, original), values.size()) << "k=" << k;
    ASSERT_TRUE(coset_forward(domain, values, pool()).is_ok());
    ASSERT_TRUE(coset_inverse(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(values, original), values.size()) << "k=" << k;
    // and the other way round: evaluations → coefficients → evaluations
    ASSERT_TRUE(inverse(domain, values, pool()).is_ok());
    ASSERT_TRUE(forward(domain, values, pool()).is_ok());
    EXPECT_EQ(first_mismatch(values, original), values.size()) << "k=" << k;
  }
}

TEST(NttTransform, RoundTrip2To20) {
  const Domain domain = make_domain(20);
  const std::vector<Fr> original = random_vector(domain.size(), 20);
  std::vector<Fr> values = original;
  ASSERT_TRUE(forward(domain, values, pool()).is_ok());
  EXPECT_EQ(values[0], evaluate(original, Fr::one()));
  ASSERT_TRUE(inverse(domain, values, pool()).is_ok());
  EXPECT_EQ(first_mismatch(values, original), values.size());
  ASSERT_TRUE(coset_forward(domain, values, pool()).is_ok());
  EXPECT_EQ(values[5], evaluate(original, Fr::from_u64(7) * pow_u64(domain.omega(), 5)));
  ASSERT_TRUE(coset_inverse(domain, values, pool()).is_ok());
  EXPECT_EQ(first_mismatch(values, original), values.size());
}

TEST(NttTransform, IsLinear) {
  std::mt19937_64 rng(11);
  for (uint32_t k : {3u, 13u, 17u}) {
    const Domain domain = make_domain(k);
    for (Transform transform : {&forward, &inverse, &coset_forward, &coset_inverse}) {
      std::vector<Fr> x = random_vector(domain.size(), rng()), y = random_vector(domain.size(), rng());
      const Fr a = Fr::random(rng);
      std::vector<Fr> combined(domain.size());
      for (size_t i = 0; i < combined.size(); ++i) combined[i] = a * x[i] + y[i];
      ASSERT_TRUE(transform(domain, x, pool()).is_ok());
      ASSERT_TRUE(transform(domain, y, pool()).is_ok());
      ASSERT_TRUE(transform(domain, combined, pool()).is_ok());
      for (size_t i = 0; i < combined.size(); ++i) ASSERT_EQ(combined[i], a * x[i] + y[i]) << "k=" << k << " i=" << i;
    }
  }
}

TEST(NttTransform, EdgeInputs) {
  for (uint32_t k : {1u, 2u, 5u, 12u, 13u, 17u}) {
    const Domain domain = make_domain(k);
    const size_t n = domain.size();
    const Fr minus_one = -Fr::one();  // r − 1
    for (Transform transform : {&forward, &inverse, &coset_forward, &coset_inverse}) {
      std::vector<Fr> zeros(n);
      ASSERT_TRUE(transform(domain, zeros, pool()).is_ok());
      EXPECT_EQ(first_mismatch(zeros, std::vector<Fr>(n)), n) << "k=" << k;
    }
    // constant r − 1: its DFT is (−n, 0, …, 0); its inverse DFT is (r − 1, 0, …, 0)
    std::vector<Fr> constant(n, minus_one), expected(n);
    ASSERT_TRUE(forward(domain, constant, pool()).is_ok());
    expected[0] = -Fr::from_u64(n);
    EXPECT_EQ(first_mismatch(constant, expected), n) << "k=" << k;
    constant.assign(n, minus_one);
    ASSERT_TRUE(inverse(domain, constant, pool()).is_ok());
    expected[0] = minus_one;
    EXPECT_EQ(first_mismatch(constant, expected), n) << "k=" << k;
    // one-hot e_j (coefficient x^j): forward gives ω^(ij), coset_forward (g·ω^i)^j
    for (size_t j : {size_t{0}, size_t{1}, n - 1, n / 2}) {
      std::vector<Fr> one_hot(n), shifted(n);
      one_hot[j] = Fr::one();
      shifted[j] = Fr::one();
      ASSERT_TRUE(forward(domain, one_hot, pool()).is_ok());
      ASSERT_TRUE(coset_forward(domain, shifted, pool()).is_ok());
      const Fr omega_j = pow_u64(domain.omega(), j), g_j = pow_u64(Fr::from_u64(7), j);
      Fr power = Fr::one();
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(one_hot[i], power) << "k=" << k << " j=" << j << " i=" << i;
        ASSERT_EQ(shifted[i], g_j * power) << "k=" << k << " j=" << j << " i=" << i;
        power *= omega_j;
      }
    }
  }
}

TEST(NttTransform, SameResultForOneAndFourThreads) {
  ThreadPool one(1), four(4);
  for (uint32_t k : {4u, 10u, 13u, 17u}) {
    const Domain domain = make_domain(k);
    for (Transform transform : {&forward, &inverse, &coset_forward, &coset_inverse}) {
      std::vector<Fr> a = random_vector(domain.size(), 500 + k), b = a;
      ASSERT_TRUE(transform(domain, a, one).is_ok());
      ASSERT_TRUE(transform(domain, b, four).is_ok());
      EXPECT_EQ(first_mismatch(a, b), a.size()) << "k=" << k;
    }
  }
}

TEST(NttTransform, RejectsAWrongLength) {
  const Domain domain = make_domain(4);
  std::vector<Fr> values = random_vector(15, 1);
  const std::vector<Fr> original = values;
  for (Transform transform : {&forward, &inverse, &coset_forward, &coset_inverse}) {
    const Status status = transform(domain, values, pool());
    EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
    EXPECT_NE(status.message().find("15"), std::string::npos) << status.message();
    EXPECT_EQ(first_mismatch(values, original), values.size());
  }
}

// The Groth16 H step (SPEC.md): a, b, c evaluations on the domain with c = a·b pointwise;
// H = coset_inverse((coset(iNTT a)·coset(iNTT b) − coset(iNTT c))·1/Z) satisfies
// A(τ)·B(τ) − C(τ) = H(τ)·(τ^n − 1), and deg H ≤ n − 2.
TEST(NttTransform, Groth16QuotientComposition) {
  std::mt19937_64 rng(13);
  for (uint32_t k : {3u, 8u, 13u, 17u}) {
    const Domain domain = make_domain(k);
    const size_t n = domain.size();
    std::vector<Fr> a = random_vector(n, rng()), b = random_vector(n, rng()), c(n);
    for (size_t i = 0; i < n; ++i) c[i] = a[i] * b[i];
    for (auto* v : {&a, &b, &c}) ASSERT_TRUE(inverse(domain, *v, pool()).is_ok());
    const std::vector<Fr> a_coeffs = a, b_coeffs = b, c_coeffs = c;
    for (auto* v : {&a, &b, &c}) ASSERT_TRUE(coset_forward(domain, *v, pool()).is_ok());
    const Fr z_inv = coset_vanishing_inverse(domain);
    std::vector<Fr> h(n);
    for (size_t i = 0; i < n; ++i) h[i] = (a[i] * b[i] - c[i]) * z_inv;
    ASSERT_TRUE(coset_inverse(domain, h, pool()).is_ok());
    EXPECT_TRUE(h[n - 1].is_zero()) << "k=" << k;
    const Fr tau = Fr::random(rng);
    const Fr lhs = evaluate(a_coeffs, tau) * evaluate(b_coeffs, tau) - evaluate(c_coeffs, tau);
    EXPECT_EQ(lhs, evaluate(h, tau) * (pow_u64(tau, n) - Fr::one())) << "k=" << k;
  }
}

}  // namespace
}  // namespace cuzk::ntt
