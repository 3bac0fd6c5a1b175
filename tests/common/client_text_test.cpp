// quote_client_text: short text quoted whole, long text as a prefix and its length, every byte
// outside printable ASCII escaped, and no answer longer than kMaxQuotedClientChars.
#include "common/client_text.hpp"

#include <gtest/gtest.h>

namespace cuzk {
namespace {

TEST(ClientText, ShortTextIsQuotedWhole) {
  EXPECT_EQ(quote_client_text("porep-1000-42"), "'porep-1000-42'");
  EXPECT_EQ(quote_client_text(""), "''");
  EXPECT_EQ(quote_client_text(std::string(kMaxQuotedClientBytes, 'a')), "'" + std::string(kMaxQuotedClientBytes, 'a') + "'");
}

TEST(ClientText, LongTextIsAPrefixAndItsLength) {
  const std::string huge(8 << 20, 'x');
  EXPECT_EQ(quote_client_text(huge), "'" + std::string(kQuotedClientPrefixBytes, 'x') + "…' (8388608 bytes)");
}

TEST(ClientText, BytesOutsidePrintableAsciiAreEscaped) {
  EXPECT_EQ(quote_client_text("a\nb'c\\\x01\xff"), "'a\\x0ab\\x27c\\x5c\\x01\\xff'");
  // Whatever the bytes, the quote stays within its bound.
  std::string worst(kMaxQuotedClientBytes, '\n');
  EXPECT_LE(quote_client_text(worst).size(), kMaxQuotedClientChars);
  worst.resize(size_t{1} << 20, '\xff');
  EXPECT_LE(quote_client_text(worst).size(), kMaxQuotedClientChars);
}

}  // namespace
}  // namespace cuzk
