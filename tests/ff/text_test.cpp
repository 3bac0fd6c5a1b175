// Parsing and printing of Fq and Fr: decimal, hex and byte strings. Values ≥ the modulus,
// stray characters, empty input and overflow must be rejected (never reduced).
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

using ff::Fq;
using ff::Fr;

// Independent decimal/hex spellings of the moduli (computed with Python big integers).
template <class F>
struct Spellings;

template <>
struct Spellings<Fq> {
  static constexpr const char* kModulusDec =
      "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894"
      "272559787";
  static constexpr const char* kModulusMinusOneDec =
      "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894"
      "272559786";
  static constexpr const char* kModulusPlusOneDec =
      "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894"
      "272559788";
  // 2^384 − 1 and 2^384: the largest value that fits the limbs, and the first that does not
  static constexpr const char* kAllOnesDec =
      "3940200619639447921227904010014361380507973927046544666794829340424572177149721061141426625488491564080662"
      "7990306815";
  static constexpr const char* kOverflowDec =
      "3940200619639447921227904010014361380507973927046544666794829340424572177149721061141426625488491564080662"
      "7990306816";
  static constexpr const char* kModulusHex =
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
  static constexpr const char* kModulusMinusOneHex =
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaaa";
};

template <>
struct Spellings<Fr> {
  static constexpr const char* kModulusDec =
      "52435875175126190479447740508185965837690552500527637822603658699938581184513";
  static constexpr const char* kModulusMinusOneDec =
      "52435875175126190479447740508185965837690552500527637822603658699938581184512";
  static constexpr const char* kModulusPlusOneDec =
      "52435875175126190479447740508185965837690552500527637822603658699938581184514";
  static constexpr const char* kAllOnesDec =
      "115792089237316195423570985008687907853269984665640564039457584007913129639935";
  static constexpr const char* kOverflowDec =
      "115792089237316195423570985008687907853269984665640564039457584007913129639936";
  static constexpr const char* kModulusHex = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
  static constexpr const char* kModulusMinusOneHex = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000";
};

template <class F>
class FieldText : public ::testing::Test {};
using TextTypes = ::testing::Types<Fq, Fr>;
struct TextName {
  template <class F>
  static std::string GetName(int) {
    return FieldInfo<F>::kField;
  }
};
TYPED_TEST_SUITE(FieldText, TextTypes, TextName);

TYPED_TEST(FieldText, DecimalAcceptsCanonical) {
  using F = TypeParam;
  using S = Spellings<F>;
  const F minus_one = -F::one();
  const auto parsed = F::from_decimal(S::kModulusMinusOneDec);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(*parsed, minus_one);
  EXPECT_EQ(minus_one.to_decimal(), S::kModulusMinusOneDec);
  EXPECT_EQ(F::from_decimal("0"), F::zero());
  EXPECT_EQ(F::from_decimal("1"), F::one());
  EXPECT_EQ(F::from_decimal("000000000000000000000000000000000000000000000000000000000000000000000000000000000007"),
            F::from_u64(7));
  EXPECT_EQ(F::from_decimal(std::string(400, '0')), F::zero());  // long, but only leading zeros
  EXPECT_EQ(F::from_decimal("18446744073709551616"), F::from_u64(~uint64_t{0}) + F::one());  // 2^64
  EXPECT_EQ(F::from_u64(1234567890123456789u).to_decimal(), "1234567890123456789");
}

TYPED_TEST(FieldText, DecimalRejects) {
  using F = TypeParam;
  using S = Spellings<F>;
  EXPECT_FALSE(F::from_decimal("").has_value()) << "empty";
  for (const char* bad : {"a", "12a", "1 ", " 1", "-1", "+1", "1.0", "1e3", "0x10", "１"}) {
    EXPECT_FALSE(F::from_decimal(bad).has_value()) << "'" << bad << "'";
  }
  EXPECT_FALSE(F::from_decimal(std::string("12\0" "3", 4)).has_value()) << "embedded NUL";
  EXPECT_FALSE(F::from_decimal(S::kModulusDec).has_value()) << "value == modulus";
  EXPECT_FALSE(F::from_decimal(S::kModulusPlusOneDec).has_value()) << "modulus + 1";
  EXPECT_FALSE(F::from_decimal(S::kAllOnesDec).has_value()) << "2^(64N) − 1";
  EXPECT_FALSE(F::from_decimal(S::kOverflowDec).has_value()) << "2^(64N) (limb overflow)";
  EXPECT_FALSE(F::from_decimal(std::string(400, '9')).has_value()) << "400 nines";
  EXPECT_FALSE(F::from_decimal("1" + std::string(399, '0')).has_value()) << "10^399";
  // overflow that wraps to a small value modulo 2^(64N) must not be accepted either
  EXPECT_FALSE(F::from_decimal(std::string(S::kOverflowDec) + "0").has_value()) << "2^(64N)·10";
}

