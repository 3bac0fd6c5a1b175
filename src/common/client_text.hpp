// Text a client chose (request ids, job ids, circuit ids, a Commit-1's registered_proof, Miner
// and keys, the bytes a parser stopped at) in answers and log lines: one helper, so that no
// request makes an answer or a log line as large as itself, and no client byte can break a log
// line. A short text is quoted whole; a longer one as its first bytes and its length (an 8 MB
// value stays an 80-byte mention). Bytes outside printable ASCII are written as \xNN.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cuzk {

// The longest client text quoted whole (Curio's ids, "porep-<miner>-<sector>", UUIDs, cuzk's
// circuit ids and Filecoin's proof names are shorter).
inline constexpr size_t kMaxQuotedClientBytes = 64;
// Of a longer one, the bytes quoted before its length.
inline constexpr size_t kQuotedClientPrefixBytes = 32;
// The most characters quote_client_text makes: every quoted byte escaped (4 characters), the
// quotes, the ellipsis and " (<20 digits> bytes)".
inline constexpr size_t kMaxQuotedClientChars = 4 * kMaxQuotedClientBytes + 40;

// "'<text>'" up to kMaxQuotedClientBytes, else "'<its first kQuotedClientPrefixBytes bytes>…'
// (<n> bytes)"; printable ASCII as it is, every other byte (and the quote and backslash) as \xNN.
inline std::string quote_client_text(std::string_view text) {
  const bool whole = text.size() <= kMaxQuotedClientBytes;
  const std::string_view shown = whole ? text : text.substr(0, kQuotedClientPrefixBytes);
  std::string out = "'";
  for (const char c : shown) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f && c != '\'' && c != '\\') {
      out.push_back(c);
      continue;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 15]);
  }
  if (whole) return out + "'";
  out += "…' (";
  out += std::to_string(text.size());
  out += " bytes)";
  return out;
}

}  // namespace cuzk
