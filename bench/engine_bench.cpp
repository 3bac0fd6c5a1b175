// Engine benchmarks (a plain program: it measures a running system, not a function).
//
//   engine_bench overhead  [--jobs N]          queue + srs per job on an idle engine with a hot
//                                              SRS (synthetic-64, no batching wait): the
//                                              engine's own cost per job
//   engine_bench pipeline  [--jobs N] [--ms T] synthesis and proving of similar length (a
//                                              calibrated circuit that spends T ms in each):
//                                              throughput with one unit in flight (sequential)
//                                              vs with synthesis of the next job overlapping
//                                              the proof of the current one
//   engine_bench real --circuit ID [--jobs N] [--devices 0,1]
//                                              the same comparison on a real circuit and the
//                                              best backend present (GPU where built); prints
//                                              every job's timings line (with CUZK_TIMING=1 the
//                                              GPU prover's own phase lines interleave, so its
//                                              pre_return can be set beside the job's gpu time)
//   engine_bench gpus --circuit ID [--jobs N]  pipelined throughput on GPU 0 alone vs on every
//                                              GPU (synthesis on every core)
// Each prints medians and spreads; results go to docs/PERF.md.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "backend/prover_factory.hpp"
#include "common/sample_stats.hpp"
#include "engine/engine.hpp"
#include "engine/fake_circuit.hpp"
#include "kinds/catalog.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::engine;
using Clock = std::chrono::steady_clock;

// Synthetic ids on demand, parameters generated under `dir`.
std::shared_ptr<CircuitCatalog> make_registry(const std::filesystem::path& dir) {
  kinds::KindsConfig kinds;
  kinds.params.generated_dir = dir.string();
  kinds.params.matrices_dir = (dir / "matrices").string();
  kinds.synthetic_on_demand = true;
  kinds.multiplier = [] { return backend::make_gpu_generator_multiplier(); };
  auto catalog = kinds::make_catalog(kinds);
  if (!catalog.is_ok()) {
    std::fprintf(stderr, "catalog: %s\n", catalog.status().to_string().c_str());
    std::exit(1);
  }
  return *catalog;
}

// The factory's backends (GPUs where asked and present, else the CPU), each behind the fake
// backend that proves the calibrated fake circuit itself.
std::unique_ptr<Engine> make_engine(EngineConfig config, std::shared_ptr<CircuitCatalog> registry, bool use_gpus = false,
                                    std::vector<int> devices = {}) {
  config.log = [](LogLevel, std::string_view) {};
  EngineParts parts{std::move(registry), [use_gpus, devices](ThreadPool& pool, std::string* note) {
                      std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                      for (auto& real : backend::make_provers(use_gpus, devices, pool, note)) {
                        const std::string name = real->name();
                        out.push_back(std::make_unique<testing::FakeBackend>(std::move(real), name));
                      }
                      return out;
                    }};
  auto e = Engine::create(std::move(config), std::move(parts));
  if (!e.is_ok()) {
    std::fprintf(stderr, "engine: %s\n", e.status().to_string().c_str());
    std::exit(1);
  }
  return std::move(e).value();
}

