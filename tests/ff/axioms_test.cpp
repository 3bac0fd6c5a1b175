// Field axioms as property tests for Fq and Fr on every arithmetic path, over a set made of
// the edge values (0, 1, 2, 3, p−1, p−2, p−3, (p±1)/2, R, R−1, R², 2^(64k), 2^(64k)−1,
// p−2^(64k), …) and fixed-seed random elements: all pairs, and all triples for the
// three-operand laws.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

using ff::FqT;
using ff::FrT;


template <class F>
class FieldAxioms : public ::testing::Test {
 protected:
  static std::vector<F> sample() {
    std::vector<F> values = edge_elements<F>();
    std::mt19937_64 rng(kSeed + F::kLimbs);
    for (int i = 0; i < 12; ++i) values.push_back(F::random(rng));
    return values;
  }
};
TYPED_TEST_SUITE(FieldAxioms, FieldTypes, FieldName);

// Stop a sweep after this many failures so one bug does not print thousands of lines.
constexpr int kMaxFailures = 8;

#define CUZK_CHECK_LAW(cond, ...)                                               \
  do {                                                                          \
    if (!(cond)) {                                                              \
      ADD_FAILURE() << "law violated: " #cond << __VA_ARGS__;                   \
      if (++failures >= kMaxFailures) FAIL() << "stopping after " << failures; \
    }                                                                           \
  } while (0)

std::string show(const auto& x) { return ::testing::PrintToString(x); }

TYPED_TEST(FieldAxioms, SingleOperandLaws) {
  using F = TypeParam;
  const auto values = TestFixture::sample();
  const F zero = F::zero(), one = F::one(), two = F::from_u64(2);
  int failures = 0;
  for (const F& a : values) {
    const std::string ctx = "\n  a = " + show(a);
    CUZK_CHECK_LAW(a + zero == a, ctx);
    CUZK_CHECK_LAW(a * one == a, ctx);
    CUZK_CHECK_LAW((a * zero).is_zero(), ctx);
    CUZK_CHECK_LAW((a - a).is_zero(), ctx);
    CUZK_CHECK_LAW((a + (-a)).is_zero(), ctx);
    CUZK_CHECK_LAW(-(-a) == a, ctx);
    CUZK_CHECK_LAW(zero - a == -a, ctx);
    CUZK_CHECK_LAW(a.dbl() == a + a, ctx);
    CUZK_CHECK_LAW(a.square() == a * a, ctx);
    CUZK_CHECK_LAW(a.half() * two == a, ctx);
    CUZK_CHECK_LAW(a.half().dbl() == a, ctx);
    CUZK_CHECK_LAW(a.half() + a.half() == a, ctx);
    CUZK_CHECK_LAW(a.dbl().half() == a, ctx);
    CUZK_CHECK_LAW(a.half() == a * two.inverse(), ctx);
    CUZK_CHECK_LAW(a.pow(Limbs<1>{0}) == one, ctx);
    CUZK_CHECK_LAW(a.pow(Limbs<1>{1}) == a, ctx);
    CUZK_CHECK_LAW(a.pow(Limbs<1>{2}) == a.square(), ctx);
    CUZK_CHECK_LAW(a.pow(Limbs<1>{5}) == a.square().square() * a, ctx);
    if (a.is_zero()) {
      CUZK_CHECK_LAW(a.inverse().is_zero(), ctx);
      CUZK_CHECK_LAW(a.legendre() == 0, ctx);
      CUZK_CHECK_LAW(!a.is_lexicographically_largest(), ctx);
    } else {
      const F inv = a.inverse();
      CUZK_CHECK_LAW((a * inv).is_one(), ctx);
      CUZK_CHECK_LAW(inv == a.inverse_fermat(), ctx);
      CUZK_CHECK_LAW(inv.inverse() == a, ctx);
      // exactly one of a, −a is the "larger" one
      CUZK_CHECK_LAW(a.is_lexicographically_largest() != (-a).is_lexicographically_largest(), ctx);
      // Fermat: a^(p−1) = 1
      CUZK_CHECK_LAW(a.pow(limbs_minus(F::modulus(), 1)).is_one(), ctx);
    }
    // squares have roots, and the root is ±a
    const F sq = a.square();
    const auto root = sq.sqrt();
    CUZK_CHECK_LAW(root.has_value() && (*root == a || *root == -a), ctx);
    CUZK_CHECK_LAW(sq.legendre() == (a.is_zero() ? 0 : 1), ctx);
    // canonical round trip
    const auto back = F::from_canonical(a.to_canonical());
    CUZK_CHECK_LAW(back.has_value() && *back == a, ctx);
  }
}

TYPED_TEST(FieldAxioms, NonResidues) {
  using F = TypeParam;
  // Fq: p ≡ 3 mod 4 so −1 is a non-residue; Fr: 7 generates Fr*.
  const F n = F::kLimbs == 6 ? -F::one() : F::from_u64(7);
  ASSERT_EQ(n.legendre(), -1);
  int failures = 0;
  for (const F& a : TestFixture::sample()) {
    if (a.is_zero()) continue;
    const F x = n * a.square();
    const std::string ctx = "\n  a = " + show(a);
    CUZK_CHECK_LAW(x.legendre() == -1, ctx);
    CUZK_CHECK_LAW(!x.sqrt().has_value(), ctx);
  }
}

