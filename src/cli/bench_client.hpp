// `cuzk bench single|batch|stress|status|preload|evict --addr ADDRESS …`: a client of a running
// daemon (ADDRESS as the daemon's listen setting; default: the daemon's default socket).
//
//   single  --circuit ID [--payload FILE] [--priority P] [--seed S]
//           proves once; prints the job line and the timings line, checks the proof's shape
//           (and, with --vk verification_key.json for circom circuits, verifies it here)
//   batch   --circuit ID --count N [--payload FILE] [--priority P]
//           submits N at once, awaits all; prints throughput (proofs/min) and per-phase medians
//   stress  --duration S [--mix ID:PRIORITY,…]
//           keeps several jobs in flight, mixing circuits and priorities, for S seconds; prints
//           per-priority latency medians and the failures
//   status  pretty-prints GetStatus
//   preload --circuit ID / evict --circuit ID
// Over TCP, as the daemon's listener asks: --tls-ca FILE (TLS, trusting the roots in FILE),
// --tls-cert FILE --tls-key FILE (a client certificate), --token-file FILE (the bearer token).
// Progress is shown on a TTY. Exit 0 when every proof came back, 1 otherwise, 2 on bad usage.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

int run_bench_client(std::string_view command, std::span<const std::string_view> args, std::ostream& out,
                     std::ostream& err);

}  // namespace cuzk::cli
