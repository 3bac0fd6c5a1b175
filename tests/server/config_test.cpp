// DaemonConfig: defaults, every section parsed, and errors that name the key.
#include "server/config.hpp"

#include <gtest/gtest.h>

namespace cuzk::server {
namespace {

TEST(DaemonConfig, EmbeddedDefaultsListenOnAUnixSocket) {
  const DaemonConfig c = default_config();
  EXPECT_EQ(c.listen.rfind("unix:/", 0), 0u) << c.listen;
  EXPECT_FALSE(c.socket_path.empty());
  EXPECT_TRUE(c.engine.self_verify);
  EXPECT_TRUE(c.use_gpus);
  EXPECT_FALSE(c.bad_zkey_fatal) << "an unreadable zkey is skipped by default";
}

TEST(DaemonConfig, EverySectionIsRead) {
  auto c = parse_config(R"(
[daemon]
listen = "tcp:127.0.0.1:9820"
drain_timeout_s = 5
max_message_mib = 16
self_verify = false
metrics_http = "127.0.0.1:9821"
[memory]
pinned_budget = "2GiB"
working_memory_budget = 1048576
[gpus]
enabled = false
devices = [0, 1]
affinity = false
[scheduler]
max_batch_size = 3
max_batch_wait_ms = 7
sort_by_type = true
[synthesis]
threads = 4
[prover]
threads = 2
[srs]
param_dirs = ["/a", "/b"]
generated_dir = "/g"
bad_zkey_fatal = true
preload = ["synthetic-1024"]
[logging]
level = "warn"
file = "/tmp/x.log"
)",
                        "t.toml");
  ASSERT_TRUE(c.is_ok()) << c.status().to_string();
  EXPECT_EQ(c->listen, "127.0.0.1:9820");
  EXPECT_TRUE(c->socket_path.empty());
  EXPECT_EQ(c->drain_timeout_s, 5);
  EXPECT_EQ(c->max_message_bytes, size_t{16} << 20);
  EXPECT_FALSE(c->engine.self_verify);
  EXPECT_EQ(c->metrics_http, "127.0.0.1:9821");
  EXPECT_EQ(c->engine.pinned_budget_bytes, size_t{2} << 30);
  EXPECT_EQ(c->engine.working_memory_budget_bytes, 1048576u);
  EXPECT_FALSE(c->use_gpus);
  EXPECT_EQ(c->gpu_devices, (std::vector<int>{0, 1}));
  EXPECT_FALSE(c->engine.gpu_affinity);
  EXPECT_EQ(c->engine.scheduler.max_batch_size, 3u);
  EXPECT_EQ(c->engine.scheduler.max_batch_wait.count(), 7);
  EXPECT_TRUE(c->engine.scheduler.sort_by_type);
  EXPECT_EQ(c->engine.synthesis_threads, 4u);
  EXPECT_EQ(c->engine.prover_threads, 2u);
  EXPECT_EQ(c->param_dirs, (std::vector<std::string>{"/a", "/b"}));
  EXPECT_EQ(c->generated_dir, "/g");
  EXPECT_TRUE(c->bad_zkey_fatal);
  EXPECT_EQ(c->engine.preload, (std::vector<std::string>{"synthetic-1024"}));
  EXPECT_EQ(c->log_level, "warn");
  EXPECT_EQ(c->log_file, "/tmp/x.log");
}

TEST(DaemonConfig, ErrorsNameTheKey) {
  const std::pair<const char*, const char*> cases[] = {
      {"[scheduler]\nmax_batch_size = \"x\"\n", "scheduler.max_batch_size"},
      {"[scheduler]\nmax_batch_size = 0\n", "scheduler.max_batch_size"},
      {"[daemon]\nbogus = 1\n", "daemon.bogus"},
      {"[nonsense]\n", "nonsense"},
      {"[memory]\npinned_budget = \"lots\"\n", "memory.pinned_budget"},
      {"[daemon]\nlisten = \"unix:relative.sock\"\n", "daemon.listen"},
      {"[gpus]\ndevices = [\"a\"]\n", "gpus.devices"},
      {"[srs]\nparam_dirs = \"/a\"\n", "srs.param_dirs"},
      {"[logging]\nlevel = \"loud\"\n", "logging.level"},
      {"[daemon]\nself_verify = 1\n", "daemon.self_verify"},
      {"daemon = 3\n", "daemon"},
      {"[daemon\n", "t.toml:1"},
  };
  for (const auto& [text, key] : cases) {
    auto c = parse_config(text, "t.toml");
    ASSERT_FALSE(c.is_ok()) << text;
    EXPECT_EQ(c.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(c.status().message().find(key), std::string::npos) << c.status().message();
  }
  EXPECT_EQ(load_config("/nonexistent/cuzk.toml").status().code(), StatusCode::kNotFound);
}

TEST(DaemonConfig, Sizes) {
  EXPECT_EQ(parse_bytes("16GiB"), size_t{16} << 30);
  EXPECT_EQ(parse_bytes("512MiB"), size_t{512} << 20);
  EXPECT_EQ(parse_bytes("1.5GiB"), size_t{3} << 29);
  EXPECT_EQ(parse_bytes("4096"), 4096u);
  EXPECT_EQ(parse_bytes("2 GB"), 2000000000u);
  EXPECT_FALSE(parse_bytes("GiB"));
  EXPECT_FALSE(parse_bytes("-1GiB"));
  EXPECT_FALSE(parse_bytes("12XB"));
  // Decimal only: what strtod would also take is refused.
  for (const char* odd : {"0x10GiB", "0x10", "1e3", "1e3GiB", "inf", "nan", "+1", " 1", "1.", ".5GiB", "1.2.3"}) {
    EXPECT_FALSE(parse_bytes(odd)) << odd;
  }
  auto hex = parse_config("[memory]\npinned_budget = \"0x10GiB\"\n", "t.toml");
  ASSERT_FALSE(hex.is_ok());
  EXPECT_NE(hex.status().message().find("memory.pinned_budget"), std::string::npos) << hex.status().message();
}

TEST(DaemonConfig, PortsAndTheMetricsAddress) {
  EXPECT_EQ(parse_port("9820"), 9820);
  EXPECT_EQ(parse_port("0"), 0);
  EXPECT_EQ(parse_port("65535"), 65535);
  for (const char* bad : {"", "abc", "65536", "-1", "+1", "0x10", "99999999999"}) EXPECT_FALSE(parse_port(bad)) << bad;
  const std::pair<const char*, const char*> cases[] = {
      {"[daemon]\nlisten = \"tcp:127.0.0.1:abc\"\n", "daemon.listen"},
      {"[daemon]\nlisten = \"127.0.0.1:0\"\n", "daemon.listen"},
      {"[daemon]\nlisten = \"127.0.0.1:65536\"\n", "daemon.listen"},
      {"[daemon]\nmetrics_http = \"127.0.0.1:abc\"\n", "daemon.metrics_http"},
      {"[daemon]\nmetrics_http = \"127.0.0.1:70000\"\n", "daemon.metrics_http"},
      {"[daemon]\nmetrics_http = \"nohost:9821\"\n", "daemon.metrics_http"},
      {"[srs]\ncache_dir = \"\"\n", "srs.cache_dir"},
  };
  for (const auto& [text, key] : cases) {
    const auto c = parse_config(text, "t.toml");
    ASSERT_FALSE(c.is_ok()) << text;
    EXPECT_NE(c.status().message().find(key), std::string::npos) << c.status().message();
  }
  const auto c = parse_config("[daemon]\nmetrics_http = \"localhost:0\"\n[srs]\ncache_dir = \"/c\"\n", "t.toml");
  ASSERT_TRUE(c.is_ok()) << c.status().to_string();
  EXPECT_EQ(c->cache_dir, "/c");
}

// A cuzk.toml written for Curio's Rust daemon (extern/cuzk/cuzk.example.toml's keys).
TEST(DaemonConfig, CurioKeysAreMappedOrWarned) {
  const auto c = parse_config(R"(
[daemon]
listen = "unix:///run/curio/cuzk.sock"
status_listen = "0.0.0.0:9821"
[srs]
param_cache = "/var/tmp/filecoin-proof-parameters"
preload = ["porep-32g"]
[memory]
total_budget = "auto"
safety_margin = "5GiB"
eviction_min_idle = "5m"
[gpus]
devices = []
gpu_threads = 32
gpu_workers_per_device = 2
[synthesis]
threads = 0
partition_workers = 12
[pipeline]
enabled = true
synthesis_lookahead = 1
synthesis_concurrency = 3
max_parallel_synthesis = 18
slot_size = 0
max_gpu_queue_depth = 0
[logging]
level = "debug"
format = "json"
)",
                              "curio.toml");
  ASSERT_TRUE(c.is_ok()) << c.status().to_string();
  EXPECT_EQ(c->socket_path, "/run/curio/cuzk.sock");
  EXPECT_EQ(c->param_dirs.back(), "/var/tmp/filecoin-proof-parameters");
  EXPECT_EQ(c->engine.prover_threads, 32u);       // gpus.gpu_threads
  EXPECT_EQ(c->engine.synthesis_drivers, 3u);     // pipeline.synthesis_concurrency
  EXPECT_EQ(c->log_level, "info");                // "debug"
  EXPECT_EQ(c->engine.preload, (std::vector<std::string>{"porep-32g"}));
  const char* ignored[] = {"daemon.status_listen", "memory.total_budget", "memory.safety_margin",
                           "memory.eviction_min_idle", "gpus.gpu_workers_per_device", "synthesis.partition_workers",
                           "pipeline.enabled", "pipeline.synthesis_lookahead", "pipeline.max_parallel_synthesis",
                           "pipeline.slot_size", "pipeline.max_gpu_queue_depth", "logging.format"};
  ASSERT_EQ(c->warnings.size(), std::size(ignored));
  for (size_t i = 0; i < std::size(ignored); ++i) {
    EXPECT_EQ(c->warnings[i].find(std::string("curio.toml: ") + ignored[i] + ": ignored ("), 0u) << c->warnings[i];
  }
  // Curio's keys keep their types checked; our own keys stay strict.
  EXPECT_NE(parse_config("[gpus]\ngpu_threads = \"many\"\n", "x").status().message().find("gpus.gpu_threads"),
            std::string::npos);
  EXPECT_NE(parse_config("[pipeline]\nsynthesis_concurrency = 0\n", "x").status().message().find(
                "pipeline.synthesis_concurrency"),
            std::string::npos);
  EXPECT_NE(parse_config("[pipeline]\nbogus = 1\n", "x").status().message().find("pipeline.bogus: unknown key"),
            std::string::npos);
  EXPECT_NE(parse_config("[logging]\nlevel = \"loud\"\n", "x").status().message().find("logging.level"),
            std::string::npos);
  // prover.threads wins over gpus.gpu_threads (with a warning).
  const auto both = parse_config("[prover]\nthreads = 4\n[gpus]\ngpu_threads = 32\n", "x");
  ASSERT_TRUE(both.is_ok());
  EXPECT_EQ(both->engine.prover_threads, 4u);
  ASSERT_EQ(both->warnings.size(), 1u);
  EXPECT_NE(both->warnings[0].find("gpus.gpu_threads: ignored (prover.threads is set)"), std::string::npos);
}

TEST(DaemonConfig, SocketAccessAndRetention) {
  const auto c = parse_config(R"(
[daemon]
socket_owner = "cuzk"
socket_group = "curio"
socket_mode = "0640"
result_retention_s = 7200
max_retained_results = 50
)",
                              "x");
  ASSERT_TRUE(c.is_ok()) << c.status().to_string();
  EXPECT_EQ(c->socket_owner, "cuzk");
  EXPECT_EQ(c->socket_group, "curio");
  EXPECT_EQ(c->socket_mode, 0640u);
  EXPECT_EQ(c->result_retention, std::chrono::seconds(7200));
  EXPECT_EQ(c->max_retained_results, 50u);
  EXPECT_EQ(parse_config("[daemon]\nsocket_mode = 0o600\n", "x")->socket_mode, 0600u);
  EXPECT_EQ(default_config().socket_mode, 0660u);
  for (const char* bad : {"\"rw-rw----\"", "\"0999\"", "\"\"", "4096"}) {
    const auto r = parse_config(std::string("[daemon]\nsocket_mode = ") + bad + "\n", "x");
    ASSERT_FALSE(r.is_ok()) << bad;
    EXPECT_NE(r.status().message().find("daemon.socket_mode"), std::string::npos);
  }
  EXPECT_FALSE(parse_config("[daemon]\nresult_retention_s = -1\n", "x").is_ok());
}

