// The optimal ate pairing against pairing.json (noble's e = textbook pairing cubed) and its
// algebraic properties: bilinearity, inverses, non-degeneracy, G2Prepared reuse, the split
// miller_loop + final_exponentiation, and that every final exponentiation lands in μ_r.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ec/pairing.hpp"
#include "ec_test_util.hpp"

namespace cuzk::ec_test {
namespace {

using ec::G1Affine;
using ec::G1Jacobian;
using ec::G2Affine;
using ec::G2Jacobian;
using ff::Fq12;

const json& pairing_vectors() { return vectors("pairing.json"); }

G1Affine g1_from_json(const json& j) { return point_from_json<G1Group>(j); }
G2Affine g2_from_json(const json& j) { return point_from_json<G2Group>(j); }

Fq12 miller_then_final(const G1Affine& p, const G2Affine& q) {
  const ec::G2Prepared prepared = ec::G2Prepared::from(q);
  const ec::G2Prepared* qs[1] = {&prepared};
  return ec::final_exponentiation(ec::miller_loop(std::span<const G1Affine>(&p, 1), qs));
}

TEST(PairingVectors, OneIsTheIdentity) { EXPECT_EQ(test::fq12_from_json(pairing_vectors().at("one")), Fq12::one()); }

TEST(PairingVectors, Cases) {
  const json& cases = pairing_vectors().at("cases");
  ASSERT_EQ(cases.size(), 10u);
  size_t ones = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    const G1Affine p = g1_from_json(cases[i].at("p"));
    const G2Affine q = g2_from_json(cases[i].at("q"));
    ASSERT_TRUE(p.is_on_curve());
    ASSERT_TRUE(q.is_on_curve());
    const Fq12 expected = test::fq12_from_json(cases[i].at("e"));
    const Fq12 e = ec::pairing(p, q);
    EXPECT_EQ(e, expected);
    if (p.is_identity() || q.is_identity()) {
      EXPECT_TRUE(e.is_one());
      ++ones;
    }
    // our e is the cube of the textbook (exact) reduced pairing
    const Fq12 exact = test::fq12_from_json(cases[i].at("e_exact"));
    EXPECT_EQ(exact.square() * exact, expected);
  }
  EXPECT_EQ(ones, 3u);
}

TEST(PairingVectors, Bilinear) {
  const json& cases = pairing_vectors().at("bilinear");
  ASSERT_EQ(cases.size(), 3u);
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    const ff::Limbs<4> a = test::scalar_from_json(cases[i].at("a"));
    const ff::Limbs<4> b = test::scalar_from_json(cases[i].at("b"));
    const G1Affine p = g1_from_json(cases[i].at("p"));
    const G2Affine q = g2_from_json(cases[i].at("q"));
    const Fq12 expected = test::fq12_from_json(cases[i].at("e_ab"));
    const G1Affine ap = p.to_jacobian().mul(a).to_affine();
    const G2Affine bq = q.to_jacobian().mul(b).to_affine();
    EXPECT_EQ(ec::pairing(ap, bq), expected);
    // e(aP, bQ) = e(P, Q)^(ab)
    const ff::Limbs<4> ab = (fr_from_limbs(a) * fr_from_limbs(b)).to_canonical();
    EXPECT_EQ(ec::pairing(p, q).pow(ab), expected);
  }
}

TEST(PairingVectors, Multi) {
  const json& cases = pairing_vectors().at("multi");
  ASSERT_EQ(cases.size(), 3u);
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    std::vector<G1Affine> ps;
    std::vector<G2Affine> qs;
    Fq12 product = Fq12::one();
    for (const json& pair : cases[i].at("pairs")) {
      ps.push_back(g1_from_json(pair.at("p")));
      qs.push_back(g2_from_json(pair.at("q")));
      product *= ec::pairing(ps.back(), qs.back());
    }
    const Fq12 expected = test::fq12_from_json(cases[i].at("e"));
    EXPECT_EQ(ec::multi_pairing(ps, qs), expected);
    EXPECT_EQ(product, expected);
  }
}

