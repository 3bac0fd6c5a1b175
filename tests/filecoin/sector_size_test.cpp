// Sector sizes parsed from text: the units, plain byte counts, and what is refused.
#include "filecoin/sector_size.hpp"

#include <gtest/gtest.h>

namespace cuzk::filecoin {
namespace {

TEST(SectorSize, Parsing) {
  EXPECT_EQ(*parse_sector_size("2KiB"), 2048u);
  EXPECT_EQ(*parse_sector_size("32GiB"), 32 * kGiB);
  EXPECT_EQ(*parse_sector_size("8MiB"), 8u << 20);
  EXPECT_EQ(*parse_sector_size("2048"), 2048u);
  for (const char* bad : {"", "GiB", "2TiB", "-1", "32 GiB", "0KiB"}) EXPECT_FALSE(parse_sector_size(bad).is_ok()) << bad;
}

}  // namespace
}  // namespace cuzk::filecoin
