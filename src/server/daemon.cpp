// The daemon: configuration → kind catalog and backends → engine → gRPC server → signal wait
// → drain.
#include "server/daemon.hpp"

#include <grp.h>
#include <grpcpp/grpcpp.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <vector>

#include "backend/prover_factory.hpp"
#include "common/private_files.hpp"
#include "common/trusted_paths.hpp"
#include "kinds/catalog.hpp"
#include "kinds/param_locator.hpp"
#include "server/config.hpp"
#include "server/logger.hpp"
#include "server/metrics_http.hpp"
#include "server/service.hpp"
#include "server/signal_watcher.hpp"
#include "server/transport_security.hpp"
#include "server/unix_listener.hpp"

namespace cuzk::server {
namespace {

// True if something accepts connections on the unix socket at `path`.
bool socket_in_use(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
  const bool in_use = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return in_use;
}

// A user or group named by name or number (empty → std::nullopt: leave it).
Result<std::optional<uint32_t>> resolve_id(const std::string& name, bool group, const char* key) {
  if (name.empty()) return std::optional<uint32_t>();
  if (name.find_first_not_of("0123456789") == std::string::npos && name.size() < 10) {
    return std::optional<uint32_t>(static_cast<uint32_t>(std::stoul(name)));
  }
  std::vector<char> buffer(16384);
  if (group) {
    struct group g {};
    struct group* found = nullptr;
    if (::getgrnam_r(name.c_str(), &g, buffer.data(), buffer.size(), &found) == 0 && found != nullptr) {
      return std::optional<uint32_t>(found->gr_gid);
    }
  } else {
    struct passwd p {};
    struct passwd* found = nullptr;
    if (::getpwnam_r(name.c_str(), &p, buffer.data(), buffer.size(), &found) == 0 && found != nullptr) {
      return std::optional<uint32_t>(found->pw_uid);
    }
  }
  return Status::invalid_argument(std::string(key) + ": no " + (group ? "group" : "user") + " '" + name + "'");
}

// Gives the socket its configured owner, group and mode (Curio often runs as another user).
Status set_socket_access(const DaemonConfig& c) {
  CUZK_ASSIGN_OR_RETURN(const std::optional<uint32_t> uid, resolve_id(c.socket_owner, false, "daemon.socket_owner"));
  CUZK_ASSIGN_OR_RETURN(const std::optional<uint32_t> gid, resolve_id(c.socket_group, true, "daemon.socket_group"));
  if ((uid || gid) && ::chown(c.socket_path.c_str(), uid ? *uid : static_cast<uid_t>(-1),
                              gid ? *gid : static_cast<gid_t>(-1)) != 0) {
    return Status::invalid_argument("cannot give " + c.socket_path + " owner '" + c.socket_owner + "' group '" +
                                    c.socket_group + "': " + std::strerror(errno));
  }
  if (::chmod(c.socket_path.c_str(), c.socket_mode) != 0) {
    return Status::invalid_argument("cannot set the mode of " + c.socket_path + ": " + std::strerror(errno));
  }
  return Status::ok();
}

// The socket's folder (made 0700 when missing) must be trusted: whoever else could write it, or
// a folder above it, could replace our socket with theirs and receive Curio's requests. A stale
// socket of a daemon that did not exit cleanly is removed; a live one is left alone.
Status prepare_socket_path(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.size() >= sizeof(sockaddr_un{}.sun_path)) {
    return Status::invalid_argument("socket path " + path + " is too long for a unix socket");
  }
  const fs::path dir = fs::path(path).parent_path();
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(dir, ec))) {
    CUZK_RETURN_IF_ERROR(ensure_private_dir(dir.string()));
  }
  CUZK_RETURN_IF_ERROR(check_trusted_folder(dir.string(), "socket folder (daemon.listen)"));
  if (fs::exists(fs::symlink_status(path, ec))) {
    if (socket_in_use(path)) return Status(StatusCode::kUnavailable, "another daemon is listening on " + path);
    fs::remove(path, ec);  // stale socket from a daemon that did not exit cleanly
  }
  return Status::ok();
}

