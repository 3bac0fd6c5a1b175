// Conversions between fixed-width unsigned integers (little-endian 64-bit limbs) and text:
// decimal (what snarkjs writes) and hexadecimal, plus big/little-endian byte strings.
// Parsing rejects empty input, stray characters and values that do not fit in N limbs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ff/limb_arith.hpp"

namespace cuzk::ff {

// Decimal digits only ("0".."9"), no sign, no prefix; leading zeros allowed.
template <size_t N>
std::optional<Limbs<N>> parse_decimal_limbs(std::string_view text) {
  if (text.empty()) return std::nullopt;
  Limbs<N> value{};
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    uint64_t carry = static_cast<uint64_t>(c - '0');
    for (size_t i = 0; i < N; ++i) value[i] = PortableWords::mac(value[i], 10, carry, 0, &carry);
    if (carry != 0) return std::nullopt;  // overflow
  }
  return value;
}

// Hex digits, optional "0x"/"0X" prefix, either case.
template <size_t N>
std::optional<Limbs<N>> parse_hex_limbs(std::string_view text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) text.remove_prefix(2);
  if (text.empty()) return std::nullopt;
  Limbs<N> value{};
  size_t bit = 0;
  for (size_t k = text.size(); k-- > 0;) {
    const char c = text[k];
    uint64_t nibble;
    if (c >= '0' && c <= '9') {
      nibble = static_cast<uint64_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      nibble = static_cast<uint64_t>(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      nibble = static_cast<uint64_t>(c - 'A' + 10);
    } else {
      return std::nullopt;
    }
    if (bit >= 64 * N) {
      if (nibble != 0) return std::nullopt;  // overflow (leading zeros are fine)
      continue;
    }
    value[bit / 64] |= nibble << (bit % 64);
    bit += 4;
  }
  return value;
}

template <size_t N>
std::string limbs_to_decimal(Limbs<N> value) {
  std::string digits;
  do {
    // value /= 10, collecting the remainder: schoolbook over 32-bit halves, most significant
    // first (remainder < 10, so every partial dividend fits in 64 bits)
    uint64_t remainder = 0;
    for (size_t i = N; i-- > 0;) {
      const uint64_t hi = (remainder << 32) | (value[i] >> 32);
      const uint64_t q_hi = hi / 10;
      const uint64_t lo = ((hi % 10) << 32) | (value[i] & 0xffffffffu);
      value[i] = (q_hi << 32) | (lo / 10);
      remainder = lo % 10;
    }
    digits.push_back(static_cast<char>('0' + static_cast<int>(remainder)));
  } while (!is_zero_limbs(value));
  std::reverse(digits.begin(), digits.end());
  return digits;
}

// Lowercase, zero-padded to 16·N digits, no prefix.
template <size_t N>
std::string limbs_to_hex(const Limbs<N>& value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16 * N, '0');
  for (size_t i = 0; i < 16 * N; ++i) {
    const size_t nibble_index = 16 * N - 1 - i;
    out[i] = kDigits[(value[nibble_index / 16] >> (4 * (nibble_index % 16))) & 0xf];
  }
  return out;
}

template <size_t N>
void limbs_to_bytes_be(const Limbs<N>& value, std::span<uint8_t, 8 * N> out) {
  for (size_t i = 0; i < 8 * N; ++i) out[8 * N - 1 - i] = static_cast<uint8_t>(value[i / 8] >> (8 * (i % 8)));
}

template <size_t N>
void limbs_to_bytes_le(const Limbs<N>& value, std::span<uint8_t, 8 * N> out) {
  for (size_t i = 0; i < 8 * N; ++i) out[i] = static_cast<uint8_t>(value[i / 8] >> (8 * (i % 8)));
}

template <size_t N>
Limbs<N> limbs_from_bytes_be(std::span<const uint8_t, 8 * N> in) {
  Limbs<N> value{};
  for (size_t i = 0; i < 8 * N; ++i) value[i / 8] |= static_cast<uint64_t>(in[8 * N - 1 - i]) << (8 * (i % 8));
  return value;
}

template <size_t N>
Limbs<N> limbs_from_bytes_le(std::span<const uint8_t, 8 * N> in) {
  Limbs<N> value{};
  for (size_t i = 0; i < 8 * N; ++i) value[i / 8] |= static_cast<uint64_t>(in[i]) << (8 * (i % 8));
  return value;
}

}  // namespace cuzk::ff
