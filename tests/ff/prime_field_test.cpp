// Fq and Fr against the @noble/curves oracle vectors (tests/vectors/fq.json, fr.json), on
// every arithmetic path: PortableWords, Int128Words and (when built) the ADX assembly.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

using ff::FqT;
using ff::FrT;


template <class F>
class FieldVectors : public ::testing::Test {
 protected:
  static const nlohmann::json& cases() {
    const auto& all = cached_vectors(FieldInfo<F>::kVectors).at("cases");
    EXPECT_GE(all.size(), 100u) << "suspiciously few vector cases";
    return all;
  }
};
TYPED_TEST_SUITE(FieldVectors, FieldTypes, FieldName);

std::string strip_leading_zeros(const std::string& s) {
  const size_t first = s.find_first_not_of('0');
  return first == std::string::npos ? std::string("0") : s.substr(first);
}

std::string to_upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

TYPED_TEST(FieldVectors, ModulusMatchesOracle) {
  using F = TypeParam;
  const auto modulus = ff::parse_hex_limbs<F::kLimbs>(as_string(cached_vectors(FieldInfo<F>::kVectors).at("modulus")));
  ASSERT_TRUE(modulus.has_value());
  EXPECT_EQ(*modulus, F::modulus());
}

TYPED_TEST(FieldVectors, AddSubMulSqrNeg) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a")), b = parse_hex<F>(c.at("b"));
    const F add = parse_hex<F>(c.at("add")), sub = parse_hex<F>(c.at("sub")), mul = parse_hex<F>(c.at("mul"));
    const F sqr = parse_hex<F>(c.at("sqr")), neg = parse_hex<F>(c.at("neg"));
    EXPECT_EQ(a + b, add);
    EXPECT_EQ(b + a, add);
    EXPECT_EQ(a - b, sub);
    EXPECT_EQ(a * b, mul);
    EXPECT_EQ(b * a, mul);
    EXPECT_EQ(a.square(), sqr);
    EXPECT_EQ(a * a, sqr);
    EXPECT_EQ(-a, neg);
    F acc = a;
    acc += b;
    EXPECT_EQ(acc, add);
    acc = a;
    acc -= b;
    EXPECT_EQ(acc, sub);
    acc = a;
    acc *= b;
    EXPECT_EQ(acc, mul);
  }
}

TYPED_TEST(FieldVectors, Inverse) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a"));
    if (c.at("inv").is_null()) {
      EXPECT_TRUE(a.is_zero());
      EXPECT_EQ(a.inverse(), F::zero());  // documented: inverse(0) = 0
      EXPECT_EQ(a.inverse_fermat(), F::zero());
    } else {
      const F inv = parse_hex<F>(c.at("inv"));
      EXPECT_EQ(a.inverse(), inv);
      EXPECT_EQ(a.inverse_fermat(), inv);
      EXPECT_TRUE((a * a.inverse()).is_one());
    }
  }
}

TYPED_TEST(FieldVectors, Pow) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a"));
    const Limbs<4> e = test::scalar_from_json(c.at("e"));
    EXPECT_EQ(a.pow(e), parse_hex<F>(c.at("pow")));
  }
}

TYPED_TEST(FieldVectors, Legendre) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a"));
    EXPECT_EQ(a.legendre(), c.at("legendre").get<int>());
  }
}

TYPED_TEST(FieldVectors, Sqrt) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  size_t roots = 0, non_residues = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a"));
    const auto root = a.sqrt();
    if (c.at("sqrt").is_null()) {
      ++non_residues;
      EXPECT_FALSE(root.has_value()) << "root of a non-residue: " << ::testing::PrintToString(*root);
    } else {
      ++roots;
      const F expected = parse_hex<F>(c.at("sqrt"));
      ASSERT_TRUE(root.has_value());
      EXPECT_TRUE(*root == expected || *root == -expected)
          << "got " << ::testing::PrintToString(*root) << ", expected ± " << ::testing::PrintToString(expected);
      EXPECT_EQ(root->square(), a);
    }
  }
  EXPECT_GT(roots, 0u);
  EXPECT_GT(non_residues, 0u);
}

