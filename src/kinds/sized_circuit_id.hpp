// Circuit ids named by a sector size, "<prefix><size name>" ("porep-32GiB", "window-post-2KiB",
// "snap-deals-64GiB"), for the kinds that serve Filecoin's sector sizes
// (filecoin/registered_proofs.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cuzk::kinds {

// The circuit id "<prefix><size name>" ("porep-32GiB") for one of Filecoin's sector sizes; empty
// for any other.
std::string sized_circuit_id(std::string_view prefix, uint64_t sector_size);
// The sector size an id of that form names; nullopt for any other id.
std::optional<uint64_t> sized_circuit_id_size(std::string_view prefix, std::string_view id);

}  // namespace cuzk::kinds
