// The daemon's configuration: embedded defaults, overridden by a TOML file.
//
//   [daemon]     listen = "unix:/run/cuzk/cuzk.sock" | "unix:///run/curio/cuzk.sock" |
//                "tcp:127.0.0.1:9820" | "0.0.0.0:9820"; drain_timeout_s; max_message_mib;
//                self_verify; metrics_http = "127.0.0.1:9821" (optional; an IPv4 address or
//                localhost, port 0: any free one);
//                socket_owner = "curio", socket_group = "curio" (names or numbers; default:
//                the daemon's), socket_mode = "0660" (or 0o660);
//                result_retention_s = 3600 (finished results kept for retries and awaits),
//                max_retained_results = 1000;
//                max_queued_jobs = 1024, max_queued_jobs_per_client = 256, max_queued_bytes =
//                "8GiB", max_queued_bytes_per_client = "4GiB" (jobs queued or running and their
//                payloads; more is refused with RESOURCE_EXHAUSTED naming the key);
//                TCP only: tls_cert / tls_key (PEM files; the key private to this user),
//                tls_client_ca (PEM: clients must present a certificate it signed),
//                auth_token_file (a private file holding the bearer token every call must
//                carry), insecure = true (TCP with neither: allowed only so, warned at start)
//   [memory]     pinned_budget = "16GiB"; working_memory_budget = "8GiB"  (or integer bytes)
//   [gpus]       enabled = true; devices = [0, 1] (empty: all); affinity = true
//   [scheduler]  max_batch_size; max_batch_wait_ms; sort_by_type
//   [synthesis]  threads (0: one per core)
//   [prover]     threads (CPU prover / GPU host threads; 0: one per core)
//   [srs]        param_dirs = [...] (every <id>.zkey there is a circom circuit <id>; an
//                <id>.params there holds native circuit <id>'s bellperson parameters);
//                param_cache = "/data/zk/params" (Curio's key, searched after param_dirs;
//                unset: Curio's default folder where it exists);
//                generated_dir (parameters generated for synthetic and test circuits; one
//                damaged since cuzk wrote it is generated again);
//                cache_dir (cuzk's own cache: the recorded constraint matrices of the
//                parameters, never written beside them; default $CACHE_DIRECTORY,
//                $XDG_CACHE_HOME/cuzk or ~/.cache/cuzk);
//                bad_zkey_fatal = false (true: an unreadable zkey stops the start instead of
//                being skipped with a warning naming it);
//                preload = ["circuit-id", ...]
//   [circuits]   synthetic = ["synthetic-16384", ...] (benchmark circuits offered);
//                synthetic_on_demand = false (true: any synthetic-<N>[x<P>] a client names,
//                whose parameters the daemon then generates and writes to disk)
//   [logging]    level = "info" | "warn" (Curio's "trace", "debug" read as info, "error" as
//                warn); file = "" (stderr)
//
// Curio's Rust daemon's keys are accepted too, so an operator's cuzk.toml works unchanged:
// mapped where cuzk has the feature — gpus.gpu_threads → prover.threads (unless set),
// pipeline.synthesis_concurrency → the number of units synthesized at once, srs.param_cache,
// logging.level — and otherwise ignored with a warning naming the key (daemon.status_listen,
// memory.total_budget / safety_margin / eviction_min_idle, gpus.gpu_workers_per_device,
// synthesis.partition_workers, pipeline.enabled / synthesis_lookahead /
// max_parallel_synthesis / slot_size / max_gpu_queue_depth, logging.format).
//
// With no file the daemon listens on a unix socket under $RUNTIME_DIRECTORY (systemd's
// RuntimeDirectory=, as in packaging/cuzk.service), $XDG_RUNTIME_DIR or /tmp/cuzk-<uid>
// and proves on every GPU, or on the CPU. Unknown sections or keys, wrong types and bad values
// (sizes, ports, addresses, relative folders) are errors naming the key, found before the
// daemon binds anything.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "engine/engine.hpp"

namespace cuzk::server {

struct DaemonConfig {
  std::string listen;  // gRPC address: "unix:<path>" or "<host>:<port>"
  std::string socket_path;  // the path when listening on a unix socket, else empty
  int drain_timeout_s = 60;
  // The largest request: real payloads are a 32 GiB WindowPoSt partition's vanilla proofs
  // (~59 MB) and a 32 GiB Commit-1 output in Curio's base64 wrapper (~70 MB); Curio's Rust
  // daemon accepts 128 MiB too.
  size_t max_message_bytes = size_t{128} << 20;
  std::string metrics_http;  // "<host>:<port>" or empty
  std::string socket_owner, socket_group;  // user / group names or numbers; empty: the daemon's
  uint32_t socket_mode = 0660;
  std::chrono::seconds result_retention{3600};
  size_t max_retained_results = 1000;
  // Jobs queued or running and their payload bytes, in all and per client (RequestRegistry).
  size_t max_queued_jobs = 1024, max_queued_jobs_per_client = 256;
  size_t max_queued_bytes = size_t{8} << 30, max_queued_bytes_per_client = size_t{4} << 30;
  // A TCP listener's protection (server/transport_security.hpp); unused on a unix socket.
  std::string tls_cert, tls_key, tls_client_ca;
  std::string auth_token_file;
  bool insecure = false;
  bool use_gpus = true;          // one worker per GPU where CUDA is built and a GPU is present
  std::vector<int> gpu_devices;  // empty → all
  std::vector<std::string> param_dirs;
  std::string generated_dir;
  std::string cache_dir;  // cuzk's own cache (recorded matrices under <cache_dir>/recorded-matrices)
  bool bad_zkey_fatal = false;
  std::vector<std::string> synthetic_ids;
  bool synthetic_on_demand = false;
  std::string log_level = "info";
  std::string log_file;
  engine::EngineConfig engine;
  // "<source>: <key>: ignored (…)" for each of Curio's keys cuzk does not implement; the daemon
  // logs them at start.
  std::vector<std::string> warnings;
};

// The embedded defaults (no file).
DaemonConfig default_config();
// Defaults overridden by the TOML text; `source` names it in messages. Errors:
// INVALID_ARGUMENT "<source>: <key>: <problem>".
Result<DaemonConfig> parse_config(std::string_view toml_text, const std::string& source);
// Reads and parses a file: a regular file of at most 1 MiB (NOT_FOUND if it cannot be opened;
// INVALID_ARGUMENT naming it for a FIFO, a device, a directory or a larger file).
Result<DaemonConfig> load_config(const std::string& path);
// "16GiB", "512MiB", "1.5GiB", "4096" → bytes: decimal digits (one '.' allowed) and a unit;
// nothing else ("0x10GiB", "1e3", "-1", "inf").
std::optional<size_t> parse_bytes(std::string_view text);
// "9820" → 9820: decimal digits, 0 to 65535; nothing else ("abc", "+1", "0x10", "65536").
std::optional<uint16_t> parse_port(std::string_view text);
// Normalizes a listen address: "unix:…"/"unix://…"/an absolute path → unix socket; "tcp:h:p",
// "tcp://h:p", "h:p" → TCP (a port from 1 to 65535). Sets socket_path for unix sockets. Error
// names the address.
Status set_listen(DaemonConfig& config, const std::string& address);

}  // namespace cuzk::server
