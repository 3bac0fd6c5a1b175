// zcash / bellperson point encoding and validating decoding for G1 and G2.
#include "ec/encoding.hpp"

#include <algorithm>
#include <optional>

namespace cuzk::ec {
namespace {

constexpr uint8_t kCompressedFlag = 0x80;
constexpr uint8_t kInfinityFlag = 0x40;
constexpr uint8_t kSignFlag = 0x20;
constexpr uint8_t kFlagMask = kCompressedFlag | kInfinityFlag | kSignFlag;

// Coordinate codecs: Fq is 48 big-endian bytes; Fq2 is c1 ‖ c0.
void write_coordinate(const ff::Fq& v, std::span<uint8_t> out) {
  v.to_bytes_be(out.subspan<0, 48>());
}
void write_coordinate(const ff::Fq2& v, std::span<uint8_t> out) {
  v.c1.to_bytes_be(out.subspan<0, 48>());
  v.c0.to_bytes_be(out.subspan<48, 48>());
}
std::optional<ff::Fq> read_coordinate(std::span<const uint8_t> in, const ff::Fq*) {
  return ff::Fq::from_bytes_be(in.subspan<0, 48>());
}
std::optional<ff::Fq2> read_coordinate(std::span<const uint8_t> in, const ff::Fq2*) {
  const auto c1 = ff::Fq::from_bytes_be(in.subspan<0, 48>());
  const auto c0 = ff::Fq::from_bytes_be(in.subspan<48, 48>());
  if (!c0 || !c1) return std::nullopt;
  return ff::Fq2{*c0, *c1};
}

bool in_subgroup(const G1Affine& p) { return g1_in_subgroup(p); }
bool in_subgroup(const G2Affine& p) { return g2_in_subgroup(p); }

// coordinate_bytes: 48 for G1, 96 for G2
template <class C>
void encode(const Affine<C>& p, PointForm form, size_t coordinate_bytes, std::span<uint8_t> out) {
  std::fill(out.begin(), out.end(), 0);
  if (p.infinity) {
    out[0] = form == PointForm::kCompressed ? kCompressedFlag | kInfinityFlag : kInfinityFlag;
    return;
  }
  write_coordinate(p.x, out.subspan(0, coordinate_bytes));
  if (form == PointForm::kCompressed) {
    out[0] |= kCompressedFlag;
    if (p.y.is_lexicographically_largest()) out[0] |= kSignFlag;
  } else {
    write_coordinate(p.y, out.subspan(coordinate_bytes, coordinate_bytes));
  }
}

template <class C>
Decoded<Affine<C>> decode(std::span<const uint8_t> bytes, PointForm form, SubgroupCheck check,
                          size_t coordinate_bytes) {
  using Field = typename C::Field;
  using Point = Affine<C>;
  const bool compressed = form == PointForm::kCompressed;
  const size_t expected = compressed ? coordinate_bytes : 2 * coordinate_bytes;
  if (bytes.size() != expected) return {Point::identity(), PointError::kWrongLength};

  const uint8_t flags = bytes[0] & kFlagMask;
  const bool compressed_flag = flags & kCompressedFlag;
  const bool infinity_flag = flags & kInfinityFlag;
  const bool sign_flag = flags & kSignFlag;
  if (compressed_flag != compressed) return {Point::identity(), PointError::kBadFlags};
  if (!compressed && sign_flag) return {Point::identity(), PointError::kBadFlags};

  // the coordinates with the flag bits cleared
  std::array<uint8_t, 2 * 96> body{};
  std::copy(bytes.begin(), bytes.end(), body.begin());
  body[0] &= static_cast<uint8_t>(~kFlagMask);
  const std::span<const uint8_t> coords(body.data(), expected);

  if (infinity_flag) {
    const bool rest_zero = std::all_of(coords.begin(), coords.end(), [](uint8_t b) { return b == 0; });
    if (sign_flag || !rest_zero) return {Point::identity(), PointError::kBadFlags};
    return {Point::identity(), PointError::kNone};
  }

  const auto x = read_coordinate(coords.subspan(0, coordinate_bytes), static_cast<const Field*>(nullptr));
  if (!x) return {Point::identity(), PointError::kNotCanonical};
  Point p;
  if (compressed) {
    const auto y = (x->square() * *x + C::b()).sqrt();
    if (!y) return {Point::identity(), PointError::kNotOnCurve};
    p = Point::from_xy(*x, y->is_lexicographically_largest() == sign_flag ? *y : -*y);
  } else {
    const auto y = read_coordinate(coords.subspan(coordinate_bytes, coordinate_bytes), static_cast<const Field*>(nullptr));
    if (!y) return {Point::identity(), PointError::kNotCanonical};
    p = Point::from_xy(*x, *y);
    if (!p.is_on_curve()) return {Point::identity(), PointError::kNotOnCurve};
  }
  if (check == SubgroupCheck::kYes && !in_subgroup(p)) return {Point::identity(), PointError::kNotInSubgroup};
  return {p, PointError::kNone};
}

}  // namespace

std::string_view point_error_message(PointError error) {
  switch (error) {
    case PointError::kNone: return "ok";
    case PointError::kWrongLength: return "wrong length for this point encoding";
    case PointError::kBadFlags: return "bad flag bits (compressed/infinity/sign)";
    case PointError::kNotCanonical: return "coordinate is not below the field modulus";
    case PointError::kNotOnCurve: return "point is not on the curve";
    case PointError::kNotInSubgroup: return "point is not in the prime-order subgroup";
  }
  return "unknown point error";
}

void encode_g1_compressed(const G1Affine& p, std::span<uint8_t, kG1CompressedBytes> out) {
  encode(p, PointForm::kCompressed, 48, out);
}
void encode_g1_uncompressed(const G1Affine& p, std::span<uint8_t, kG1UncompressedBytes> out) {
  encode(p, PointForm::kUncompressed, 48, out);
}
void encode_g2_compressed(const G2Affine& p, std::span<uint8_t, kG2CompressedBytes> out) {
  encode(p, PointForm::kCompressed, 96, out);
}
void encode_g2_uncompressed(const G2Affine& p, std::span<uint8_t, kG2UncompressedBytes> out) {
  encode(p, PointForm::kUncompressed, 96, out);
}

Decoded<G1Affine> decode_g1(std::span<const uint8_t> bytes, PointForm form, SubgroupCheck check) {
  return decode<G1Config>(bytes, form, check, 48);
}
Decoded<G2Affine> decode_g2(std::span<const uint8_t> bytes, PointForm form, SubgroupCheck check) {
  return decode<G2Config>(bytes, form, check, 96);
}

}  // namespace cuzk::ec
