// DaemonConfig: defaults and TOML parsing with errors naming the key.
#include "server/config.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "common/file_reader.hpp"
#include "kinds/param_locator.hpp"
#include "server/metrics_http.hpp"

namespace cuzk::server {
namespace {

std::string default_socket_path() {
  // systemd's RuntimeDirectory= (the installed cuzk.service: /run/cuzk, Curio's group); its
  // first folder when it lists several.
  if (const char* service = std::getenv("RUNTIME_DIRECTORY"); service != nullptr && service[0] == '/') {
    const std::string dirs = service;
    return dirs.substr(0, dirs.find(':')) + "/cuzk.sock";
  }
  if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime != nullptr && runtime[0] == '/') {
    return std::string(runtime) + "/cuzk.sock";
  }
  return "/tmp/cuzk-" + std::to_string(::getuid()) + "/cuzk.sock";
}

class Reader {
 public:
  Reader(const toml::table& root, std::string source) : root_(root), source_(std::move(source)) {}

  Status error(const std::string& key, const std::string& problem) const {
    return Status::invalid_argument(source_ + ": " + key + ": " + problem);
  }

  // Every section and key must be known.
  Status check_known(const std::map<std::string, std::set<std::string>>& known) const {
    for (const auto& [section, node] : root_) {
      const std::string name(section.str());
      auto it = known.find(name);
      if (it == known.end()) return error(name, "unknown section");
      const toml::table* table = node.as_table();
      if (table == nullptr) return error(name, "must be a table ([" + name + "])");
      for (const auto& [key, value] : *table) {
        if (it->second.count(std::string(key.str())) == 0) return error(name + "." + std::string(key.str()), "unknown key");
      }
    }
    return Status::ok();
  }

  const toml::node* node(const std::string& section, const std::string& key) const {
    const toml::table* table = root_[section].as_table();
    return table == nullptr ? nullptr : table->get(key);
  }

  Status get_string(const std::string& section, const std::string& key, std::string& out) const {
    const toml::node* n = node(section, key);
    if (n == nullptr) return Status::ok();
    if (!n->is_string()) return error(section + "." + key, "must be a string");
    out = **n->as_string();
    return Status::ok();
  }
  Status get_bool(const std::string& section, const std::string& key, bool& out) const {
    const toml::node* n = node(section, key);
    if (n == nullptr) return Status::ok();
    if (!n->is_boolean()) return error(section + "." + key, "must be true or false");
    out = **n->as_boolean();
    return Status::ok();
  }
  Status get_int(const std::string& section, const std::string& key, int64_t min, int64_t max, int64_t& out) const {
    const toml::node* n = node(section, key);
    if (n == nullptr) return Status::ok();
    if (!n->is_integer()) return error(section + "." + key, "must be an integer");
    const int64_t v = **n->as_integer();
    if (v < min || v > max) {
      return error(section + "." + key, "must be in [" + std::to_string(min) + ", " + std::to_string(max) + "], got " +
                                            std::to_string(v));
    }
    out = v;
    return Status::ok();
  }
  Status get_bytes(const std::string& section, const std::string& key, size_t& out) const {
    const toml::node* n = node(section, key);
    if (n == nullptr) return Status::ok();
    if (n->is_integer() && **n->as_integer() > 0) {
      out = static_cast<size_t>(**n->as_integer());
      return Status::ok();
    }
    if (n->is_string()) {
      if (auto v = parse_bytes(**n->as_string()); v && *v > 0) {
        out = *v;
        return Status::ok();
      }
    }
    return error(section + "." + key, "must be a positive size such as \"16GiB\", \"512MiB\" or a byte count");
  }
  Status get_strings(const std::string& section, const std::string& key, std::vector<std::string>& out) const {
    const toml::node* n = node(section, key);
    if (n == nullptr) return Status::ok();
    const toml::array* array = n->as_array();
    if (array == nullptr) return error(section + "." + key, "must be an array of strings");
    out.clear();
    for (const auto& item : *array) {
      if (!item.is_string()) return error(section + "." + key, "must be an array of strings");
      out.push_back(**item.as_string());
    }
    return Status::ok();
  }
  Status get_ints(const std::string& section, const std::string& key, std::vector<int>& out) const {
    const toml::node* n = node(section, key);
    if (n == nullptr) return Status::ok();
    const toml::array* array = n->as_array();
    if (array == nullptr) return error(section + "." + key, "must be an array of device numbers");
    out.clear();
    for (const auto& item : *array) {
      if (!item.is_integer() || **item.as_integer() < 0 || **item.as_integer() > 1024) {
        return error(section + "." + key, "must be an array of device numbers (0, 1, …)");
      }
      out.push_back(static_cast<int>(**item.as_integer()));
    }
    return Status::ok();
  }

