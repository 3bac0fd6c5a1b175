// Sector sizes as text: the binary units Filecoin names its sizes in and the parser of sizes
// given as "2KiB", "32GiB" or a byte count (command lines, circuit ids).
#pragma once

#include <cstdint>
#include <string_view>

#include "common/status.hpp"

namespace cuzk::filecoin {

inline constexpr uint64_t kKiB = uint64_t{1} << 10;
inline constexpr uint64_t kMiB = uint64_t{1} << 20;
inline constexpr uint64_t kGiB = uint64_t{1} << 30;

// Bytes from "2KiB", "32GiB", "8MiB", or a plain byte count; kInvalidArgument naming the text
// for anything else, zero, or more than 2^40 units.
Result<uint64_t> parse_sector_size(std::string_view text);

}  // namespace cuzk::filecoin
