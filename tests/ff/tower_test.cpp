// The extension tower Fq2 → Fq6 → Fq12 against the @noble/curves oracle vectors
// (tests/vectors/fq2.json, fq6.json, fq12.json), plus the specialised operations the
// pairing uses: sparse multiplications, cyclotomic squaring, Frobenius consistency.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

using ff::Fq;
using ff::Fq12;
using ff::Fq2;
using ff::Fq6;

const nlohmann::json& cases_of(const char* file) {
  const auto& all = cached_vectors(file).at("cases");
  EXPECT_GE(all.size(), 16u) << file;
  return all;
}

// ---- Fq2 ---------------------------------------------------------------------------------

TEST(Fq2Vectors, Arithmetic) {
  const auto& cases = cases_of("fq2.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq2 a = test::fq2_from_json(c.at("a")), b = test::fq2_from_json(c.at("b"));
    const Fq2 mul = test::fq2_from_json(c.at("mul")), sqr = test::fq2_from_json(c.at("sqr"));
    EXPECT_EQ(a + b, test::fq2_from_json(c.at("add")));
    EXPECT_EQ(a - b, test::fq2_from_json(c.at("sub")));
    EXPECT_EQ(a * b, mul);
    EXPECT_EQ(b * a, mul);
    EXPECT_EQ(a.square(), sqr);
    EXPECT_EQ(a * a, sqr);
    EXPECT_EQ(-a, test::fq2_from_json(c.at("neg")));
    EXPECT_EQ(a.dbl(), a + a);
    EXPECT_EQ(a.half().dbl(), a);
    EXPECT_EQ(a.mul_by_fq(b.c0), a * (Fq2{b.c0, Fq::zero()}));
    EXPECT_EQ(a.mul_by_nonresidue(), a * (Fq2{Fq::one(), Fq::one()}));  // ξ = u + 1
    EXPECT_EQ(a.norm(), (a * a.conjugate()).c0);
    EXPECT_TRUE((a * a.conjugate()).c1.is_zero());
  }
}

TEST(Fq2Vectors, Inverse) {
  const auto& cases = cases_of("fq2.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq2 a = test::fq2_from_json(c.at("a"));
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
      EXPECT_TRUE(a.inverse().is_zero());
    } else {
      EXPECT_EQ(a.inverse(), test::fq2_from_json(c.at("inv")));
      EXPECT_TRUE((a * a.inverse()).is_one());
    }
  }
}

TEST(Fq2Vectors, Sqrt) {
  const auto& cases = cases_of("fq2.json");
  size_t roots = 0, non_squares = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq2 a = test::fq2_from_json(c.at("a"));
    const auto root = a.sqrt();
    if (c.at("sqrt").is_null()) {
      ++non_squares;
      EXPECT_FALSE(root.has_value()) << "root of a non-square: " << ::testing::PrintToString(*root);
    } else {
      ++roots;
      const Fq2 expected = test::fq2_from_json(c.at("sqrt"));
      ASSERT_TRUE(root.has_value());
      EXPECT_TRUE(*root == expected || *root == -expected)
          << "got " << ::testing::PrintToString(*root) << ", expected ± " << ::testing::PrintToString(expected);
      EXPECT_EQ(root->square(), a);
    }
  }
  EXPECT_GT(roots, 0u);
  EXPECT_GT(non_squares, 0u);
}

TEST(Fq2Vectors, FrobeniusAndPow) {
  const auto& cases = cases_of("fq2.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq2 a = test::fq2_from_json(c.at("a"));
    const Fq2 frob = test::fq2_from_json(c.at("frobenius"));
    EXPECT_EQ(a.frobenius(1), frob);
    EXPECT_EQ(a.conjugate(), frob);
    EXPECT_EQ(a.frobenius(2), a);
    EXPECT_EQ(a.frobenius(3), frob);
    EXPECT_EQ(a.pow(test::scalar_from_json(c.at("e"))), test::fq2_from_json(c.at("pow")));
  }
}

TEST(Fq2Properties, SqrtOfRandomSquaresAndNonSquares) {
  std::mt19937_64 rng(kSeed + 2);
  // x ∈ Fq2 is a square iff norm(x) is a square in Fq; norm(1 + u) = 2 is a non-residue
  // (p ≡ 3 mod 8), so ξ = 1 + u is a non-square.
  const Fq2 xi{Fq::one(), Fq::one()};
  ASSERT_FALSE(xi.sqrt().has_value());
  for (int i = 0; i < 64; ++i) {
    SCOPED_TRACE(i);
    Fq2 x = Fq2::random(rng);
    if (i % 8 == 1) x.c1 = Fq::zero();  // Fq subfield: every element of Fq is a square in Fq2
    if (i % 8 == 2) x.c0 = Fq::zero();
    const auto root = x.square().sqrt();
    ASSERT_TRUE(root.has_value());
    EXPECT_TRUE(*root == x || *root == -x);
    if (!x.is_zero()) {
      EXPECT_FALSE((x.square() * xi).sqrt().has_value());
    }
  }
  // every element of the subfield Fq is a square in Fq2, including non-residues of Fq
  for (const Fq& s : edge_elements<Fq>()) {
    const Fq2 x{s, Fq::zero()};
    const auto root = x.sqrt();
    ASSERT_TRUE(root.has_value()) << ::testing::PrintToString(x);
    EXPECT_EQ(root->square(), x);
  }
}

