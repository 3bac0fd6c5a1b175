// Point arithmetic of G1 and G2 in affine, Jacobian and XYZZ form: the noble vectors
// (g1.json / g2.json: add, dbl, neg, k·p, generator) and algebraic properties on random points.
#include <gtest/gtest.h>

#include <vector>

#include "ec/wnaf.hpp"
#include "ec_test_util.hpp"

namespace cuzk::ec_test {
namespace {

template <class G>
class CurveTest : public ::testing::Test {};
TYPED_TEST_SUITE(CurveTest, Groups, GroupNames);

// ---------------------------------------------------------------------------------------------
// Oracle vectors

TYPED_TEST(CurveTest, GeneratorMatchesVectors) {
  using G = TypeParam;
  const auto expected = point_from_json<G>(vectors(G::kVectorFile).at("generator"));
  const auto g = G::Config::generator();
  EXPECT_FALSE(g.is_identity());
  EXPECT_TRUE(g.is_on_curve());
  EXPECT_EQ(g, expected);
  EXPECT_EQ(G::Jacobian::generator().to_affine(), expected);
  EXPECT_EQ(G::Jacobian::generator(), expected.to_jacobian());
}

TYPED_TEST(CurveTest, VectorPointsAreOnCurve) {
  using G = TypeParam;
  const json& cases = vectors(G::kVectorFile).at("cases");
  ASSERT_EQ(cases.size(), 30u);
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    for (const char* key : {"p", "q", "add", "dbl", "neg", "kp"}) {
      EXPECT_TRUE(point_from_json<G>(cases[i].at(key)).is_on_curve()) << key;
    }
  }
}

TYPED_TEST(CurveTest, VectorAddition) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using X = typename G::Xyzz;
  using F = typename G::Field;
  Rng rng(101);
  const json& cases = vectors(G::kVectorFile).at("cases");
  size_t identity_sums = 0, doublings = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    const auto p = point_from_json<G>(cases[i].at("p"));
    const auto q = point_from_json<G>(cases[i].at("q"));
    const auto expected = point_from_json<G>(cases[i].at("add"));
    if (expected.is_identity()) ++identity_sums;
    if (p == q && !p.is_identity()) ++doublings;
    const F l1 = random_nonzero<F>(rng), l2 = random_nonzero<F>(rng);

    const J jp = J::from_affine(p), jq = J::from_affine(q);
    EXPECT_EQ((jp + jq).to_affine(), expected) << "Jacobian +";
    EXPECT_EQ((jq + jp).to_affine(), expected) << "Jacobian + (commuted)";
    EXPECT_EQ((rescale(jp, l1) + rescale(jq, l2)).to_affine(), expected) << "Jacobian + (Z ≠ 1)";
    EXPECT_EQ(jp.add_mixed(q).to_affine(), expected) << "Jacobian add_mixed";
    EXPECT_EQ(jq.add_mixed(p).to_affine(), expected) << "Jacobian add_mixed (commuted)";
    EXPECT_EQ(rescale(jp, l1).add_mixed(q).to_affine(), expected) << "Jacobian add_mixed (Z ≠ 1)";
    J acc = rescale(jp, l2);
    acc += rescale(jq, l1);
    EXPECT_EQ(acc.to_affine(), expected) << "Jacobian +=";
    EXPECT_EQ((jp - (-jq)).to_affine(), expected) << "Jacobian − (−q)";

    const X xp = X::from_affine(p), xq = X::from_affine(q);
    EXPECT_EQ((xp + xq).to_affine(), expected) << "XYZZ +";
    EXPECT_EQ((xq + xp).to_affine(), expected) << "XYZZ + (commuted)";
    EXPECT_EQ((rescale(xp, l1) + rescale(xq, l2)).to_affine(), expected) << "XYZZ + (ZZ ≠ 1)";
    EXPECT_EQ(xp.add_mixed(q).to_affine(), expected) << "XYZZ add_mixed";
    EXPECT_EQ(xq.add_mixed(p).to_affine(), expected) << "XYZZ add_mixed (commuted)";
    EXPECT_EQ(rescale(xp, l1).add_mixed(q).to_affine(), expected) << "XYZZ add_mixed (ZZ ≠ 1)";
    EXPECT_EQ((rescale(xp, l1) + rescale(xq, l2)).to_jacobian().to_affine(), expected)
        << "XYZZ + then to_jacobian";
  }
  // the vectors exercise the special cases of the formulas
  EXPECT_GE(identity_sums, 2u);
  EXPECT_GE(doublings, 1u);
}