 private:
  const toml::table& root_;
  std::string source_;
};

// A configuration file is read whole; Curio's cuzk.toml is about 2 KB.
constexpr size_t kMaxConfigBytes = size_t{1} << 20;

// The folder Curio's daemon reads Filecoin's parameters from by default (srs.param_cache).
constexpr const char* kCurioParamCache = "/data/zk/params";

// Curio's Rust daemon's keys: mapped onto ours where cuzk has the feature, else a warning.
Status read_curio_keys(const Reader& r, DaemonConfig& c) {
  struct Ignored {
    const char* section;
    const char* key;
    const char* why;
  };
  static constexpr Ignored kIgnored[] = {
      {"daemon", "status_listen", "cuzk has no JSON /status endpoint; daemon.metrics_http serves Prometheus text"},
      {"memory", "total_budget", "cuzk budgets memory.pinned_budget and memory.working_memory_budget separately"},
      {"memory", "safety_margin", "cuzk budgets memory.pinned_budget and memory.working_memory_budget separately"},
      {"memory", "eviction_min_idle", "cuzk evicts the least recently used parameters when over memory.pinned_budget"},
      {"gpus", "gpu_workers_per_device", "cuzk runs one worker per GPU"},
      {"synthesis", "partition_workers", "the working-memory budget bounds the partitions in flight"},
      {"pipeline", "enabled", "cuzk always pipelines synthesis and proving"},
      {"pipeline", "synthesis_lookahead", "the working-memory budget bounds what waits for a GPU"},
      {"pipeline", "max_parallel_synthesis", "synthesis.threads and pipeline.synthesis_concurrency bound synthesis"},
      {"pipeline", "slot_size", "cuzk always proves partition by partition"},
      {"pipeline", "max_gpu_queue_depth", "the working-memory budget bounds what waits for a GPU"},
      {"logging", "format", "cuzk logs plain lines"},
  };
  for (const Ignored& i : kIgnored) {
    if (r.node(i.section, i.key) == nullptr) continue;
    std::string warning = r.error(std::string(i.section) + "." + i.key, "ignored (").message();
    warning += i.why;
    warning += ")";
    c.warnings.push_back(std::move(warning));
  }
  if (r.node("prover", "threads") == nullptr) {
    int64_t v = static_cast<int64_t>(c.engine.prover_threads);
    CUZK_RETURN_IF_ERROR(r.get_int("gpus", "gpu_threads", 0, 4096, v));
    c.engine.prover_threads = static_cast<size_t>(v);
  } else if (r.node("gpus", "gpu_threads") != nullptr) {
    c.warnings.push_back(r.error("gpus.gpu_threads", "ignored (prover.threads is set)").message());
  }
  int64_t drivers = static_cast<int64_t>(c.engine.synthesis_drivers);
  CUZK_RETURN_IF_ERROR(r.get_int("pipeline", "synthesis_concurrency", 1, 64, drivers));
  c.engine.synthesis_drivers = static_cast<size_t>(drivers);
  return Status::ok();
}

// daemon.socket_owner / socket_group / socket_mode, result_retention_s, max_retained_results.
Status read_socket_and_retention(const Reader& r, DaemonConfig& c) {
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "socket_owner", c.socket_owner));
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "socket_group", c.socket_group));
  if (const toml::node* n = r.node("daemon", "socket_mode")) {
    int64_t mode = -1;
    if (n->is_integer()) mode = **n->as_integer();  // 0o660 in TOML
    if (n->is_string()) {
      const std::string& text = **n->as_string();
      char* end = nullptr;
      const long parsed = std::strtol(text.c_str(), &end, 8);
      if (!text.empty() && end == text.c_str() + text.size()) mode = parsed;
    }
    if (mode < 0 || mode > 0777) return r.error("daemon.socket_mode", "must be a file mode such as \"0660\" or 0o660");
    c.socket_mode = static_cast<uint32_t>(mode);
  }
  int64_t v = c.result_retention.count();
  CUZK_RETURN_IF_ERROR(r.get_int("daemon", "result_retention_s", 0, 7 * 86400, v));
  c.result_retention = std::chrono::seconds(v);
  v = static_cast<int64_t>(c.max_retained_results);
  CUZK_RETURN_IF_ERROR(r.get_int("daemon", "max_retained_results", 0, 1000000, v));
  c.max_retained_results = static_cast<size_t>(v);
  return Status::ok();
}

