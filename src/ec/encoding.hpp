// The zcash / bellperson BLS12-381 point encodings (also used by Filecoin params and proofs).
//   G1: compressed 48 bytes (x), uncompressed 96 bytes (x ‖ y), big-endian.
//   G2: compressed 96 bytes, uncompressed 192; an Fq2 coordinate is written c1 then c0.
// The three top bits of byte 0 are flags: 0x80 compressed, 0x40 infinity, 0x20 sign (y is the
// lexicographically larger of ±y; compressed only). Infinity is the flag byte with all other
// bits zero. Decoding validates, in order: length, flags, coordinates < p, on the curve, in the
// prime-order subgroup (unless the caller vouches for the source) — each with its own error.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "ec/g1.hpp"
#include "ec/g2.hpp"

namespace cuzk::ec {

inline constexpr size_t kG1CompressedBytes = 48;
inline constexpr size_t kG1UncompressedBytes = 96;
inline constexpr size_t kG2CompressedBytes = 96;
inline constexpr size_t kG2UncompressedBytes = 192;

enum class PointForm { kCompressed, kUncompressed };

enum class PointError {
  kNone = 0,
  kWrongLength,    // byte count does not match the form
  kBadFlags,       // flag bits inconsistent with the form, or a malformed infinity
  kNotCanonical,   // a coordinate is ≥ p
  kNotOnCurve,     // no such point on the curve (compressed: x³ + b is not a square)
  kNotInSubgroup,  // on the curve but outside the order-r subgroup
};

// "wrong length", "bad flag bits", … (static storage)
std::string_view point_error_message(PointError error);

// Whether decoding runs the subgroup test; kNo only for trusted sources (bellperson's
// "unchecked" parameter reads). The on-curve and canonical checks always run.
enum class SubgroupCheck { kYes, kNo };

template <class P>
struct Decoded {
  P point;
  PointError error = PointError::kNone;
  bool ok() const { return error == PointError::kNone; }
};

void encode_g1_compressed(const G1Affine& p, std::span<uint8_t, kG1CompressedBytes> out);
void encode_g1_uncompressed(const G1Affine& p, std::span<uint8_t, kG1UncompressedBytes> out);
void encode_g2_compressed(const G2Affine& p, std::span<uint8_t, kG2CompressedBytes> out);
void encode_g2_uncompressed(const G2Affine& p, std::span<uint8_t, kG2UncompressedBytes> out);

Decoded<G1Affine> decode_g1(std::span<const uint8_t> bytes, PointForm form,
                            SubgroupCheck check = SubgroupCheck::kYes);
Decoded<G2Affine> decode_g2(std::span<const uint8_t> bytes, PointForm form,
                            SubgroupCheck check = SubgroupCheck::kYes);

}  // namespace cuzk::ec