TEST(Fq2Properties, LexicographicOrderComparesC1First) {
  const Fq big = -Fq::one(), small = Fq::one();
  EXPECT_TRUE((Fq2{small, big}).is_lexicographically_largest());
  EXPECT_FALSE((Fq2{big, small}).is_lexicographically_largest());
  EXPECT_TRUE((Fq2{big, Fq::zero()}).is_lexicographically_largest());  // c1 = 0: falls back to c0
  EXPECT_FALSE((Fq2{small, Fq::zero()}).is_lexicographically_largest());
  EXPECT_FALSE(Fq2::zero().is_lexicographically_largest());
}

// ---- Fq6 ---------------------------------------------------------------------------------

TEST(Fq6Vectors, MulSqrInv) {
  const auto& cases = cases_of("fq6.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq6 a = test::fq6_from_json(c.at("a")), b = test::fq6_from_json(c.at("b"));
    const Fq6 mul = test::fq6_from_json(c.at("mul")), sqr = test::fq6_from_json(c.at("sqr"));
    EXPECT_EQ(a * b, mul);
    EXPECT_EQ(b * a, mul);
    EXPECT_EQ(a.square(), sqr);
    EXPECT_EQ(a * a, sqr);
    EXPECT_EQ((a + b) - b, a);
    EXPECT_EQ(a + (-a), Fq6::zero());
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
      EXPECT_TRUE(a.inverse().is_zero());
    } else {
      EXPECT_EQ(a.inverse(), test::fq6_from_json(c.at("inv")));
      EXPECT_EQ(a * a.inverse(), Fq6::one());
    }
  }
}

TEST(Fq6Vectors, Frobenius) {
  const auto& cases = cases_of("fq6.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq6 a = test::fq6_from_json(c.at("a"));
    EXPECT_EQ(a.frobenius(1), test::fq6_from_json(c.at("frobenius1")));
    EXPECT_EQ(a.frobenius(2), test::fq6_from_json(c.at("frobenius2")));
    EXPECT_EQ(a.frobenius(3), test::fq6_from_json(c.at("frobenius3")));
    // every power is the iterate of frobenius(1), and p^6 is the identity
    Fq6 iter = a;
    for (size_t k = 1; k <= 6; ++k) {
      iter = iter.frobenius(1);
      EXPECT_EQ(a.frobenius(k), iter) << "k = " << k;
    }
    EXPECT_EQ(iter, a);
    EXPECT_EQ(a.frobenius(0), a);
  }
}

TEST(Fq6Vectors, SparseMultiplication) {
  const auto& cases = cases_of("fq6.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq6 a = test::fq6_from_json(c.at("a")), b = test::fq6_from_json(c.at("b"));
    EXPECT_EQ(a.mul_by_01(b.c0, b.c1), a * (Fq6{b.c0, b.c1, Fq2::zero()}));
    EXPECT_EQ(a.mul_by_1(b.c1), a * (Fq6{Fq2::zero(), b.c1, Fq2::zero()}));
    EXPECT_EQ(a.mul_by_fq2(b.c2), a * (Fq6{b.c2, Fq2::zero(), Fq2::zero()}));
    EXPECT_EQ(a.mul_by_nonresidue(), a * (Fq6{Fq2::zero(), Fq2::one(), Fq2::zero()}));  // ·v
  }
}

// ---- Fq12 --------------------------------------------------------------------------------

TEST(Fq12Vectors, MulSqrInv) {
  const auto& cases = cases_of("fq12.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq12 a = test::fq12_from_json(c.at("a")), b = test::fq12_from_json(c.at("b"));
    const Fq12 mul = test::fq12_from_json(c.at("mul")), sqr = test::fq12_from_json(c.at("sqr"));
    EXPECT_EQ(a * b, mul);
    EXPECT_EQ(b * a, mul);
    EXPECT_EQ(a.square(), sqr);
    EXPECT_EQ(a * a, sqr);
    EXPECT_EQ((a + b) - b, a);
    EXPECT_TRUE((a + (-a)).is_zero());
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
      EXPECT_TRUE(a.inverse().is_zero());
    } else {
      EXPECT_EQ(a.inverse(), test::fq12_from_json(c.at("inv")));
      EXPECT_TRUE((a * a.inverse()).is_one());
    }
  }
}