TYPED_TEST(CurveTest, VectorDoubling) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using X = typename G::Xyzz;
  using F = typename G::Field;
  Rng rng(102);
  const json& cases = vectors(G::kVectorFile).at("cases");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    const auto p = point_from_json<G>(cases[i].at("p"));
    const auto expected = point_from_json<G>(cases[i].at("dbl"));
    const F l = random_nonzero<F>(rng);
    const J jp = J::from_affine(p);
    EXPECT_EQ(jp.dbl().to_affine(), expected) << "Jacobian dbl";
    EXPECT_EQ(rescale(jp, l).dbl().to_affine(), expected) << "Jacobian dbl (Z ≠ 1)";
    EXPECT_EQ((jp + rescale(jp, l)).to_affine(), expected) << "Jacobian P + P";
    EXPECT_EQ(rescale(jp, l).add_mixed(p).to_affine(), expected) << "Jacobian add_mixed P";
    const X xp = X::from_affine(p);
    EXPECT_EQ(xp.dbl().to_affine(), expected) << "XYZZ dbl";
    EXPECT_EQ(rescale(xp, l).dbl().to_affine(), expected) << "XYZZ dbl (ZZ ≠ 1)";
    EXPECT_EQ((xp + rescale(xp, l)).to_affine(), expected) << "XYZZ P + P";
    EXPECT_EQ(rescale(xp, l).add_mixed(p).to_affine(), expected) << "XYZZ add_mixed P";
  }
}

TYPED_TEST(CurveTest, VectorNegation) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  const json& cases = vectors(G::kVectorFile).at("cases");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    const auto p = point_from_json<G>(cases[i].at("p"));
    const auto expected = point_from_json<G>(cases[i].at("neg"));
    EXPECT_EQ(-p, expected);
    EXPECT_EQ((-J::from_affine(p)).to_affine(), expected);
    EXPECT_EQ(-(-p), p);
  }
}

