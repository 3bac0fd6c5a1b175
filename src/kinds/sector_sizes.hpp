// The sector sizes Filecoin's registered proofs cover, by the names circuit ids use
// ("window-post-32GiB", "snap-deals-2KiB", "porep-64GiB"), for the kinds that serve them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cuzk::kinds {

inline constexpr std::string_view kFilecoinSectorSizeNames[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};

// "32GiB" for one of the five sizes, "<n> bytes" for any other.
std::string sector_size_name(uint64_t sector_size);

// The circuit id "<prefix><size name>" ("porep-32GiB") for one of the five sizes; empty for
// any other.
std::string sized_circuit_id(std::string_view prefix, uint64_t sector_size);
// The sector size an id of that form names; nullopt for any other id.
std::optional<uint64_t> sized_circuit_id_size(std::string_view prefix, std::string_view id);

}  // namespace cuzk::kinds
