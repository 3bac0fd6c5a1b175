// `cuzk daemon` and the daemon client commands (`cuzk bench single|batch|stress|status|preload|
// evict`). The only cli file that knows whether the gRPC daemon was built (CUZK_HAVE_GRPC);
// without it these commands explain what to install and exit 2.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

// True for the bench sub-commands that talk to a daemon.
bool is_daemon_bench_command(std::string_view sub);
int run_daemon_command(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_daemon_bench_command(std::string_view sub, std::span<const std::string_view> args, std::ostream& out,
                             std::ostream& err);

}  // namespace cuzk::cli