TYPED_TEST(CurveTest, VectorScalarMultiplication) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using F = typename G::Field;
  Rng rng(103);
  const json& cases = vectors(G::kVectorFile).at("cases");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    const auto p = point_from_json<G>(cases[i].at("p"));
    const ff::Limbs<4> k = test::scalar_from_json(cases[i].at("k"));
    const auto expected = point_from_json<G>(cases[i].at("kp"));
    const J jp = J::from_affine(p);
    EXPECT_EQ(jp.mul(k).to_affine(), expected) << "mul";
    EXPECT_EQ(rescale(jp, random_nonzero<F>(rng)).mul(k).to_affine(), expected) << "mul (Z ≠ 1)";
    if (k[1] == 0 && k[2] == 0 && k[3] == 0) {
      EXPECT_EQ(ec::mul_u64(jp, k[0]).to_affine(), expected) << "mul_u64";
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Identity and P = ±Q, beyond the vectors

TYPED_TEST(CurveTest, IdentityOperands) {
  using G = TypeParam;
  using A = typename G::Affine;
  using J = typename G::Jacobian;
  using X = typename G::Xyzz;
  Rng rng(104);
  const J p = random_subgroup_point<G>(rng);
  const A pa = p.to_affine();
  const J o = J::identity();
  EXPECT_TRUE(o.is_identity());
  EXPECT_TRUE(A::identity().is_identity());
  EXPECT_TRUE(A::identity().is_on_curve());
  EXPECT_TRUE(X::identity().is_identity());
  EXPECT_TRUE(o.to_affine().is_identity());
  EXPECT_TRUE(X::identity().to_affine().is_identity());
  EXPECT_TRUE(X::identity().to_jacobian().is_identity());
  EXPECT_TRUE(J::from_affine(A::identity()).is_identity());
  EXPECT_TRUE(X::from_affine(A::identity()).is_identity());

  EXPECT_EQ(o + p, p);
  EXPECT_EQ(p + o, p);
  EXPECT_TRUE((o + o).is_identity());
  EXPECT_TRUE(o.dbl().is_identity());
  EXPECT_TRUE((-o).is_identity());
  EXPECT_EQ(o.add_mixed(pa), p);
  EXPECT_EQ(p.add_mixed(A::identity()), p);
  EXPECT_TRUE(o.add_mixed(A::identity()).is_identity());
  EXPECT_TRUE(o.mul(random_scalar(rng)).is_identity());
  EXPECT_TRUE(ec::mul_u64(o, 12345).is_identity());
  EXPECT_TRUE(p.mul(ff::Limbs<4>{}).is_identity());
  EXPECT_TRUE(ec::mul_u64(p, 0).is_identity());

  const X xp = X::from_affine(pa), xo = X::identity();
  EXPECT_EQ((xo + xp).to_affine(), pa);
  EXPECT_EQ((xp + xo).to_affine(), pa);
  EXPECT_TRUE((xo + xo).is_identity());
  EXPECT_TRUE(xo.dbl().is_identity());
  EXPECT_EQ(xo.add_mixed(pa).to_affine(), pa);
  EXPECT_EQ(xp.add_mixed(A::identity()).to_affine(), pa);
  EXPECT_TRUE(xo.add_mixed(A::identity()).is_identity());
}

TYPED_TEST(CurveTest, InverseSumIsIdentity) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using X = typename G::Xyzz;
  using F = typename G::Field;
  Rng rng(105);
  for (int i = 0; i < 4; ++i) {
    const J p = rescale(random_subgroup_point<G>(rng), random_nonzero<F>(rng));
    const auto pa = p.to_affine();
    EXPECT_TRUE((p + (-p)).is_identity());
    EXPECT_TRUE((p - p).is_identity());
    EXPECT_TRUE((rescale(p, random_nonzero<F>(rng)) - p).is_identity());
    EXPECT_TRUE(p.add_mixed(-pa).is_identity());
    EXPECT_TRUE((-p).add_mixed(pa).is_identity());
    const X xp = rescale(X::from_affine(pa), random_nonzero<F>(rng));
    EXPECT_TRUE((xp + X::from_affine(-pa)).is_identity());
    EXPECT_TRUE(xp.add_mixed(-pa).is_identity());
    EXPECT_TRUE(X::from_affine(-pa).add_mixed(pa).is_identity());
    EXPECT_NE(p, -p);
  }
}

// ---------------------------------------------------------------------------------------------
// Group laws on random points

TYPED_TEST(CurveTest, CommutativeAndAssociative) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using X = typename G::Xyzz;
  using F = typename G::Field;
  Rng rng(106);
  for (int i = 0; i < 4; ++i) {
    const J a = rescale(random_subgroup_point<G>(rng), random_nonzero<F>(rng));
    const J b = rescale(random_subgroup_point<G>(rng), random_nonzero<F>(rng));
    const J c = rescale(random_subgroup_point<G>(rng), random_nonzero<F>(rng));
    EXPECT_EQ(a + b, b + a);
    EXPECT_EQ((a + b) + c, a + (b + c));
    EXPECT_EQ((a + b) + c, (a + c) + b);
    EXPECT_EQ(a.add_mixed(b.to_affine()), a + b);
    EXPECT_EQ((a + b) - b, a);
    EXPECT_EQ(a.dbl(), a + a);
    EXPECT_EQ(a.dbl().dbl(), ((a + a) + a) + a);
    // XYZZ agrees with Jacobian on a chain of mixed additions
    X x = X::from_affine(a.to_affine());
    J ref = a;
    for (const J& t : {b, c, a, b}) {
      x = x.add_mixed(t.to_affine());
      ref = ref + t;
    }
    EXPECT_EQ(x.to_affine(), ref.to_affine());
    EXPECT_EQ(x.to_jacobian(), ref);
    EXPECT_EQ((X::from_affine(a.to_affine()) + X::from_affine(b.to_affine())).to_affine(), (a + b).to_affine());
    EXPECT_TRUE((a + b).to_affine().is_on_curve());
  }
}

