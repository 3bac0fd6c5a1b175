// The proving server as a library: run_daemon(config) puts the kind catalog (src/kinds) and
// the prover backends (src/backend) together into an engine, serves it over gRPC (a unix socket
// with the configured owner, group and mode — 0660 by default — unless TCP is configured) and runs until SIGTERM/SIGINT: then it stops accepting
// jobs, lets in-flight ones finish (at most daemon.drain_timeout_s; then the rest are cancelled and
// parameter generation stops), and returns 0; a second signal, while starting or draining,
// exits at once with 128 + the signal, removing the temporaries of files being written
// (server/signal_watcher). At start it removes the
// temporaries that killed writers left in srs.generated_dir. It parses
// no flags: the command line (src/cli) reads the configuration and calls it.
// Returns 2 for an invalid configuration (the message names the key), 1 if it could not start
// (the message says why).
#pragma once

#include <ostream>

#include "server/config.hpp"

namespace cuzk::server {

int run_daemon(DaemonConfig config, std::ostream& out, std::ostream& err);

}  // namespace cuzk::server