TYPED_TEST(FieldText, HexAcceptsPrefixAndCase) {
  using F = TypeParam;
  using S = Spellings<F>;
  const F minus_one = -F::one();
  EXPECT_EQ(minus_one.to_hex(), S::kModulusMinusOneHex);
  std::string upper = S::kModulusMinusOneHex;
  for (auto& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  for (const std::string& text : {std::string(S::kModulusMinusOneHex), "0x" + std::string(S::kModulusMinusOneHex),
                                  "0X" + std::string(S::kModulusMinusOneHex), upper, "0x" + upper, "0X" + upper,
                                  "0x0000" + upper}) {
    const auto parsed = F::from_hex(text);
    ASSERT_TRUE(parsed.has_value()) << text;
    EXPECT_EQ(*parsed, minus_one) << text;
  }
  EXPECT_EQ(F::from_hex("0"), F::zero());
  EXPECT_EQ(F::from_hex("0x0"), F::zero());
  EXPECT_EQ(F::from_hex("0x1"), F::one());
  EXPECT_EQ(F::from_hex("aBcDeF"), F::from_u64(0xabcdef));
  EXPECT_EQ(F::from_hex("0xFFFFFFFFFFFFFFFF"), F::from_u64(~uint64_t{0}));
  EXPECT_EQ(F::from_hex(std::string(200, '0') + "1"), F::one());  // leading zeros past the width
}

TYPED_TEST(FieldText, HexRejects) {
  using F = TypeParam;
  using S = Spellings<F>;
  for (const char* bad : {"", "0x", "0X", "x1", "0x0x1", "g", "0xg", "12g4", "0x12 ", " 0x12", "-1", "+1", "0bz",
                          "1h", "0x1_0", "ff:ff"}) {
    EXPECT_FALSE(F::from_hex(bad).has_value()) << "'" << bad << "'";
  }
  EXPECT_FALSE(F::from_hex(S::kModulusHex).has_value()) << "value == modulus";
  EXPECT_FALSE(F::from_hex(std::string("0x") + S::kModulusHex).has_value()) << "0x + modulus";
  // modulus + 1 (both moduli end in an odd hex digit other than f)
  std::string plus_one = S::kModulusHex;
  plus_one.back() = static_cast<char>(plus_one.back() + 1);
  EXPECT_FALSE(F::from_hex(plus_one).has_value()) << "modulus + 1";
  EXPECT_FALSE(F::from_hex(std::string(16 * F::kLimbs, 'f')).has_value()) << "2^(64N) − 1";
  EXPECT_FALSE(F::from_hex("1" + std::string(16 * F::kLimbs, '0')).has_value()) << "2^(64N)";
  EXPECT_FALSE(F::from_hex("0x1" + std::string(16 * F::kLimbs, '0')).has_value()) << "0x2^(64N)";
  EXPECT_FALSE(F::from_hex("1" + std::string(400, '0')).has_value()) << "huge";
}

TYPED_TEST(FieldText, BytesRejectNonCanonical) {
  using F = TypeParam;
  using S = Spellings<F>;
  const std::vector<uint8_t> m_be = test::bytes_from_hex(S::kModulusHex);
  ASSERT_EQ(m_be.size(), F::kBytes);
  std::array<uint8_t, F::kBytes> be{}, le{};
  for (size_t i = 0; i < F::kBytes; ++i) {
    be[i] = m_be[i];
    le[F::kBytes - 1 - i] = m_be[i];
  }
  EXPECT_FALSE(F::from_bytes_be(std::as_const(be)).has_value()) << "be: modulus";
  EXPECT_FALSE(F::from_bytes_le(std::as_const(le)).has_value()) << "le: modulus";

  std::array<uint8_t, F::kBytes> ones;
  ones.fill(0xff);
  EXPECT_FALSE(F::from_bytes_be(std::as_const(ones)).has_value()) << "be: 2^(8·kBytes) − 1";
  EXPECT_FALSE(F::from_bytes_le(std::as_const(ones)).has_value()) << "le: 2^(8·kBytes) − 1";

  // modulus − 1 is accepted and round-trips
  be[F::kBytes - 1] = static_cast<uint8_t>(be[F::kBytes - 1] - 1);
  le[0] = static_cast<uint8_t>(le[0] - 1);
  const auto from_be = F::from_bytes_be(std::as_const(be));
  const auto from_le = F::from_bytes_le(std::as_const(le));
  ASSERT_TRUE(from_be.has_value());
  ASSERT_TRUE(from_le.has_value());
  EXPECT_EQ(*from_be, -F::one());
  EXPECT_EQ(*from_le, -F::one());
  std::array<uint8_t, F::kBytes> out{};
  from_be->to_bytes_be(out);
  EXPECT_EQ(out, be);
  from_le->to_bytes_le(out);
  EXPECT_EQ(out, le);

  // zero and one
  std::array<uint8_t, F::kBytes> small{};
  EXPECT_EQ(F::from_bytes_be(std::as_const(small)), F::zero());
  small[F::kBytes - 1] = 1;
  EXPECT_EQ(F::from_bytes_be(std::as_const(small)), F::one());
  EXPECT_EQ(F::from_bytes_le(std::as_const(small)).value().to_canonical()[F::kLimbs - 1], uint64_t{1} << 56);
}

TEST(LimbText, HelpersAtOtherWidths) {
  // the bigint_text helpers on their own, at widths other than the fields'
  EXPECT_EQ(ff::parse_decimal_limbs<1>("18446744073709551615"), ff::Limbs<1>{~uint64_t{0}});
  EXPECT_FALSE(ff::parse_decimal_limbs<1>("18446744073709551616").has_value());
  EXPECT_EQ(ff::parse_hex_limbs<1>("ffffffffffffffff"), ff::Limbs<1>{~uint64_t{0}});
  EXPECT_FALSE(ff::parse_hex_limbs<1>("10000000000000000").has_value());
  EXPECT_EQ(ff::limbs_to_decimal<2>(ff::Limbs<2>{0, 1}), "18446744073709551616");
  EXPECT_EQ(ff::limbs_to_hex<2>(ff::Limbs<2>{0xabc, 1}), "00000000000000010000000000000abc");
  EXPECT_EQ(ff::limbs_to_decimal<2>(ff::Limbs<2>{0, 0}), "0");
}

}  // namespace
}  // namespace cuzk::fftest
