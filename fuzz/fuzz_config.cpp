// libFuzzer target: the daemon's TOML configuration (server::parse_config from a string, the
// text `cuzk daemon --config` reads) and the value parsers behind it (parse_bytes, set_listen),
// every input to all three.
//
// Invariants checked:
//   * a refusal is INVALID_ARGUMENT whose message begins with the source's name; no exception
//     escapes (toml++'s parse errors become that status);
//   * an accepted configuration is one the daemon can start from: a listen address that
//     set_listen accepts again unchanged (a unix socket's path absolute, and the socket path
//     set exactly for unix sockets), a message limit of 1-2047 MiB that is also the engine's
//     payload limit, a file mode ≤ 0777, a log level of "info" or "warn", warnings that name
//     the source;
//   * parse_bytes never returns more than it can represent, and an accepted listen address
//     normalizes to a fixed point.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_util.hpp"
#include "server/config.hpp"

using namespace cuzk;
using namespace cuzk::server;

namespace {

constexpr const char* kSource = "fuzz.toml";

// set_listen applied to its own result changes nothing.
void check_listen_fixed_point(const DaemonConfig& c) {
  FUZZ_CHECK(!c.listen.empty());
  if (c.socket_path.empty()) {
    FUZZ_CHECK(!c.listen.starts_with("unix:"));
  } else {
    FUZZ_CHECK(c.socket_path[0] == '/');
    FUZZ_CHECK(c.listen == "unix:" + c.socket_path);
  }
  DaemonConfig again = c;
  FUZZ_CHECK(set_listen(again, c.listen).is_ok());
  FUZZ_CHECK(again.listen == c.listen && again.socket_path == c.socket_path);
}

void check_config(const DaemonConfig& c) {
  check_listen_fixed_point(c);
  FUZZ_CHECK(c.max_message_bytes >= (size_t{1} << 20) && c.max_message_bytes <= (size_t{2047} << 20));
  FUZZ_CHECK(c.engine.max_payload_bytes == c.max_message_bytes);
  FUZZ_CHECK(c.drain_timeout_s >= 0);
  FUZZ_CHECK(c.socket_mode <= 0777);
  FUZZ_CHECK(c.log_level == "info" || c.log_level == "warn");
  FUZZ_CHECK(c.engine.pinned_budget_bytes > 0 && c.engine.working_memory_budget_bytes > 0);
  FUZZ_CHECK(c.engine.scheduler.max_batch_size >= 1);
  for (const std::string& w : c.warnings) FUZZ_CHECK(w.starts_with(kSource));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<DaemonConfig> config = parse_config(text, kSource);
  if (config.is_ok()) {
    check_config(*config);
  } else {
    FUZZ_CHECK(config.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(config.status().message().starts_with(kSource));
  }

  if (const std::optional<size_t> bytes = parse_bytes(text)) FUZZ_CHECK(*bytes <= size_t{18'000'000'000'000'000'000u});

  DaemonConfig listen = default_config();
  const std::string address(text);
  if (Status s = set_listen(listen, address); s.is_ok()) {
    check_listen_fixed_point(listen);
  } else {
    FUZZ_CHECK(s.code() == StatusCode::kInvalidArgument && !s.message().empty());
  }
  return 0;
}
