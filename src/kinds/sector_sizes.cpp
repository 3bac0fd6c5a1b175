// Sector-size names: the five registered sizes parsed once each.
#include "kinds/sector_sizes.hpp"

#include "filecoin/post_kind.hpp"

namespace cuzk::kinds {

std::string sector_size_name(uint64_t sector_size) {
  for (std::string_view name : kFilecoinSectorSizeNames) {
    const Result<uint64_t> size = filecoin::parse_sector_size(name);
    if (size.is_ok() && *size == sector_size) return std::string(name);
  }
  return std::to_string(sector_size) + " bytes";
}

}  // namespace cuzk::kinds