TYPED_TEST(FieldVectors, Decimal) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a"));
    const std::string dec = c.at("a_dec").get<std::string>();
    const auto parsed = F::from_decimal(dec);
    ASSERT_TRUE(parsed.has_value()) << dec;
    EXPECT_EQ(*parsed, a);
    EXPECT_EQ(a.to_decimal(), strip_leading_zeros(dec));
    const auto padded = F::from_decimal("000" + dec);  // leading zeros are allowed
    ASSERT_TRUE(padded.has_value());
    EXPECT_EQ(*padded, a);
  }
}

TYPED_TEST(FieldVectors, HexRoundTrip) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    for (const char* key : {"a", "b", "add", "sub", "mul", "sqr", "neg", "inv", "pow", "sqrt"}) {
      if (c.at(key).is_null()) continue;
      SCOPED_TRACE(key);
      const std::string hex = c.at(key).get<std::string>();
      const F x = parse_hex<F>(c.at(key));
      EXPECT_EQ(x.to_hex(), hex);  // lowercase, zero-padded to 16·N digits
      const auto upper = F::from_hex("0X" + to_upper(hex));
      ASSERT_TRUE(upper.has_value());
      EXPECT_EQ(*upper, x);
      const auto prefixed = F::from_hex("0x" + hex);
      ASSERT_TRUE(prefixed.has_value());
      EXPECT_EQ(*prefixed, x);
    }
  }
}

TYPED_TEST(FieldVectors, BytesRoundTrip) {
  using F = TypeParam;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    for (const char* key : {"a", "b", "mul"}) {
      SCOPED_TRACE(key);
      const F x = parse_hex<F>(c.at(key));
      const std::vector<uint8_t> expected_be = test::bytes_from_hex(c.at(key).get<std::string>());
      ASSERT_EQ(expected_be.size(), F::kBytes);
      std::vector<uint8_t> expected_le(expected_be.rbegin(), expected_be.rend());

      std::array<uint8_t, F::kBytes> be{}, le{};
      x.to_bytes_be(be);
      x.to_bytes_le(le);
      EXPECT_EQ(std::vector<uint8_t>(be.begin(), be.end()), expected_be);
      EXPECT_EQ(std::vector<uint8_t>(le.begin(), le.end()), expected_le);

      const std::array<uint8_t, F::kBytes> const_be = be, const_le = le;
      const auto from_be = F::from_bytes_be(const_be);
      const auto from_le = F::from_bytes_le(const_le);
      ASSERT_TRUE(from_be.has_value());
      ASSERT_TRUE(from_le.has_value());
      EXPECT_EQ(*from_be, x);
      EXPECT_EQ(*from_le, x);
    }
  }
}

// The Montgomery representation is the same integer on every path, and canonical ↔
// Montgomery conversion round-trips.
TYPED_TEST(FieldVectors, CanonicalAndMontgomeryForms) {
  using F = TypeParam;
  using Reference = ff::PrimeField<typename FieldInfo<F>::Params, ff::PortableWords>;
  const nlohmann::json& cases = TestFixture::cases();
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const nlohmann::json& c = cases[i];
    const F a = parse_hex<F>(c.at("a"));
    const auto plain = ff::parse_hex_limbs<F::kLimbs>(c.at("a").get<std::string>());
    ASSERT_TRUE(plain.has_value());
    EXPECT_EQ(a.to_canonical(), *plain);
    EXPECT_EQ(a.montgomery(), parse_hex<Reference>(c.at("a")).montgomery());
    EXPECT_EQ(F::from_montgomery(a.montgomery()), a);
    const auto again = F::from_canonical(a.to_canonical());
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(*again, a);
  }
}

TYPED_TEST(FieldVectors, SmallConstants) {
  using F = TypeParam;
  EXPECT_TRUE(F::zero().is_zero());
  EXPECT_TRUE(F::one().is_one());
  EXPECT_FALSE(F::one().is_zero());
  EXPECT_EQ(F::one().to_canonical(), limbs_u64<F::kLimbs>(1));
  EXPECT_EQ(F::from_u64(0), F::zero());
  EXPECT_EQ(F::from_u64(1), F::one());
  EXPECT_EQ(F::from_u64(~uint64_t{0}).to_canonical(), limbs_u64<F::kLimbs>(~uint64_t{0}));
  EXPECT_EQ(F::from_u64(2), F::one() + F::one());
  EXPECT_EQ(F::zero().to_decimal(), "0");
  EXPECT_EQ(F::zero().to_hex(), std::string(16 * F::kLimbs, '0'));
}

}  // namespace
}  // namespace cuzk::fftest