// daemon.max_queued_*, and a TCP listener's tls_* / auth_token_file / insecure.
Status read_limits_and_transport(const Reader& r, DaemonConfig& c) {
  int64_t v = static_cast<int64_t>(c.max_queued_jobs);
  CUZK_RETURN_IF_ERROR(r.get_int("daemon", "max_queued_jobs", 1, 1000000, v));
  c.max_queued_jobs = static_cast<size_t>(v);
  v = static_cast<int64_t>(c.max_queued_jobs_per_client);
  CUZK_RETURN_IF_ERROR(r.get_int("daemon", "max_queued_jobs_per_client", 1, 1000000, v));
  c.max_queued_jobs_per_client = static_cast<size_t>(v);
  CUZK_RETURN_IF_ERROR(r.get_bytes("daemon", "max_queued_bytes", c.max_queued_bytes));
  CUZK_RETURN_IF_ERROR(r.get_bytes("daemon", "max_queued_bytes_per_client", c.max_queued_bytes_per_client));
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "tls_cert", c.tls_cert));
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "tls_key", c.tls_key));
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "tls_client_ca", c.tls_client_ca));
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "auth_token_file", c.auth_token_file));
  CUZK_RETURN_IF_ERROR(r.get_bool("daemon", "insecure", c.insecure));
  if (c.tls_cert.empty() != c.tls_key.empty()) {
    return r.error(c.tls_cert.empty() ? "daemon.tls_cert" : "daemon.tls_key",
                   "daemon.tls_cert and daemon.tls_key go together");
  }
  if (!c.tls_client_ca.empty() && c.tls_cert.empty()) {
    return r.error("daemon.tls_client_ca", "needs daemon.tls_cert and daemon.tls_key");
  }
  return Status::ok();
}

}  // namespace