TYPED_TEST(FieldAxioms, TwoOperandLaws) {
  using F = TypeParam;
  const auto values = TestFixture::sample();
  int failures = 0;
  for (const F& a : values) {
    for (const F& b : values) {
      const std::string ctx = "\n  a = " + show(a) + "\n  b = " + show(b);
      CUZK_CHECK_LAW(a + b == b + a, ctx);
      CUZK_CHECK_LAW(a * b == b * a, ctx);
      CUZK_CHECK_LAW(a - b == a + (-b), ctx);
      CUZK_CHECK_LAW((a - b) + b == a, ctx);
      CUZK_CHECK_LAW(a - b == -(b - a), ctx);
      CUZK_CHECK_LAW((a + b).dbl() == a.dbl() + b.dbl(), ctx);
      CUZK_CHECK_LAW((a + b).half() == a.half() + b.half(), ctx);
      CUZK_CHECK_LAW((a * b).square() == a.square() * b.square(), ctx);
      CUZK_CHECK_LAW((a + b).square() == a.square() + (a * b).dbl() + b.square(), ctx);
      if (!b.is_zero()) {
        CUZK_CHECK_LAW((a * b) * b.inverse() == a, ctx);
      }
      if (!a.is_zero() && !b.is_zero()) {
        CUZK_CHECK_LAW((a * b).inverse() == a.inverse() * b.inverse(), ctx);
      }
    }
  }
}

TYPED_TEST(FieldAxioms, ThreeOperandLaws) {
  using F = TypeParam;
  const auto values = TestFixture::sample();
  int failures = 0;
  for (const F& a : values) {
    for (const F& b : values) {
      const F ab = a * b, a_plus_b = a + b;
      for (const F& c : values) {
        if ((a_plus_b + c == a + (b + c)) && (ab * c == a * (b * c)) && (a * (b + c) == ab + a * c) &&
            ((a_plus_b) * c == a * c + b * c)) {
          continue;
        }
        const std::string ctx = "\n  a = " + show(a) + "\n  b = " + show(b) + "\n  c = " + show(c);
        CUZK_CHECK_LAW(a_plus_b + c == a + (b + c), ctx);
        CUZK_CHECK_LAW(ab * c == a * (b * c), ctx);
        CUZK_CHECK_LAW(a * (b + c) == ab + a * c, ctx);
        CUZK_CHECK_LAW(a_plus_b * c == a * c + b * c, ctx);
      }
    }
  }
}

// safegcd inversion works on the Montgomery limbs as a plain integer: feed it integers with
// awkward binary structure (small values, single bits, runs of ones, m − 2^k) and random
// ones, and compare with Fermat.
TYPED_TEST(FieldAxioms, InverseAgreesWithFermatOnStructuredInputs) {
  using F = TypeParam;
  constexpr size_t N = F::kLimbs;
  const Limbs<N>& m = F::modulus();
  std::vector<Limbs<N>> integers;
  for (uint64_t v = 1; v <= 64; ++v) integers.push_back(limbs_u64<N>(v));
  const size_t bits = ff::bit_length(m);
  for (size_t k = 0; k + 1 < bits; ++k) {
    integers.push_back(limbs_pow2<N>(k));  // 2^k
    if (k > 0) integers.push_back(limbs_minus(limbs_pow2<N>(k), 1));  // 2^k − 1 (k ones)
  }
  for (size_t k = 0; k + 1 < bits; k += 7) {
    // m − 2^k
    Limbs<N> v = m;
    bool borrow = true;
    for (size_t i = k / 64, shift = k % 64; i < N && borrow; ++i, shift = 0) {
      const uint64_t sub = uint64_t{1} << shift;
      borrow = v[i] < sub;
      v[i] -= sub;
    }
    integers.push_back(v);
  }
  std::mt19937_64 rng(kSeed + 40 + N);
  for (int i = 0; i < 300; ++i) integers.push_back(random_below(rng, m));
  int failures = 0;
  for (const auto& v : integers) {
    ASSERT_TRUE(limbs_less(v, m));
    const F a = F::from_montgomery(v);
    const F inv = a.inverse();
    const std::string ctx = "\n  montgomery limbs = " + show(v);
    CUZK_CHECK_LAW(inv == a.inverse_fermat(), ctx);
    CUZK_CHECK_LAW((a * inv).is_one(), ctx);
  }
}

TYPED_TEST(FieldAxioms, LexicographicOrderBoundary) {
  using F = TypeParam;
  const Limbs<F::kLimbs> half_down = limbs_shr1(limbs_minus(F::modulus(), 1));  // (m − 1)/2
  const F lo = F::from_canonical(half_down).value();
  const F hi = F::from_canonical(limbs_plus(half_down, 1)).value();
  EXPECT_FALSE(F::zero().is_lexicographically_largest());
  EXPECT_FALSE(F::one().is_lexicographically_largest());
  EXPECT_FALSE(lo.is_lexicographically_largest());
  EXPECT_TRUE(hi.is_lexicographically_largest());
  EXPECT_TRUE((-F::one()).is_lexicographically_largest());
  EXPECT_EQ(-lo, hi);
}

TYPED_TEST(FieldAxioms, RandomIsReduced) {
  using F = TypeParam;
  std::mt19937_64 rng(kSeed + 50);
  bool top_bit_seen = false;
  for (int i = 0; i < 2000; ++i) {
    const F x = F::random(rng);
    ASSERT_TRUE(limbs_less(x.montgomery(), F::modulus()));
    top_bit_seen |= (x.montgomery()[F::kLimbs - 1] >> (ff::bit_length(F::modulus()) - 1 - 64 * (F::kLimbs - 1))) & 1;
  }
  EXPECT_TRUE(top_bit_seen) << "random() never sets the top bit of the modulus width";
}

}  // namespace
}  // namespace cuzk::fftest
