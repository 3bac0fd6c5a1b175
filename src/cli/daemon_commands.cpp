// Dispatch to the daemon and its client, or an explanation where gRPC was not built.
#include "cli/daemon_commands.hpp"

#ifdef CUZK_HAVE_GRPC
#include "cli/bench_client.hpp"
#include "cli/flags.hpp"
#include "server/config.hpp"
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
  static constexpr FlagSpec kSpecs[] = {{"config", false}, {"listen", false}};
  std::string error;
  const auto flags = Flags::parse("daemon", args, kSpecs, &error);
  if (!flags) {
    err << error << "\nusage: cuzk daemon [--config cuzk.toml] [--listen unix:/path.sock|tcp:host:port]\n";
    return 2;
  }
  auto config = flags->has("config") ? server::load_config(flags->get("config"))
                                     : Result<server::DaemonConfig>(server::default_config());
  if (!config.is_ok()) {
    err << "cuzk daemon: invalid configuration: " << config.status().message() << "\n";
    return 2;
  }
  if (flags->has("listen")) {
    if (Status s = server::set_listen(*config, flags->get("listen")); !s.is_ok()) {
      err << "cuzk daemon: --listen: " << s.message() << "\n";
      return 2;
    }
  }
  return server::run_daemon(std::move(config).value(), out, err);
#else
  (void)args;
  (void)out;
  return not_built("daemon", err);
#endif
}

int run_daemon_bench_command(std::string_view sub, std::span<const std::string_view> args, std::ostream& out,
                             std::ostream& err) {
#ifdef CUZK_HAVE_GRPC
  return run_bench_client(sub, args, out, err);
#else
  (void)args;
  (void)out;
  return not_built("bench " + std::string(sub), err);
#endif
}

}  // namespace cuzk::cli
