// Bytes as lowercase hexadecimal text (diagnostics, self-checks, test output).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace cuzk {

inline std::string bytes_to_hex(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (const uint8_t b : bytes) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0xf]);
  }
  return out;
}

}  // namespace cuzk