// ---------------------------------------------------------------------------------------------
// Properties

class PairingTest : public ::testing::Test {
 protected:
  Rng rng_{401};
  G1Affine random_g1() { return random_subgroup_point<G1Group>(rng_).to_affine(); }
  G2Affine random_g2() { return random_subgroup_point<G2Group>(rng_).to_affine(); }
};

TEST_F(PairingTest, NonDegenerate) {
  const Fq12 e = ec::pairing(ec::G1Config::generator(), ec::G2Config::generator());
  EXPECT_FALSE(e.is_one());
  EXPECT_FALSE(e.is_zero());
  EXPECT_TRUE(e.pow(r_limbs()).is_one());
}

TEST_F(PairingTest, IdentityArguments) {
  const G1Affine p = random_g1();
  const G2Affine q = random_g2();
  EXPECT_TRUE(ec::pairing(G1Affine::identity(), q).is_one());
  EXPECT_TRUE(ec::pairing(p, G2Affine::identity()).is_one());
  EXPECT_TRUE(ec::pairing(G1Affine::identity(), G2Affine::identity()).is_one());
  EXPECT_TRUE(ec::multi_pairing({}, {}).is_one());
  // identity pairs drop out of a product
  const std::vector<G1Affine> ps = {G1Affine::identity(), p, p};
  const std::vector<G2Affine> qs = {q, G2Affine::identity(), q};
  EXPECT_EQ(ec::multi_pairing(ps, qs), ec::pairing(p, q));
}

TEST_F(PairingTest, BilinearInScalars) {
  const G1Affine p = random_g1();
  const G2Affine q = random_g2();
  const Fq12 e = ec::pairing(p, q);
  for (int i = 0; i < 2; ++i) {
    const ff::Fr a = ff::Fr::random(rng_), b = ff::Fr::random(rng_);
    const G1Affine ap = p.to_jacobian().mul(a.to_canonical()).to_affine();
    const G2Affine bq = q.to_jacobian().mul(b.to_canonical()).to_affine();
    const Fq12 eab = ec::pairing(ap, bq);
    EXPECT_EQ(eab, e.pow((a * b).to_canonical()));
    EXPECT_EQ(ec::pairing(ap, q), e.pow(a.to_canonical()));
    EXPECT_EQ(ec::pairing(p, bq), e.pow(b.to_canonical()));
    // the scalar can move across
    const G1Affine abp = p.to_jacobian().mul((a * b).to_canonical()).to_affine();
    EXPECT_EQ(ec::pairing(abp, q), eab);
  }
}

TEST_F(PairingTest, BilinearInPoints) {
  const G1Affine p1 = random_g1(), p2 = random_g1();
  const G2Affine q1 = random_g2(), q2 = random_g2();
  const G1Affine p12 = (p1.to_jacobian() + p2.to_jacobian()).to_affine();
  const G2Affine q12 = (q1.to_jacobian() + q2.to_jacobian()).to_affine();
  EXPECT_EQ(ec::pairing(p12, q1), ec::pairing(p1, q1) * ec::pairing(p2, q1));
  EXPECT_EQ(ec::pairing(p1, q12), ec::pairing(p1, q1) * ec::pairing(p1, q2));
}

TEST_F(PairingTest, NegationGivesInverse) {
  const G1Affine p = random_g1();
  const G2Affine q = random_g2();
  const Fq12 e = ec::pairing(p, q);
  const Fq12 e_neg_p = ec::pairing(-p, q);
  EXPECT_TRUE((e * e_neg_p).is_one());
  EXPECT_EQ(e_neg_p, e.conjugate()) << "GT elements are unitary";
  EXPECT_EQ(ec::pairing(p, -q), e_neg_p);
  EXPECT_EQ(ec::pairing(-p, -q), e);
  const std::vector<G1Affine> ps = {p, -p};
  const std::vector<G2Affine> qs = {q, q};
  EXPECT_TRUE(ec::multi_pairing(ps, qs).is_one());
}

