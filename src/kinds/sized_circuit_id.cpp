// Circuit ids from sector-size names and back.
#include "kinds/sized_circuit_id.hpp"

#include "filecoin/registered_proofs.hpp"

namespace cuzk::kinds {

std::string sized_circuit_id(std::string_view prefix, uint64_t sector_size) {
  if (!filecoin::is_filecoin_sector_size(sector_size)) return {};
  return std::string(prefix) + filecoin::sector_size_name(sector_size);
}

std::optional<uint64_t> sized_circuit_id_size(std::string_view prefix, std::string_view id) {
  if (!id.starts_with(prefix)) return std::nullopt;
  const std::string_view rest = id.substr(prefix.size());
  for (const uint64_t size : filecoin::kSectorSizes) {
    if (filecoin::sector_size_name(size) == rest) return size;
  }
  return std::nullopt;
}

}  // namespace cuzk::kinds