std::optional<size_t> parse_bytes(std::string_view text) {
  static const std::pair<std::string_view, double> kUnits[] = {
      {"KiB", 1024.0}, {"MiB", 1024.0 * 1024}, {"GiB", 1024.0 * 1024 * 1024}, {"TiB", 1024.0 * 1024 * 1024 * 1024},
      {"KB", 1e3},     {"MB", 1e6},            {"GB", 1e9},                   {"B", 1}};
  double scale = 1;
  for (const auto& [suffix, factor] : kUnits) {
    if (text.ends_with(suffix)) {
      text.remove_suffix(suffix.size());
      scale = factor;
      break;
    }
  }
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  // Decimal digits with at most one '.' between digits: no sign, exponent, hexadecimal ("0x10"),
  // "inf" or "nan", which strtod would take.
  const size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  const auto digits = [](std::string_view part) {
    return !part.empty() && part.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (!digits(whole) || (dot != std::string_view::npos && !digits(fraction))) return std::nullopt;
  const std::string number(text);
  const double v = std::strtod(number.c_str(), nullptr);
  if (!std::isfinite(v) || v * scale > 1.8e19) return std::nullopt;
  return static_cast<size_t>(v * scale);
}

std::optional<uint16_t> parse_port(std::string_view text) {
  if (text.empty() || text.size() > 5 || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  const unsigned long v = std::stoul(std::string(text));
  if (v > 65535) return std::nullopt;
  return static_cast<uint16_t>(v);
}

Status set_listen(DaemonConfig& config, const std::string& address) {
  std::string_view a = address;
  auto unix_path = [&](std::string_view path) -> Status {
    if (path.empty() || path[0] != '/') {
      return Status::invalid_argument("listen address '" + address + "': a unix socket needs an absolute path");
    }
    // One leading slash: "unix:" + "//run/x" would read back as the URI "unix://run/x".
    while (path.starts_with("//")) path.remove_prefix(1);
    config.socket_path = std::string(path);
    config.listen = "unix:" + config.socket_path;
    return Status::ok();
  };
  if (a.starts_with("unix://")) return unix_path(a.substr(7));
  if (a.starts_with("unix:")) return unix_path(a.substr(5));
  if (a.starts_with("/")) return unix_path(a);
  if (a.starts_with("tcp://")) a.remove_prefix(6);
  else if (a.starts_with("tcp:")) a.remove_prefix(4);
  const size_t colon = a.rfind(':');
  // A host has no '/' and no second prefix: "tcp:/x:1" would read back as a unix socket,
  // "tcp:unix:/x:1" is one, "tcp:tcp:x:1" would read back as "x:1".
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == a.size() || a.find('/') != std::string_view::npos ||
      a.starts_with("unix:") || a.starts_with("tcp:")) {
    return Status::invalid_argument("listen address '" + address +
                                    "': expected unix:/path/to.sock or tcp:host:port");
  }
  if (const std::optional<uint16_t> port = parse_port(a.substr(colon + 1)); !port || *port == 0) {
    return Status::invalid_argument("listen address '" + address + "': the port must be a number from 1 to 65535");
  }
  config.socket_path.clear();
  config.listen = std::string(a);
  return Status::ok();
}

DaemonConfig default_config() {
  DaemonConfig c;
  (void)set_listen(c, "unix:" + default_socket_path());
  c.generated_dir = kinds::default_generated_param_dir();
  c.cache_dir = kinds::default_cache_dir();
  c.engine.max_payload_bytes = c.max_message_bytes;
  if (std::filesystem::is_directory(kCurioParamCache)) c.param_dirs = {kCurioParamCache};
  c.synthetic_ids = {"synthetic-1024", "synthetic-4096", "synthetic-16384", "synthetic-65536"};
  return c;
}

Result<DaemonConfig> parse_config(std::string_view toml_text, const std::string& source) {
  toml::table root;
  try {
    root = toml::parse(toml_text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << source << ":" << e.source().begin.line << ":" << e.source().begin.column << ": " << e.description();
    return Status::invalid_argument(msg.str());
  }
  const Reader r(root, source);
  if (Status s = r.check_known(
          {{"daemon", {"listen", "drain_timeout_s", "max_message_mib", "self_verify", "metrics_http", "socket_owner",
                       "socket_group", "socket_mode", "result_retention_s", "max_retained_results", "status_listen",
                       "max_queued_jobs", "max_queued_jobs_per_client", "max_queued_bytes",
                       "max_queued_bytes_per_client", "tls_cert", "tls_key", "tls_client_ca", "auth_token_file",
                       "insecure"}},
           {"memory", {"pinned_budget", "working_memory_budget", "total_budget", "safety_margin", "eviction_min_idle"}},
           {"gpus", {"enabled", "devices", "affinity", "max_circuits_per_prove", "gpu_threads", "gpu_workers_per_device"}},
           {"scheduler", {"max_batch_size", "max_batch_wait_ms", "sort_by_type"}},
           {"synthesis", {"threads", "partition_workers"}},
           {"pipeline", {"enabled", "synthesis_lookahead", "synthesis_concurrency", "max_parallel_synthesis",
                         "slot_size", "max_gpu_queue_depth"}},
           {"prover", {"threads"}},
           {"srs", {"param_dirs", "param_cache", "generated_dir", "cache_dir", "bad_zkey_fatal", "preload"}},
           {"circuits", {"synthetic", "synthetic_on_demand"}},
           {"logging", {"level", "file", "format"}}});
      !s.is_ok()) {
    return s;
  }
  DaemonConfig c = default_config();
  std::string listen;
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "listen", listen));
  if (!listen.empty()) {
    if (Status s = set_listen(c, listen); !s.is_ok()) return r.error("daemon.listen", s.message());
  }
  int64_t v = c.drain_timeout_s;
  CUZK_RETURN_IF_ERROR(r.get_int("daemon", "drain_timeout_s", 0, 86400, v));
  c.drain_timeout_s = static_cast<int>(v);
  v = static_cast<int64_t>(c.max_message_bytes >> 20);
  CUZK_RETURN_IF_ERROR(r.get_int("daemon", "max_message_mib", 1, 2047, v));
  c.max_message_bytes = static_cast<size_t>(v) << 20;
  c.engine.max_payload_bytes = c.max_message_bytes;
  CUZK_RETURN_IF_ERROR(r.get_bool("daemon", "self_verify", c.engine.self_verify));
  CUZK_RETURN_IF_ERROR(r.get_string("daemon", "metrics_http", c.metrics_http));
  if (r.node("daemon", "metrics_http") != nullptr) {
    // Checked here, with every other key, so that nothing is bound before all of it is valid.
    if (Status s = check_metrics_address(c.metrics_http); !s.is_ok()) return r.error("daemon.metrics_http", s.message());
  }
  CUZK_RETURN_IF_ERROR(r.get_bytes("memory", "pinned_budget", c.engine.pinned_budget_bytes));
  CUZK_RETURN_IF_ERROR(r.get_bytes("memory", "working_memory_budget", c.engine.working_memory_budget_bytes));
  CUZK_RETURN_IF_ERROR(r.get_bool("gpus", "enabled", c.use_gpus));
  CUZK_RETURN_IF_ERROR(r.get_ints("gpus", "devices", c.gpu_devices));
  CUZK_RETURN_IF_ERROR(r.get_bool("gpus", "affinity", c.engine.gpu_affinity));
  v = static_cast<int64_t>(c.engine.max_circuits_per_prove);
  CUZK_RETURN_IF_ERROR(r.get_int("gpus", "max_circuits_per_prove", 1, 1024, v));
  c.engine.max_circuits_per_prove = static_cast<size_t>(v);
  v = static_cast<int64_t>(c.engine.scheduler.max_batch_size);
  CUZK_RETURN_IF_ERROR(r.get_int("scheduler", "max_batch_size", 1, 1024, v));
  c.engine.scheduler.max_batch_size = static_cast<size_t>(v);
  v = c.engine.scheduler.max_batch_wait.count();
  CUZK_RETURN_IF_ERROR(r.get_int("scheduler", "max_batch_wait_ms", 0, 3600000, v));
  c.engine.scheduler.max_batch_wait = std::chrono::milliseconds(v);
  CUZK_RETURN_IF_ERROR(r.get_bool("scheduler", "sort_by_type", c.engine.scheduler.sort_by_type));
  v = 0;
  CUZK_RETURN_IF_ERROR(r.get_int("synthesis", "threads", 0, 4096, v));
  c.engine.synthesis_threads = static_cast<size_t>(v);
  v = 0;
  CUZK_RETURN_IF_ERROR(r.get_int("prover", "threads", 0, 4096, v));
  c.engine.prover_threads = static_cast<size_t>(v);
  CUZK_RETURN_IF_ERROR(read_curio_keys(r, c));
  CUZK_RETURN_IF_ERROR(read_socket_and_retention(r, c));
  CUZK_RETURN_IF_ERROR(read_limits_and_transport(r, c));
  std::vector<std::string> param_dirs;
  CUZK_RETURN_IF_ERROR(r.get_strings("srs", "param_dirs", param_dirs));
  // srs.param_cache: the folder named, or Curio's default where it exists.
  std::string param_cache;
  CUZK_RETURN_IF_ERROR(r.get_string("srs", "param_cache", param_cache));
  if (r.node("srs", "param_cache") != nullptr && param_cache.empty()) {
    return r.error("srs.param_cache", "must be a folder");
  }
  if (param_cache.empty() && std::filesystem::is_directory(kCurioParamCache)) param_cache = kCurioParamCache;
  if (!param_cache.empty()) param_dirs.push_back(param_cache);
  c.param_dirs = std::move(param_dirs);
  CUZK_RETURN_IF_ERROR(r.get_string("srs", "generated_dir", c.generated_dir));
  CUZK_RETURN_IF_ERROR(r.get_string("srs", "cache_dir", c.cache_dir));
  if (c.cache_dir.empty()) return r.error("srs.cache_dir", "must be a folder");
  CUZK_RETURN_IF_ERROR(r.get_bool("srs", "bad_zkey_fatal", c.bad_zkey_fatal));
  CUZK_RETURN_IF_ERROR(r.get_strings("srs", "preload", c.engine.preload));
  CUZK_RETURN_IF_ERROR(r.get_strings("circuits", "synthetic", c.synthetic_ids));
  CUZK_RETURN_IF_ERROR(r.get_bool("circuits", "synthetic_on_demand", c.synthetic_on_demand));
  CUZK_RETURN_IF_ERROR(r.get_string("logging", "level", c.log_level));
  // Curio's levels: trace and debug log as much as info, error as little as warn.
  if (c.log_level == "trace" || c.log_level == "debug") c.log_level = "info";
  if (c.log_level == "error") c.log_level = "warn";
  if (c.log_level != "info" && c.log_level != "warn") {
    return r.error("logging.level", "must be \"info\" or \"warn\" (or Curio's \"trace\", \"debug\", \"error\")");
  }
  CUZK_RETURN_IF_ERROR(r.get_string("logging", "file", c.log_file));
  return c;
}

Result<DaemonConfig> load_config(const std::string& path) {
  CUZK_ASSIGN_OR_RETURN(std::string text, read_regular_text_file(path, "config file", kMaxConfigBytes));
  return parse_config(text, path);
}

}  // namespace cuzk::server
