// `cuzk daemon [--config cuzk.toml] [--listen ADDRESS]`: the proving server. Loads the
// configuration (embedded defaults without a file), registers the circuits, starts the engine
// and the gRPC service (unix socket, mode 0660, unless TCP is configured), and runs until
// SIGTERM/SIGINT: then it stops accepting jobs, lets in-flight ones finish (at most
// daemon.drain_timeout_s), and exits 0. Exit 2: bad usage or an invalid configuration (the
// message names the key); 1: it could not start (the message says why).
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::server {

int run_daemon(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::server