// Every folder the daemon reads parameters from or writes to must be trusted
// (common/trusted_paths.hpp): one another local user could change is refused, naming it, its
// owner and mode. Its own folders (generated parameters, cache) are made private when missing.
// Filecoin's fallback cache (/var/tmp/filecoin-proof-parameters, which anyone may create in
// sticky /var/tmp) is left out with a warning instead: `filecoin_cache_dirs` gets the folders
// that may be searched.
Status check_folders(const DaemonConfig& c, std::vector<std::string>& filecoin_cache_dirs,
                     std::vector<std::string>& warnings) {
  for (const std::string& dir : c.param_dirs) {
    CUZK_RETURN_IF_ERROR(check_trusted_folder(dir, "parameter folder (srs.param_dirs, srs.param_cache)"));
  }
  if (Status s = ensure_private_dir(c.generated_dir); !s.is_ok()) {
    return Status(s.code(), "srs.generated_dir: " + s.message());
  }
  if (Status s = ensure_private_dir(kinds::matrices_dir_in(c.cache_dir)); !s.is_ok()) {
    return Status(s.code(), "srs.cache_dir: " + s.message());
  }
  const char* from_environment = std::getenv("FIL_PROOFS_PARAMETER_CACHE");
  filecoin_cache_dirs.clear();
  for (const std::string& dir : kinds::filecoin_param_cache_dirs()) {
    const bool named = from_environment != nullptr && dir == from_environment;
    const Status s = check_trusted_folder(dir, named ? "parameter folder ($FIL_PROOFS_PARAMETER_CACHE)"
                                                     : "Filecoin's parameter folder");
    if (s.is_ok()) {
      filecoin_cache_dirs.push_back(dir);
    } else if (named) {
      return s;
    } else {
      warnings.push_back(s.message() + " (not searched)");
    }
  }
  return Status::ok();
}

std::string describe_workers(const engine::EngineStatus& s) {
  std::string out;
  for (const auto& w : s.workers) out += (out.empty() ? "" : ", ") + w.name;
  if (!s.gpu_note.empty()) out += " (" + s.gpu_note + ")";
  return out;
}

}  // namespace

