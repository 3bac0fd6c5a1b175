// Sector-size names and the circuit ids built from them.
#include "kinds/sector_sizes.hpp"

#include "filecoin/sector_size.hpp"

namespace cuzk::kinds {

std::string sector_size_name(uint64_t sector_size) {
  for (std::string_view name : kFilecoinSectorSizeNames) {
    const Result<uint64_t> size = filecoin::parse_sector_size(name);
    if (size.is_ok() && *size == sector_size) return std::string(name);
  }
  return std::to_string(sector_size) + " bytes";
}

std::string sized_circuit_id(std::string_view prefix, uint64_t sector_size) {
  const std::string name = sector_size_name(sector_size);
  for (std::string_view known : kFilecoinSectorSizeNames) {
    if (known == name) return std::string(prefix) + name;
  }
  return {};
}

std::optional<uint64_t> sized_circuit_id_size(std::string_view prefix, std::string_view id) {
  if (!id.starts_with(prefix)) return std::nullopt;
  const std::string_view rest = id.substr(prefix.size());
  for (std::string_view known : kFilecoinSectorSizeNames) {
    if (known == rest) return filecoin::parse_sector_size(known).value();
  }
  return std::nullopt;
}

}  // namespace cuzk::kinds
