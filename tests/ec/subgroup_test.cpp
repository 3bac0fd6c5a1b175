// Subgroup membership (g1_in_subgroup / g2_in_subgroup, endomorphism based) against the slow
// reference [r]P = O, and the endomorphisms themselves: φ acts on G1 as [−x²], ψ on G2 as [x].
#include <gtest/gtest.h>

#include <string>

#include "ec_test_util.hpp"

namespace cuzk::ec_test {
namespace {

template <class G>
class SubgroupTest : public ::testing::Test {};
TYPED_TEST_SUITE(SubgroupTest, Groups, GroupNames);

// |x| and x = −|x| as elements of Fr
ff::Fr bls_x_abs() { return ff::Fr::from_u64(ff::constants::kBlsXAbs); }
ff::Fr bls_x() { return -bls_x_abs(); }

TYPED_TEST(SubgroupTest, GeneratorIdentityAndMultiplesAreIn) {
  using G = TypeParam;
  Rng rng(301);
  EXPECT_TRUE(G::in_subgroup(G::Config::generator()));
  EXPECT_TRUE(in_subgroup_reference(G::Config::generator()));
  EXPECT_TRUE(G::in_subgroup(G::Affine::identity()));
  for (int i = 0; i < 5; ++i) {
    const auto p = random_subgroup_point<G>(rng).to_affine();
    EXPECT_TRUE(G::in_subgroup(p));
    EXPECT_TRUE(G::in_subgroup(-p));
  }
}

TYPED_TEST(SubgroupTest, VectorNonSubgroupPointsAreOut) {
  using G = TypeParam;
  const json& invalid = vectors(G::kVectorFile).at("invalid");
  size_t count = 0;
  for (size_t i = 0; i < invalid.size(); ++i) {
    if (invalid[i].at("reason").template get<std::string>() != "not_in_subgroup") continue;
    SCOPED_TRACE("invalid " + std::to_string(i));
    const ec::PointForm form =
        invalid[i].at("form").template get<std::string>() == "compressed" ? ec::PointForm::kCompressed
                                                                          : ec::PointForm::kUncompressed;
    const auto d = G::decode(test::bytes_from_hex(invalid[i].at("hex").template get<std::string>()), form,
                             ec::SubgroupCheck::kNo);
    ASSERT_TRUE(d.ok());
    ASSERT_TRUE(d.point.is_on_curve());
    EXPECT_FALSE(G::in_subgroup(d.point));
    EXPECT_FALSE(in_subgroup_reference(d.point));
    ++count;
  }
  EXPECT_GE(count, 7u);
}

// Random points of the whole curve group: the fast test agrees with [r]P = O.
TYPED_TEST(SubgroupTest, AgreesWithReferenceOnRandomCurvePoints) {
  using G = TypeParam;
  Rng rng(302);
  size_t outside = 0;
  for (int i = 0; i < 10; ++i) {
    SCOPED_TRACE("point " + std::to_string(i));
    const auto p = random_curve_point<G>(rng);
    ASSERT_TRUE(p.is_on_curve());
    const bool reference = in_subgroup_reference(p);
    EXPECT_EQ(G::in_subgroup(p), reference);
    if (!reference) ++outside;
  }
  EXPECT_GT(outside, 0u);
}

// Adversarial mixtures: S + T with S in the subgroup and T a non-trivial point of cofactor
// order (T = [r]R kills R's r-part). [r](S + T) = [r]T ≠ O.
TYPED_TEST(SubgroupTest, SubgroupPointPlusTorsionIsOut) {
  using G = TypeParam;
  using J = typename G::Jacobian;
  Rng rng(303);
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE("point " + std::to_string(i));
    const J t = random_curve_point<G>(rng).to_jacobian().mul(r_limbs());
    ASSERT_FALSE(t.is_identity());
    EXPECT_FALSE(G::in_subgroup(t.to_affine()));
    const J s = random_subgroup_point<G>(rng);
    const auto mixed = (s + t).to_affine();
    ASSERT_TRUE(mixed.is_on_curve());
    EXPECT_FALSE(G::in_subgroup(mixed));
    EXPECT_FALSE(in_subgroup_reference(mixed));
    EXPECT_EQ(mixed.to_jacobian().mul(r_limbs()), t.mul(r_limbs()));
  }
}

TEST(G1Subgroup, OrderThreePoints) {
  // (0, ±2): on y² = x³ + 4, order 3, fixed by φ
  for (const ff::Fq y : {ff::Fq::from_u64(2), -ff::Fq::from_u64(2)}) {
    const ec::G1Affine t = ec::G1Affine::from_xy(ff::Fq::zero(), y);
    ASSERT_TRUE(t.is_on_curve());
    EXPECT_FALSE(ec::g1_in_subgroup(t));
    EXPECT_FALSE(in_subgroup_reference(t));
    const ec::G1Affine mixed = (G1Group::Jacobian::generator() + t.to_jacobian()).to_affine();
    EXPECT_FALSE(ec::g1_in_subgroup(mixed));
  }
}

// ---------------------------------------------------------------------------------------------
// Endomorphisms

TEST(G1Endomorphism, ActsAsMinusXSquared) {
  Rng rng(304);
  const ff::Fr x = bls_x();
  const ff::Limbs<4> lambda = (-(x * x)).to_canonical();  // −x² mod r
  // λ is a primitive cube root of unity mod r
  const ff::Fr l = -(x * x);
  EXPECT_TRUE((l * l * l).is_one());
  EXPECT_FALSE(l.is_one());
  for (int i = 0; i < 4; ++i) {
    const ec::G1Jacobian p = random_subgroup_point<G1Group>(rng);
    const ec::G1Jacobian phi = ec::g1_endomorphism(p);
    EXPECT_EQ(phi, p.mul(lambda));
    EXPECT_EQ(phi, -ec::mul_u64(ec::mul_u64(p, ff::constants::kBlsXAbs), ff::constants::kBlsXAbs));
    EXPECT_EQ(ec::g1_endomorphism(rescale(p, random_nonzero<ff::Fq>(rng))), phi) << "Z ≠ 1";
    EXPECT_EQ(ec::g1_endomorphism(phi), p.mul((l * l).to_canonical()));
    EXPECT_EQ(ec::g1_endomorphism(ec::g1_endomorphism(phi)), p) << "φ³ = 1";
    EXPECT_EQ(phi + ec::g1_endomorphism(phi) + p, ec::G1Jacobian::identity()) << "φ² + φ + 1 = 0";
  }
  EXPECT_TRUE(ec::g1_endomorphism(ec::G1Jacobian::identity()).is_identity());
}

TEST(G1Endomorphism, IsAnAutomorphismOfTheWholeCurve) {
  Rng rng(305);
  for (int i = 0; i < 3; ++i) {
    const ec::G1Jacobian a = random_curve_point<G1Group>(rng).to_jacobian();
    const ec::G1Jacobian b = random_curve_point<G1Group>(rng).to_jacobian();
    EXPECT_TRUE(ec::g1_endomorphism(a).to_affine().is_on_curve());
    EXPECT_EQ(ec::g1_endomorphism(a + b), ec::g1_endomorphism(a) + ec::g1_endomorphism(b));
  }
}

TEST(G2Psi, ActsAsX) {
  Rng rng(306);
  const ff::Fr x = bls_x();
  for (int i = 0; i < 4; ++i) {
    const ec::G2Jacobian p = random_subgroup_point<G2Group>(rng);
    const ec::G2Jacobian psi = ec::g2_psi(p);
    EXPECT_EQ(psi, p.mul(x.to_canonical()));
    EXPECT_EQ(psi, -ec::mul_u64(p, ff::constants::kBlsXAbs));
    EXPECT_EQ(ec::g2_psi(rescale(p, random_nonzero<ff::Fq2>(rng))), psi) << "Z ≠ 1";
    EXPECT_EQ(ec::g2_psi(psi), p.mul((x * x).to_canonical())) << "ψ² = [x²]";
    EXPECT_TRUE(psi.to_affine().is_on_curve());
  }
  EXPECT_TRUE(ec::g2_psi(ec::G2Jacobian::identity()).is_identity());
}

TEST(G2Psi, IsAnEndomorphismOfTheWholeTwist) {
  // ψ maps all of E'(Fq2), not only G2, to itself and is additive
  Rng rng(307);
  for (int i = 0; i < 3; ++i) {
    const ec::G2Jacobian a = random_curve_point<G2Group>(rng).to_jacobian();
    const ec::G2Jacobian b = random_curve_point<G2Group>(rng).to_jacobian();
    EXPECT_TRUE(ec::g2_psi(a).to_affine().is_on_curve());
    EXPECT_EQ(ec::g2_psi(a + b), ec::g2_psi(a) + ec::g2_psi(b));
  }
}

}  // namespace
}  // namespace cuzk::ec_test
