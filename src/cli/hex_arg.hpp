// 32-byte values on the command line as hex: randomness and commitments in the byte order the
// request carries them (a field element's little-endian encoding for Filecoin's commitments);
// common/hex.hpp prints them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace cuzk::cli {

// 64 hex digits, an optional 0x in front; nullopt for anything else.
std::optional<std::array<uint8_t, 32>> parse_hex32(std::string_view text);

}  // namespace cuzk::cli
