// Sector sizes parsed from text.
#include "filecoin/sector_size.hpp"

#include <charconv>
#include <string>

#include "common/client_text.hpp"

namespace cuzk::filecoin {

Result<uint64_t> parse_sector_size(std::string_view text) {
  uint64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  const std::string_view unit(end, static_cast<size_t>(text.data() + text.size() - end));
  uint64_t scale = 0;
  if (unit.empty()) scale = 1;
  if (unit == "KiB") scale = kKiB;
  if (unit == "MiB") scale = kMiB;
  if (unit == "GiB") scale = kGiB;
  if (error != std::errc() || scale == 0 || number == 0 || number > (uint64_t{1} << 40)) {
    return Status::invalid_argument("bad sector size " + quote_client_text(text) + " (e.g. 2KiB, 32GiB)");
  }
  return number * scale;
}

}  // namespace cuzk::filecoin