int run_daemon(DaemonConfig config, std::ostream& out, std::ostream& err) {
  DaemonConfig& c = config;

  Logger logger;
  if (Status s = logger.open(c.log_file); !s.is_ok()) {
    err << "cuzk daemon: logging.file: " << s.message() << "\n";
    return 2;
  }
  const bool quiet = c.log_level == "warn";
  c.engine.log = [&logger, quiet](engine::LogLevel level, std::string_view line) {
    if (!quiet || level == engine::LogLevel::kWarn) logger.line(line);
  };

  // Signals go to one watching thread, made before any other. A second signal, at start-up or
  // while draining, exits at once: the temporaries of files being written are removed first
  // (nothing half-written is left, nothing incomplete was ever renamed into place), the socket
  // too once it is ours (the listener outlives the watcher).
  UnixListener unix_listener;
  SignalWatcher signals([&](int signal_number) {
    const size_t removed = remove_open_temporaries();
    logger.line("received a second " + SignalWatcher::name(signal_number) + ": stopping at once (" +
                std::to_string(removed) + " file(s) being written removed)");
    unix_listener.remove_socket();
  });
  // After the watcher: TLS credentials start gRPC's threads, which must not take the signals.
  Result<TransportSecurity> transport = make_transport_security(c);
  if (!transport.is_ok()) {
    err << "cuzk daemon: " << transport.status().message() << "\n";
    return 2;
  }

  // Before anything is read or bound: every folder trusted, the socket's first.
  if (!c.socket_path.empty()) {
    if (Status s = prepare_socket_path(c.socket_path); !s.is_ok()) {
      err << "cuzk daemon: " << s.message() << "\n";
      return 1;
    }
  }
  std::vector<std::string> folder_warnings;
  kinds::KindsConfig kinds_config;
  if (Status s = check_folders(c, kinds_config.params.filecoin_cache_dirs, folder_warnings); !s.is_ok()) {
    err << "cuzk daemon: " << s.message() << "\n";
    return s.code() == StatusCode::kNotFound ? 2 : 1;  // a configured folder that does not exist
  }
  // Temporaries left by writers killed mid-write (SIGKILL, a crash) would fill the disk forever.
  if (const size_t removed = remove_stale_temporaries_in(c.generated_dir); removed > 0) {
    logger.line("removed " + std::to_string(removed) + " temporary file(s) of killed writers from " +
                c.generated_dir);
  }
  kinds_config.params.param_dirs = c.param_dirs;
  kinds_config.params.generated_dir = c.generated_dir;
  kinds_config.params.matrices_dir = kinds::matrices_dir_in(c.cache_dir);
  kinds_config.bad_zkey_fatal = c.bad_zkey_fatal;
  kinds_config.warn = [&logger](const std::string& warning) { logger.line("warning: " + warning); };
  kinds_config.synthetic_ids = c.synthetic_ids;
  kinds_config.synthetic_on_demand = c.synthetic_on_demand;
  kinds_config.multiplier = [] { return backend::make_gpu_generator_multiplier(); };
  auto catalog = kinds::make_catalog(kinds_config);
  if (!catalog.is_ok()) {
    err << "cuzk daemon: " << catalog.status().message() << "\n";
    return 2;
  }
  engine::EngineParts parts;
  parts.catalog = *catalog;
  parts.backends = [&c](ThreadPool& pool, std::string* note) {
    return backend::make_provers(c.use_gpus, c.gpu_devices, pool, note);
  };
  auto engine = engine::Engine::create(c.engine, std::move(parts));
  if (!engine.is_ok()) {
    err << "cuzk daemon: " << engine.status().message() << "\n";
    return engine.status().code() == StatusCode::kNotFound ? 2 : 1;
  }

  for (const std::string& warning : c.warnings) logger.line("warning: " + warning);
  for (const std::string& warning : transport->warnings) logger.line("warning: " + warning);
  for (const std::string& warning : folder_warnings) logger.line("warning: " + warning);
  // The metrics listener before the gRPC socket: if its port cannot be had, nothing is live yet.
  // It serves the engine's text until the service exists, then the service's (the engine's and
  // the refusals by reason).
  MetricsHttp metrics_http;
  std::atomic<const ProvingService*> metrics_service{nullptr};
  const auto metrics_text = [&] {
    const ProvingService* service = metrics_service.load();
    return service != nullptr ? service->metrics_text() : (*engine)->metrics_text();
  };
  if (!c.metrics_http.empty()) {
    if (Status s = metrics_http.start(c.metrics_http, metrics_text); !s.is_ok()) {
      err << "cuzk daemon: daemon.metrics_http: " << s.message() << "\n";
      return 2;
    }
  }
  RequestRegistryOptions registry;
  registry.retention = c.result_retention;
  registry.max_results_per_client = c.max_retained_results;
  registry.max_jobs = c.max_queued_jobs;
  registry.max_jobs_per_client = c.max_queued_jobs_per_client;
  registry.max_bytes = c.max_queued_bytes;
  registry.max_bytes_per_client = c.max_queued_bytes_per_client;
  ProvingService service(**engine, registry, CallerIdentity(transport->bearer_token));
  // /metrics stops before the service goes, on every way out
  struct StopMetricsFirst {
    MetricsHttp& metrics;
    ~StopMetricsFirst() { metrics.stop(); }
  } stop_metrics_first{metrics_http};
  metrics_service.store(&service);
  grpc::ServerBuilder builder;
  // A unix socket is accepted by UnixListener (so calls know the peer's uid), TCP by gRPC.
  if (c.socket_path.empty()) {
    builder.AddListeningPort(c.listen, transport->tcp_credentials);
  } else {
    Status bound = unix_listener.bind(c.socket_path);
    if (bound.is_ok()) bound = set_socket_access(c);
    if (!bound.is_ok()) {
      err << "cuzk daemon: " << bound.message() << "\n";
      unix_listener.remove_socket();  // ours: never another daemon's socket
      return 1;
    }
  }
  service.add_to(builder);
  const int message_limit = static_cast<int>(std::min<size_t>(c.max_message_bytes + (size_t{1} << 20), INT32_MAX));
  builder.SetMaxReceiveMessageSize(message_limit);
  builder.SetMaxSendMessageSize(INT32_MAX);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server) {
    err << "cuzk daemon: cannot listen on " << c.listen << "\n";
    unix_listener.remove_socket();
    return 1;
  }
  // Whatever way this function returns from here, the listener stops handing connections to the
  // server before the server goes.
  struct StopListener {
    UnixListener& listener;
    ~StopListener() { listener.stop(); }
  } stop_listener{unix_listener};
  if (!c.socket_path.empty()) {
    if (Status s = unix_listener.serve(server.get()); !s.is_ok()) {
      err << "cuzk daemon: " << s.message() << "\n";
      server->Shutdown();
      unix_listener.remove_socket();
      return 1;
    }
  }

  std::ostringstream ready;
  ready << "cuzk daemon " << CUZK_VERSION << " listening on " << c.listen
        << " (workers: " << describe_workers((*engine)->status()) << ")";
  if (!c.metrics_http.empty()) {
    // The bound port (port 0 in the configuration picks a free one).
    ready << ", metrics on http://" << c.metrics_http.substr(0, c.metrics_http.rfind(':')) << ":"
          << metrics_http.port() << "/metrics";
  }
  logger.line(ready.str());
  out.flush();

  const int signal_number = signals.wait_first();
  logger.line("received " + SignalWatcher::name(signal_number) +
              ": no new jobs; draining in-flight jobs (at most " + std::to_string(c.drain_timeout_s) + " s)");
  (*engine)->shutdown(std::chrono::seconds(c.drain_timeout_s));
  unix_listener.stop();
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  metrics_http.stop();
  unix_listener.remove_socket();
  const auto s = (*engine)->status();
  logger.line("cuzk daemon stopped: " + std::to_string(s.done) + " done, " + std::to_string(s.failed) + " failed, " +
              std::to_string(s.cancelled) + " cancelled");
  return 0;
}

}  // namespace cuzk::server
