// zcash / bellperson point encodings of G1 and G2 against the noble vectors: encode, decode,
// and the exact PointError for every invalid entry (with and without the subgroup check).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <set>
#include <string>
#include <vector>

#include "ec_test_util.hpp"

namespace cuzk::ec_test {
namespace {

using ec::PointError;
using ec::PointForm;
using ec::SubgroupCheck;

template <class G>
class EncodingTest : public ::testing::Test {};
TYPED_TEST_SUITE(EncodingTest, Groups, GroupNames);

PointForm form_from_json(const json& j) {
  const std::string form = j.get<std::string>();
  if (form == "compressed") return PointForm::kCompressed;
  if (form != "uncompressed") throw std::runtime_error("bad form in vectors: " + form);
  return PointForm::kUncompressed;
}

PointError error_for_reason(const std::string& reason) {
  static const std::map<std::string, PointError> kErrors = {
      {"length", PointError::kWrongLength},
      {"flags", PointError::kBadFlags},
      {"x_not_canonical", PointError::kNotCanonical},
      {"not_on_curve", PointError::kNotOnCurve},
      {"not_in_subgroup", PointError::kNotInSubgroup},
  };
  const auto it = kErrors.find(reason);
  if (it == kErrors.end()) throw std::runtime_error("unknown reason in vectors: " + reason);
  return it->second;
}

TEST(Encoding, G1GeneratorCheckValue) {
  const std::vector<uint8_t> bytes = G1Group::encode(ec::G1Config::generator(), PointForm::kCompressed);
  EXPECT_EQ(bytes_to_hex(bytes),
            "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
}

TEST(Encoding, ErrorMessagesAreDistinct) {
  std::set<std::string> messages;
  for (const PointError e : {PointError::kNone, PointError::kWrongLength, PointError::kBadFlags,
                             PointError::kNotCanonical, PointError::kNotOnCurve, PointError::kNotInSubgroup}) {
    const std::string message(ec::point_error_message(e));
    EXPECT_FALSE(message.empty());
    messages.insert(message);
  }
  EXPECT_EQ(messages.size(), 6u);
}

TYPED_TEST(EncodingTest, GeneratorEncodings) {
  using G = TypeParam;
  const json& gen = vectors(G::kVectorFile).at("generator");
  const auto g = G::Config::generator();
  EXPECT_EQ(bytes_to_hex(G::encode(g, PointForm::kCompressed)), gen.at("compressed").template get<std::string>());
  EXPECT_EQ(bytes_to_hex(G::encode(g, PointForm::kUncompressed)), gen.at("uncompressed").template get<std::string>());
}

TYPED_TEST(EncodingTest, VectorEncodingsRoundTrip) {
  using G = TypeParam;
  const json& points = vectors(G::kVectorFile).at("encodings");
  ASSERT_EQ(points.size(), 21u);
  size_t infinities = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    SCOPED_TRACE("encoding " + std::to_string(i));
    const auto p = point_from_json<G>(points[i]);
    if (p.is_identity()) ++infinities;
    ASSERT_TRUE(p.is_on_curve());
    const std::string compressed = points[i].at("compressed").template get<std::string>();
    const std::string uncompressed = points[i].at("uncompressed").template get<std::string>();
    ASSERT_EQ(compressed.size(), 2 * G::kCompressedBytes);
    ASSERT_EQ(uncompressed.size(), 2 * G::kUncompressedBytes);

    EXPECT_EQ(bytes_to_hex(G::encode(p, PointForm::kCompressed)), compressed);
    EXPECT_EQ(bytes_to_hex(G::encode(p, PointForm::kUncompressed)), uncompressed);

    for (const SubgroupCheck check : {SubgroupCheck::kYes, SubgroupCheck::kNo}) {
      const auto dc = G::decode(test::bytes_from_hex(compressed), PointForm::kCompressed, check);
      EXPECT_EQ(dc.error, PointError::kNone);
      EXPECT_TRUE(dc.ok());
      EXPECT_EQ(dc.point, p);
      const auto du = G::decode(test::bytes_from_hex(uncompressed), PointForm::kUncompressed, check);
      EXPECT_EQ(du.error, PointError::kNone);
      EXPECT_EQ(du.point, p);
    }
  }
  EXPECT_EQ(infinities, 1u);
}

TYPED_TEST(EncodingTest, VectorInvalidEncodings) {
  using G = TypeParam;
  const json& invalid = vectors(G::kVectorFile).at("invalid");
  ASSERT_EQ(invalid.size(), 36u);
  std::map<PointError, size_t> seen;
  for (size_t i = 0; i < invalid.size(); ++i) {
    const std::string hex = invalid[i].at("hex").template get<std::string>();
    const std::string reason = invalid[i].at("reason").template get<std::string>();
    SCOPED_TRACE("invalid " + std::to_string(i) + " (" + reason + "): " + hex);
    const PointForm form = form_from_json(invalid[i].at("form"));
    const PointError expected = error_for_reason(reason);
    const std::vector<uint8_t> bytes = test::bytes_from_hex(hex);
    ++seen[expected];

    const auto strict = G::decode(bytes, form, SubgroupCheck::kYes);
    EXPECT_EQ(strict.error, expected);
    EXPECT_FALSE(strict.ok());

    const auto trusted = G::decode(bytes, form, SubgroupCheck::kNo);
    if (expected == PointError::kNotInSubgroup) {
      // on the curve, just outside the subgroup: accepted when the caller vouches for it
      ASSERT_EQ(trusted.error, PointError::kNone);
      EXPECT_TRUE(trusted.point.is_on_curve());
      EXPECT_FALSE(trusted.point.is_identity());
      EXPECT_FALSE(G::in_subgroup(trusted.point));
      // and it re-encodes to the same bytes
      EXPECT_EQ(bytes_to_hex(G::encode(trusted.point, form)), hex);
    } else {
      EXPECT_EQ(trusted.error, expected);
    }
  }
  // every error kind is exercised
  EXPECT_EQ(seen.size(), 5u);
}

TYPED_TEST(EncodingTest, RandomPointsRoundTrip) {
  using G = TypeParam;
  Rng rng(201);
  for (int i = 0; i < 6; ++i) {
    const auto p = random_subgroup_point<G>(rng).to_affine();
    for (const auto& q : {p, -p}) {
      const auto c = G::encode(q, PointForm::kCompressed);
      const auto u = G::encode(q, PointForm::kUncompressed);
      ASSERT_EQ(c.size(), G::kCompressedBytes);
      ASSERT_EQ(u.size(), G::kUncompressedBytes);
      EXPECT_EQ(c[0] & 0xc0, 0x80);
      EXPECT_EQ(u[0] & 0xe0, 0);
      EXPECT_EQ((c[0] & 0x20) != 0, q.y.is_lexicographically_largest());
      // compressed is x with the flags; uncompressed starts with x
      EXPECT_EQ(c[0] & 0x1f, u[0]);
      EXPECT_TRUE(std::equal(c.begin() + 1, c.end(), u.begin() + 1));
      const auto dc = G::decode(c, PointForm::kCompressed);
      EXPECT_EQ(dc.error, PointError::kNone);
      EXPECT_EQ(dc.point, q);
      const auto du = G::decode(u, PointForm::kUncompressed);
      EXPECT_EQ(du.error, PointError::kNone);
      EXPECT_EQ(du.point, q);
    }
    // ±P differ only in the sign bit
    const auto cp = G::encode(p, PointForm::kCompressed), cn = G::encode(-p, PointForm::kCompressed);
    EXPECT_EQ(cp[0] ^ cn[0], 0x20);
    EXPECT_TRUE(std::equal(cp.begin() + 1, cp.end(), cn.begin() + 1));
  }
}

TYPED_TEST(EncodingTest, InfinityEncodings) {
  using G = TypeParam;
  using A = typename G::Affine;
  const auto c = G::encode(A::identity(), PointForm::kCompressed);
  const auto u = G::encode(A::identity(), PointForm::kUncompressed);
  EXPECT_EQ(c[0], 0xc0);
  EXPECT_EQ(u[0], 0x40);
  EXPECT_TRUE(std::all_of(c.begin() + 1, c.end(), [](uint8_t b) { return b == 0; }));
  EXPECT_TRUE(std::all_of(u.begin() + 1, u.end(), [](uint8_t b) { return b == 0; }));
  const auto dc = G::decode(c, PointForm::kCompressed);
  EXPECT_TRUE(dc.ok());
  EXPECT_TRUE(dc.point.is_identity());
  const auto du = G::decode(u, PointForm::kUncompressed);
  EXPECT_TRUE(du.ok());
  EXPECT_TRUE(du.point.is_identity());
  // an all-zero buffer is not the identity: compressed lacks its flag, uncompressed is (0, 0)
  EXPECT_EQ(G::decode(std::vector<uint8_t>(G::kCompressedBytes, 0), PointForm::kCompressed).error,
            PointError::kBadFlags);
  EXPECT_EQ(G::decode(std::vector<uint8_t>(G::kUncompressedBytes, 0), PointForm::kUncompressed).error,
            PointError::kNotOnCurve);
}

TYPED_TEST(EncodingTest, WrongLengthAndForm) {
  using G = TypeParam;
  Rng rng(202);
  const auto p = random_subgroup_point<G>(rng).to_affine();
  const auto c = G::encode(p, PointForm::kCompressed);
  const auto u = G::encode(p, PointForm::kUncompressed);
  EXPECT_EQ(G::decode(c, PointForm::kUncompressed).error, PointError::kWrongLength);
  EXPECT_EQ(G::decode(u, PointForm::kCompressed).error, PointError::kWrongLength);
  EXPECT_EQ(G::decode(std::vector<uint8_t>{}, PointForm::kCompressed).error, PointError::kWrongLength);
  EXPECT_EQ(G::decode(std::vector<uint8_t>{}, PointForm::kUncompressed).error, PointError::kWrongLength);
  // flip the compression bit
  auto c2 = c;
  c2[0] &= 0x7f;
  EXPECT_EQ(G::decode(c2, PointForm::kCompressed).error, PointError::kBadFlags);
  auto u2 = u;
  u2[0] |= 0x80;
  EXPECT_EQ(G::decode(u2, PointForm::kUncompressed).error, PointError::kBadFlags);
  // y ± 1 (lowest bit flipped) is off the curve
  auto u3 = u;
  u3.back() ^= 1;
  EXPECT_EQ(G::decode(u3, PointForm::kUncompressed).error, PointError::kNotOnCurve);
}

}  // namespace
}  // namespace cuzk::ec_test
