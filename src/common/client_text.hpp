// Text a client chose (request ids, job ids, circuit ids) in answers and log lines: quoted as it
// is when short, otherwise only its length, so that no request makes an answer or a log line
// as large as itself (a 100 MB id stays a 40-byte mention).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cuzk {

// The longest client text quoted whole (Curio's ids, "porep-<miner>-<sector>", and UUIDs are
// far shorter; cuzk's circuit ids are under 64 bytes).
inline constexpr size_t kMaxQuotedClientBytes = 256;

// "'<text>'", or "<a <n>-byte value>" beyond kMaxQuotedClientBytes.
inline std::string quote_client_text(std::string_view text) {
  const bool whole = text.size() <= kMaxQuotedClientBytes;
  std::string out = whole ? "'" : "<a ";
  out += whole ? std::string(text) : std::to_string(text.size());
  out += whole ? "'" : "-byte value>";
  return out;
}

}  // namespace cuzk
