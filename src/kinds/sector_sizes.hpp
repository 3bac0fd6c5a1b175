// The sector sizes Filecoin's registered proofs cover, by the names circuit ids use
// ("window-post-32GiB", "snap-deals-2KiB"), for the kinds that serve them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cuzk::kinds {

inline constexpr std::string_view kFilecoinSectorSizeNames[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};

// "32GiB" for one of the five sizes, "<n> bytes" for any other.
std::string sector_size_name(uint64_t sector_size);

}  // namespace cuzk::kinds