TEST(Fq12Vectors, Frobenius) {
  const auto& cases = cases_of("fq12.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq12 a = test::fq12_from_json(c.at("a"));
    EXPECT_EQ(a.frobenius(1), test::fq12_from_json(c.at("frobenius1")));
    EXPECT_EQ(a.frobenius(2), test::fq12_from_json(c.at("frobenius2")));
    EXPECT_EQ(a.frobenius(3), test::fq12_from_json(c.at("frobenius3")));
    // all twelve powers are iterates of frobenius(1); p^6 is conjugation, p^12 the identity
    Fq12 iter = a;
    for (size_t k = 1; k <= 12; ++k) {
      iter = iter.frobenius(1);
      EXPECT_EQ(a.frobenius(k), iter) << "k = " << k;
    }
    EXPECT_EQ(iter, a);
    EXPECT_EQ(a.frobenius(6), a.conjugate());
  }
}

// frobenius(1) is the p-th power map: checked directly with a 381-bit exponent.
TEST(Fq12Properties, FrobeniusIsPowP) {
  std::mt19937_64 rng(kSeed + 12);
  for (int i = 0; i < 3; ++i) {
    const Fq12 a = Fq12::random(rng);
    EXPECT_EQ(a.pow(Fq::modulus()), a.frobenius(1));
    const Fq6 b = Fq6::random(rng);
    Fq6 b_pow_p = Fq6::one();  // Fq6 has no pow(): square-and-multiply here
    for (size_t bit = ff::bit_length(Fq::modulus()); bit-- > 0;) {
      b_pow_p = b_pow_p.square();
      if (ff::bit_at(Fq::modulus(), bit)) b_pow_p *= b;
    }
    EXPECT_EQ(b_pow_p, b.frobenius(1));
    const Fq2 c = Fq2::random(rng);
    EXPECT_EQ(c.pow(Fq::modulus()), c.frobenius(1));
  }
}

TEST(Fq12Vectors, CyclotomicSquare) {
  const auto& cases = cases_of("fq12.json");
  std::vector<Fq12> inputs;
  for (const auto& c : cases) {
    inputs.push_back(test::fq12_from_json(c.at("a")));
    inputs.push_back(test::fq12_from_json(c.at("b")));
  }
  std::mt19937_64 rng(kSeed + 13);
  for (int i = 0; i < 8; ++i) inputs.push_back(Fq12::random(rng));
  size_t checked = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "input " << i);
    const Fq12& a = inputs[i];
    if (a.is_zero()) continue;
    // easy part of the final exponentiation: f = a^((p^6 − 1)(p^2 + 1)) is cyclotomic
    Fq12 f = a.conjugate() * a.inverse();
    f = f.frobenius(2) * f;
    ASSERT_TRUE((f * f.conjugate()).is_one()) << "not unitary";
    EXPECT_EQ(f.cyclotomic_square(), f.square());
    EXPECT_EQ(f.cyclotomic_square().cyclotomic_square(), f.square().square());
    ++checked;
  }
  EXPECT_GT(checked, 20u);
}

TEST(Fq12Vectors, MulBy014) {
  const auto& cases = cases_of("fq12.json");
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto& c = cases[i];
    const Fq12 a = test::fq12_from_json(c.at("a")), b = test::fq12_from_json(c.at("b"));
    const Fq2 s0 = b.c0.c0, s1 = b.c0.c1, s4 = b.c1.c1;
    const Fq12 sparse{Fq6{s0, s1, Fq2::zero()}, Fq6{Fq2::zero(), s4, Fq2::zero()}};
    EXPECT_EQ(a.mul_by_014(s0, s1, s4), a * sparse);
    // degenerate line values
    const Fq12 constant_line{Fq6{s0, Fq2::zero(), Fq2::zero()}, Fq6::zero()};
    EXPECT_EQ(a.mul_by_014(s0, Fq2::zero(), Fq2::zero()), a * constant_line);
    EXPECT_EQ(a.mul_by_014(Fq2::one(), Fq2::zero(), Fq2::zero()), a);
  }
}

TEST(Fq12Properties, PowAndInverseConsistency) {
  std::mt19937_64 rng(kSeed + 14);
  for (int i = 0; i < 4; ++i) {
    const Fq12 a = Fq12::random(rng), b = Fq12::random(rng);
    EXPECT_EQ(a.pow(Limbs<1>{0}), Fq12::one());
    EXPECT_EQ(a.pow(Limbs<1>{1}), a);
    EXPECT_EQ(a.pow(Limbs<1>{3}), a * a * a);
    EXPECT_EQ((a * b).inverse(), a.inverse() * b.inverse());
    Fq12 acc = a;
    acc *= b;
    EXPECT_EQ(acc, a * b);
  }
}

}  // namespace
}  // namespace cuzk::fftest