// Submits `jobs` jobs at once and returns the wall time until the last one finished (seconds);
// with `print`, each job's timings line.
double run_jobs(Engine& engine, const std::string& circuit, size_t jobs, bool print = false) {
  const auto start = Clock::now();
  std::vector<JobId> ids;
  for (size_t i = 0; i < jobs; ++i) {
    auto id = engine.submit(JobRequest{circuit, std::nullopt, {static_cast<uint8_t>(i)}});
    if (!id.is_ok()) {
      std::fprintf(stderr, "submit: %s\n", id.status().to_string().c_str());
      std::exit(1);
    }
    ids.push_back(*id);
  }
  for (JobId id : ids) {
    auto r = engine.await(id, std::chrono::hours(1));
    if (!r.is_ok() || !r->status.is_ok()) {
      std::fprintf(stderr, "job %llu failed: %s\n", static_cast<unsigned long long>(id),
                   (r.is_ok() ? r->status : r.status()).to_string().c_str());
      std::exit(1);
    }
    if (print) {
      std::printf("  job %llu on %s, batch %zu: %s (gpu=%.1f ms)\n", static_cast<unsigned long long>(id),
                  r->worker.c_str(), r->batch_size, format_timings(r->timings).c_str(), r->timings.gpu_ms);
    }
  }
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int overhead(size_t jobs, const std::filesystem::path& dir) {
  auto registry = make_registry(dir);
  EngineConfig config;
  config.scheduler.max_batch_wait = std::chrono::milliseconds(0);
  config.preload = {"synthetic-64"};
  auto engine = make_engine(config, registry);
  std::vector<double> queue_srs, total;
  for (size_t i = 0; i < jobs; ++i) {
    auto id = engine->submit(JobRequest{"synthetic-64", std::nullopt, {static_cast<uint8_t>(i)}});
    auto r = engine->await(*id, std::chrono::minutes(5));
    queue_srs.push_back(r->timings.queue_ms + r->timings.srs_ms);
    total.push_back(r->timings.total_ms);
  }
  std::printf("overhead: %zu jobs of synthetic-64 on an idle engine, hot SRS\n", jobs);
  std::printf("  queue+srs per job: median %.3f ms, p90 %.3f ms, max %.3f ms (goal <= 5 ms)\n", median(queue_srs),
              percentile(queue_srs, 0.9), percentile(queue_srs, 1.0));
  std::printf("  total per job: median %.2f ms\n", median(total));
  return 0;
}

// Throughput of `jobs` jobs with at most one unit in flight vs the pipelined engine.
void compare(const std::string& label, const std::shared_ptr<CircuitCatalog>& registry, const std::string& circuit,
             size_t jobs, size_t partition_bytes, bool use_gpus, size_t reps, const std::vector<int>& devices = {}) {
  std::vector<double> sequential, pipelined;
  for (size_t rep = 0; rep < reps; ++rep) {
    for (bool pipeline : {false, true}) {
      EngineConfig config;
      config.synthesis_threads = 1;
      config.scheduler.max_batch_size = 1;
      // One partition's worth of working memory: the next synthesis waits for the proof.
      config.working_memory_budget_bytes = pipeline ? partition_bytes * 4 : partition_bytes;
      config.preload = {circuit};
      auto engine = make_engine(config, registry, use_gpus, devices);
      if (rep == 0) {
        std::printf("%s run, workers:", pipeline ? "pipelined" : "sequential");
        for (const auto& w : engine->status().workers) std::printf(" %s (%s)", w.name.c_str(), w.description.c_str());
        std::printf("\n");
      }
      const double seconds = run_jobs(*engine, circuit, jobs, use_gpus && rep == 0);
      (pipeline ? pipelined : sequential).push_back(60.0 * static_cast<double>(jobs) / seconds);
    }
  }
  const double s = median(sequential), p = median(pipelined);
  std::printf("%s: %zu jobs x %zu reps\n", label.c_str(), jobs, reps);
  std::printf("  sequential: median %.1f proofs/min (min %.1f, max %.1f)\n", s, percentile(sequential, 0),
              percentile(sequential, 1));
  std::printf("  pipelined:  median %.1f proofs/min (min %.1f, max %.1f)\n", p, percentile(pipelined, 0),
              percentile(pipelined, 1));
  std::printf("  speed-up: %.2fx (goal >= 1.8x when synthesis and proving take similar time)\n", p / s);
}

// Pipelined throughput on GPU 0 alone vs on every GPU.
void gpu_scaling(const std::shared_ptr<CircuitCatalog>& registry, const std::string& circuit, size_t jobs,
                 size_t reps) {
  std::vector<double> one, all;
  size_t workers = 0;
  for (size_t rep = 0; rep < reps; ++rep) {
    for (bool every : {false, true}) {
      EngineConfig config;
      config.scheduler.max_batch_size = 1;
      config.preload = {circuit};
      auto engine = make_engine(config, registry, true, every ? std::vector<int>{} : std::vector<int>{0});
      if (every) workers = engine->status().workers.size();
      const double seconds = run_jobs(*engine, circuit, jobs);
      (every ? all : one).push_back(60.0 * static_cast<double>(jobs) / seconds);
    }
  }
  std::printf("gpus (%s): %zu jobs x %zu reps\n", circuit.c_str(), jobs, reps);
  std::printf("  GPU 0 alone: median %.1f proofs/min (min %.1f, max %.1f)\n", median(one), percentile(one, 0),
              percentile(one, 1));
  std::printf("  %zu workers:  median %.1f proofs/min (min %.1f, max %.1f)\n", workers, median(all),
              percentile(all, 0), percentile(all, 1));
  std::printf("  scaling: %.2fx (goal >= 1.9x on two GPUs)\n", median(all) / median(one));
}

std::vector<int> parse_devices(const std::string& text) {
  std::vector<int> out;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find(',', begin);
    if (end == std::string::npos) end = text.size();
    out.push_back(std::stoi(text.substr(begin, end - begin)));
    begin = end + 1;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  size_t jobs = 0, ms = 100, reps = 3;
  std::string circuit;
  std::vector<int> devices;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--jobs") == 0) jobs = std::stoul(argv[i + 1]);
    else if (std::strcmp(argv[i], "--ms") == 0) ms = std::stoul(argv[i + 1]);
    else if (std::strcmp(argv[i], "--reps") == 0) reps = std::stoul(argv[i + 1]);
    else if (std::strcmp(argv[i], "--circuit") == 0) circuit = argv[i + 1];
    else if (std::strcmp(argv[i], "--devices") == 0) devices = parse_devices(argv[i + 1]);
  }
  const auto dir = std::filesystem::temp_directory_path() / "cuzk-engine-bench";
  std::filesystem::create_directories(dir);
  if (mode == "overhead") return overhead(jobs != 0 ? jobs : 200, dir);
  if (mode == "pipeline") {
    testing::FakeBehaviour behaviour;
    behaviour.synth_time = behaviour.prove_time = std::chrono::milliseconds(ms);
    auto registry = make_registry(dir);
    (void)registry->add(std::make_shared<testing::FakeCircuit>("calibrated", dir, 1000, behaviour));
    compare("pipeline (synthesis " + std::to_string(ms) + " ms, proving " + std::to_string(ms) + " ms per job)",
            registry, "calibrated", jobs != 0 ? jobs : 20, behaviour.partition_bytes, false, reps);
    return 0;
  }
  if (mode == "real" && !circuit.empty()) {
    auto registry = make_registry(dir);
    auto def = registry->find(circuit);
    if (!def) {
      std::fprintf(stderr, "unknown circuit %s\n", circuit.c_str());
      return 2;
    }
    compare("real (" + circuit + ")", registry, circuit, jobs != 0 ? jobs : 8, def->partition_bytes(), true, reps,
            devices);
    return 0;
  }
  if (mode == "gpus" && !circuit.empty()) {
    auto registry = make_registry(dir);
    if (!registry->find(circuit)) {
      std::fprintf(stderr, "unknown circuit %s\n", circuit.c_str());
      return 2;
    }
    gpu_scaling(registry, circuit, jobs != 0 ? jobs : 16, reps);
    return 0;
  }
  std::fprintf(stderr,
               "usage: engine_bench overhead [--jobs N] | pipeline [--jobs N] [--ms T] [--reps R] | real --circuit ID "
               "[--jobs N] [--reps R] [--devices 0,1] | gpus --circuit ID [--jobs N] [--reps R]\n");
  return 2;
}