TYPED_TEST(CurveTest, ScalarMulDistributesAndComposes) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  Rng rng(107);
  for (int i = 0; i < 3; ++i) {
    const J p = random_subgroup_point<G>(rng);
    const ff::Fr a = ff::Fr::random(rng), b = ff::Fr::random(rng);
    const J ap = p.mul(a.to_canonical()), bp = p.mul(b.to_canonical());
    EXPECT_EQ(p.mul((a + b).to_canonical()), ap + bp) << "(a + b)P = aP + bP";
    EXPECT_EQ(p.mul((a * b).to_canonical()), ap.mul(b.to_canonical())) << "(ab)P = b(aP)";
    EXPECT_EQ(p.mul((-a).to_canonical()), -ap) << "(−a)P = −(aP)";
    EXPECT_TRUE(p.mul(r_limbs()).is_identity()) << "rP = O";
    EXPECT_EQ(p.mul(a.to_canonical()), naive_mul(p, a.to_canonical())) << "wNAF = double-and-add";
    // P + Q with Q also random: linear in the point
    const J q = random_subgroup_point<G>(rng);
    EXPECT_EQ((p + q).mul(a.to_canonical()), ap + q.mul(a.to_canonical()));
  }
}

// Scalars around the edges: small values (table indices, window boundaries), r − 1, r, r + 1,
// 2^256 − 1 (carry into the spare wNAF limb) and wider integers; compared with the independent
// double-and-add and with [k mod r]P.
TYPED_TEST(CurveTest, ScalarMulEdgeScalars) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  Rng rng(108);
  const J p = random_subgroup_point<G>(rng);

  J running = J::identity();
  for (uint64_t k = 0; k <= 40; ++k) {
    SCOPED_TRACE("k = " + std::to_string(k));
    const ff::Limbs<4> kl{k, 0, 0, 0};
    EXPECT_EQ(p.mul(kl), running);
    EXPECT_EQ(ec::mul_u64(p, k), running);
    EXPECT_EQ(p.mul(ff::Limbs<1>{k}), running);
    running = running + p;
  }

  const ff::Limbs<4>& r = r_limbs();
  ff::Limbs<4> r_minus_1 = r, r_plus_1 = r;
  r_minus_1[0] -= 1;  // r is odd: no borrow
  r_plus_1[0] += 1;   // no carry
  EXPECT_EQ(p.mul(r_minus_1), -p);
  EXPECT_TRUE(p.mul(r).is_identity());
  EXPECT_EQ(p.mul(r_plus_1), p);

  std::vector<ff::Limbs<4>> wide4 = {
      {~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}},  // 2^256 − 1
      {0, 0, 0, uint64_t{1} << 63},                              // 2^255
      {~uint64_t{0}, 0, ~uint64_t{0}, 0},
      {0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa},
      {0xfffffffffffffff0, 0xf, 0, 0},  // long runs of ones: wNAF carries
  };
  for (int i = 0; i < 3; ++i) wide4.push_back({rng(), rng(), rng(), rng()});
  for (const auto& k : wide4) {
    SCOPED_TRACE("k = " + ff::limbs_to_hex<4>(k));
    const J expected = p.mul(fr_from_limbs(k).to_canonical());
    EXPECT_EQ(p.mul(k), expected);
    EXPECT_EQ(naive_mul(p, k), expected);
  }

  // wider than Fr: 6 and 8 limbs
  const ff::Limbs<6> k6{rng(), rng(), rng(), rng(), rng(), ~uint64_t{0}};
  EXPECT_EQ(p.mul(k6), p.mul(fr_from_limbs(k6).to_canonical()));
  const ff::Limbs<8> k8{rng(), rng(), rng(), rng(), rng(), rng(), rng(), rng()};
  EXPECT_EQ(p.mul(k8), p.mul(fr_from_limbs(k8).to_canonical()));
  // zero-extension does not change the result
  const ff::Limbs<4> k4 = random_scalar(rng);
  EXPECT_EQ(p.mul(ff::Limbs<6>{k4[0], k4[1], k4[2], k4[3], 0, 0}), p.mul(k4));
}