TEST_F(PairingTest, Groth16ShapedProductIsOne) {
  // e(aP, bQ) · e(−abP, Q) · e(R, S) · e(R, −S) = 1
  const ff::Fr a = ff::Fr::random(rng_), b = ff::Fr::random(rng_);
  const G1Affine p = random_g1(), r = random_g1();
  const G2Affine q = random_g2(), s = random_g2();
  const std::vector<G1Affine> ps = {p.to_jacobian().mul(a.to_canonical()).to_affine(),
                                    p.to_jacobian().mul((-(a * b)).to_canonical()).to_affine(), r, r};
  const std::vector<G2Affine> qs = {q.to_jacobian().mul(b.to_canonical()).to_affine(), q, s, -s};
  EXPECT_TRUE(ec::multi_pairing(ps, qs).is_one());
  // and a perturbed one is not
  std::vector<G1Affine> bad = ps;
  bad[3] = p;
  EXPECT_FALSE(ec::multi_pairing(bad, qs).is_one());
}

TEST_F(PairingTest, PreparedReuse) {
  const G2Affine q = random_g2();
  const ec::G2Prepared prepared = ec::G2Prepared::from(q);
  EXPECT_FALSE(prepared.infinity);
  EXPECT_FALSE(prepared.lines.empty());
  std::vector<G1Affine> ps;
  for (int i = 0; i < 3; ++i) ps.push_back(random_g1());
  Fq12 product = Fq12::one();
  for (const G1Affine& p : ps) {
    const ec::G2Prepared* qs[1] = {&prepared};
    const Fq12 e = ec::final_exponentiation(ec::miller_loop(std::span<const G1Affine>(&p, 1), qs));
    EXPECT_EQ(e, ec::pairing(p, q));
    product *= e;
  }
  // the same prepared point several times in one Miller loop
  const std::vector<const ec::G2Prepared*> qs(ps.size(), &prepared);
  EXPECT_EQ(ec::final_exponentiation(ec::miller_loop(ps, qs)), product);

  const ec::G2Prepared inf = ec::G2Prepared::from(G2Affine::identity());
  EXPECT_TRUE(inf.infinity);
  EXPECT_TRUE(inf.lines.empty());
  const ec::G2Prepared* inf_qs[1] = {&inf};
  EXPECT_TRUE(ec::final_exponentiation(ec::miller_loop(std::span<const G1Affine>(ps.data(), 1), inf_qs)).is_one());
}

TEST_F(PairingTest, MillerLoopThenFinalExponentiation) {
  for (int i = 0; i < 2; ++i) {
    const G1Affine p = random_g1();
    const G2Affine q = random_g2();
    EXPECT_EQ(miller_then_final(p, q), ec::pairing(p, q));
  }
  EXPECT_EQ(miller_then_final(ec::G1Config::generator(), ec::G2Config::generator()),
            test::fq12_from_json(pairing_vectors().at("cases").at(0).at("e")));
}

TEST_F(PairingTest, FinalExponentiationLandsInMuR) {
  EXPECT_TRUE(ec::miller_loop({}, {}).is_one());
  EXPECT_TRUE(ec::final_exponentiation(Fq12::one()).is_one());
  for (int i = 0; i < 2; ++i) {
    // arbitrary non-zero Fq12 elements, not only Miller-loop outputs
    const Fq12 x = Fq12::random(rng_);
    ASSERT_FALSE(x.is_zero());
    const Fq12 y = ec::final_exponentiation(x);
    EXPECT_FALSE(y.is_one());
    EXPECT_TRUE(y.pow(r_limbs()).is_one());
    EXPECT_EQ(y.conjugate() * y, Fq12::one()) << "unitary";
    // a homomorphism: (xz)^e = x^e z^e
    const Fq12 z = Fq12::random(rng_);
    EXPECT_EQ(ec::final_exponentiation(x * z), y * ec::final_exponentiation(z));
  }
  const Fq12 e = ec::pairing(random_g1(), random_g2());
  EXPECT_TRUE(e.pow(r_limbs()).is_one());
}

}  // namespace
}  // namespace cuzk::ec_test