TEST(DaemonConfig, ListenAddresses) {
  DaemonConfig c;
  ASSERT_TRUE(set_listen(c, "/run/cuzk.sock").is_ok());
  EXPECT_EQ(c.listen, "unix:/run/cuzk.sock");
  ASSERT_TRUE(set_listen(c, "unix:///run/x.sock").is_ok());
  EXPECT_EQ(c.socket_path, "/run/x.sock");
  ASSERT_TRUE(set_listen(c, "tcp://0.0.0.0:1").is_ok());
  EXPECT_EQ(c.listen, "0.0.0.0:1");
  EXPECT_TRUE(c.socket_path.empty());
  EXPECT_FALSE(set_listen(c, "nonsense").is_ok());
  EXPECT_FALSE(set_listen(c, "tcp:host:").is_ok());
  // What set_listen makes reads back as the same address (fuzz_config's regressions).
  ASSERT_TRUE(set_listen(c, "//run//x.sock").is_ok());
  EXPECT_EQ(c.listen, "unix:/run//x.sock");
  EXPECT_EQ(c.socket_path, "/run//x.sock");
  EXPECT_FALSE(set_listen(c, "tcp:/x:1").is_ok());
  EXPECT_FALSE(set_listen(c, "tcp:unix:/x:1").is_ok());
  EXPECT_FALSE(set_listen(c, "tcp:tcp:x:1").is_ok());
}

}  // namespace
}  // namespace cuzk::server