TYPED_TEST(CurveTest, MulU64MatchesMul) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  Rng rng(109);
  const J p = random_subgroup_point<G>(rng);
  std::vector<uint64_t> ks = {1, 2, 3, ff::constants::kBlsXAbs, ~uint64_t{0}, uint64_t{1} << 63};
  for (int i = 0; i < 4; ++i) ks.push_back(rng());
  for (const uint64_t k : ks) {
    SCOPED_TRACE("k = " + std::to_string(k));
    EXPECT_EQ(ec::mul_u64(p, k), p.mul(ff::Limbs<1>{k}));
    EXPECT_EQ(ec::mul_u64(p, k), p.mul(ff::Limbs<4>{k, 0, 0, 0}));
  }
}

// The wNAF recoding itself: digits are odd or zero, bounded, sparse, and sum to k.
TEST(WnafDigits, Properties) {
  Rng rng(110);
  std::vector<ff::Limbs<4>> ks = {{0, 0, 0, 0},
                                  {1, 0, 0, 0},
                                  {31, 0, 0, 0},
                                  {~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}},
                                  r_limbs()};
  for (int i = 0; i < 8; ++i) ks.push_back({rng(), rng(), rng(), rng()});
  for (unsigned w = 2; w <= 7; ++w) {
    for (const auto& k : ks) {
      SCOPED_TRACE("w = " + std::to_string(w) + ", k = " + ff::limbs_to_hex<4>(k));
      const std::vector<int8_t> digits = ec::wnaf_digits(k, w);
      if (ff::is_zero_limbs(k)) {
        EXPECT_TRUE(digits.empty());
        continue;
      }
      ASSERT_FALSE(digits.empty());
      EXPECT_NE(digits.back(), 0) << "no leading zero digits";
      EXPECT_LE(digits.size(), ff::bit_length(k) + 1);
      const int bound = 1 << (w - 1);
      size_t last_nonzero = digits.size() + w;  // sentinel: none yet
      ff::Fr sum = ff::Fr::zero();
      for (size_t i = digits.size(); i-- > 0;) {
        const int d = digits[i];
        EXPECT_LT(d < 0 ? -d : d, bound);
        if (d != 0) {
          EXPECT_NE(d % 2, 0) << "even digit at " << i;
          if (last_nonzero < digits.size()) {
            EXPECT_GE(last_nonzero - i, w) << "non-adjacency at " << i;
          }
          last_nonzero = i;
        }
        sum = sum.dbl();
        const ff::Fr digit = ff::Fr::from_u64(static_cast<uint64_t>(d < 0 ? -d : d));
        sum = d < 0 ? sum - digit : sum + digit;
      }
      EXPECT_EQ(sum, fr_from_limbs(k));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Conversions and equality

TYPED_TEST(CurveTest, BatchToAffineWithIdentities) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using F = typename G::Field;
  Rng rng(111);
  std::vector<J> points;
  points.push_back(J::identity());
  for (int i = 0; i < 9; ++i) {
    points.push_back(rescale(random_subgroup_point<G>(rng), random_nonzero<F>(rng)));
    if (i % 3 == 1) points.push_back(J::identity());
    if (i == 4) points.push_back(rescale(J::identity(), random_nonzero<F>(rng)));  // odd X, Y
  }
  points.push_back(points[1]);  // a repeat
  points.push_back(J::identity());
  const auto affine = ec::batch_to_affine<typename G::Config>(points);
  ASSERT_EQ(affine.size(), points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    SCOPED_TRACE("index " + std::to_string(i));
    EXPECT_EQ(affine[i], points[i].to_affine());
    EXPECT_EQ(affine[i].is_identity(), points[i].is_identity());
    EXPECT_TRUE(affine[i].is_on_curve());
  }

  EXPECT_TRUE(ec::batch_to_affine<typename G::Config>(std::vector<J>{}).empty());
  const std::vector<J> all_identity(3, J::identity());
  for (const auto& a : ec::batch_to_affine<typename G::Config>(all_identity)) EXPECT_TRUE(a.is_identity());
  const std::vector<J> single = {points[1]};
  EXPECT_EQ(ec::batch_to_affine<typename G::Config>(single)[0], points[1].to_affine());
}

TYPED_TEST(CurveTest, XyzzToJacobian) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  using X = typename G::Xyzz;
  using F = typename G::Field;
  Rng rng(112);
  EXPECT_TRUE(X::identity().to_jacobian().is_identity());
  for (int i = 0; i < 4; ++i) {
    const J p = random_subgroup_point<G>(rng);
    const X x = rescale(X::from_affine(p.to_affine()), random_nonzero<F>(rng));
    EXPECT_EQ(x.to_jacobian(), p);
    EXPECT_EQ(x.to_jacobian().to_affine(), x.to_affine());
    EXPECT_EQ(x.dbl().to_jacobian(), p.dbl());
  }
}

