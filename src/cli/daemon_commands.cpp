// Dispatch to the daemon and its client, or an explanation where gRPC was not built.
#include "cli/daemon_commands.hpp"

#ifdef CUZK_HAVE_GRPC
#include "server/bench_client.hpp"
#include "server/daemon.hpp"
#endif

namespace cuzk::cli {
namespace {

[[maybe_unused]] int not_built(std::string_view what, std::ostream& err) {
  err << "cuzk " << what
      << ": this build has no gRPC daemon (install libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev "
         "protobuf-compiler libtomlplusplus-dev, e.g. scripts/install-deps.sh, and rebuild)\n";
  return 2;
}

}  // namespace

bool is_daemon_bench_command(std::string_view sub) {
  return sub == "single" || sub == "batch" || sub == "stress" || sub == "status" || sub == "preload" ||
         sub == "evict";
}

int run_daemon_command(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
#ifdef CUZK_HAVE_GRPC
  return server::run_daemon(args, out, err);
#else
  (void)args;
  (void)out;
  return not_built("daemon", err);
#endif
}

int run_daemon_bench_command(std::string_view sub, std::span<const std::string_view> args, std::ostream& out,
                             std::ostream& err) {
#ifdef CUZK_HAVE_GRPC
  return server::run_bench_client(sub, args, out, err);
#else
  (void)args;
  (void)out;
  return not_built("bench " + std::string(sub), err);
#endif
}

}  // namespace cuzk::cli