TYPED_TEST(CurveTest, EqualityAcrossRepresentations) {
  using G = TypeParam;
  using A = typename G::Affine;
  using J = typename G::Jacobian;
  using F = typename G::Field;
  Rng rng(113);
  const J p = random_subgroup_point<G>(rng), q = random_subgroup_point<G>(rng);
  const F l = random_nonzero<F>(rng);
  const J p2 = rescale(p, l);
  EXPECT_NE(p2.z, p.z);
  EXPECT_EQ(p2, p);
  EXPECT_EQ(p, p2);
  EXPECT_EQ(p2.to_affine(), p.to_affine());
  EXPECT_NE(p2, q);
  EXPECT_NE(p2, -p);
  EXPECT_NE(p2, J::identity());
  EXPECT_NE(J::identity(), p2);
  // identities compare equal whatever X and Y hold
  const J odd_identity{G::random_field(rng), G::random_field(rng), F::zero()};
  EXPECT_TRUE(odd_identity.is_identity());
  EXPECT_EQ(odd_identity, J::identity());
  EXPECT_TRUE(odd_identity.to_affine().is_identity());
  A junk_infinity = A::from_xy(G::random_field(rng), G::random_field(rng));
  junk_infinity.infinity = true;
  EXPECT_EQ(junk_infinity, A::identity());
  EXPECT_NE(p.to_affine(), A::identity());
  // same x, other y
  const A pa = p.to_affine();
  EXPECT_NE(pa, -pa);
  EXPECT_NE(A::from_xy(pa.x, pa.y + F::one()), pa);
  // to_jacobian / from_affine round trip
  EXPECT_EQ(pa.to_jacobian(), p);
  EXPECT_EQ(pa.to_jacobian().to_affine(), pa);
}

TYPED_TEST(CurveTest, OnCurveRejectsOffCurvePoints) {
  using G = TypeParam;
  using A = typename G::Affine;
  using F = typename G::Field;
  const A g = G::Config::generator();
  EXPECT_TRUE(g.is_on_curve());
  EXPECT_FALSE(A::from_xy(g.x, g.y + F::one()).is_on_curve());
  EXPECT_FALSE(A::from_xy(g.x + F::one(), g.y).is_on_curve());
  EXPECT_FALSE(A::from_xy(F::zero(), F::zero()).is_on_curve());
}

// G1's (0, ±2) has order 3: the wNAF table then contains the identity (3P = O), which the
// batched normalisation must survive.
TEST(CurveSmallOrder, G1OrderThreePoint) {
  using ec::G1Affine;
  using ec::G1Jacobian;
  const G1Affine t = G1Affine::from_xy(ff::Fq::zero(), ff::Fq::from_u64(2));
  ASSERT_TRUE(t.is_on_curve());
  const G1Jacobian jt = t.to_jacobian();
  EXPECT_FALSE(jt.dbl().is_identity());
  EXPECT_EQ(jt.dbl(), -jt);
  EXPECT_TRUE((jt + jt + jt).is_identity());
  EXPECT_TRUE(ec::mul_u64(jt, 3).is_identity());
  Rng rng(114);
  for (uint64_t k = 0; k < 20; ++k) {
    const G1Jacobian expected = k % 3 == 0 ? G1Jacobian::identity() : (k % 3 == 1 ? jt : -jt);
    EXPECT_EQ(jt.mul(ff::Limbs<4>{k, 0, 0, 0}), expected) << k;
  }
  for (int i = 0; i < 3; ++i) {
    const ff::Limbs<4> k = {rng(), rng(), rng(), rng()};
    EXPECT_EQ(jt.mul(k), naive_mul(jt, k));
  }
}

}  // namespace
}  // namespace cuzk::ec_test
