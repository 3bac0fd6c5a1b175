// In-process proving through an engine over a one-circuit catalog: the parameters, the engine's
// configuration for one command, the rounds as jobs, and the report from the engine's job and
// partition timings.
#include "cli/inprocess_prove.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <iomanip>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "cli/prover_choice.hpp"
#include "common/host_memory.hpp"
#include "common/private_files.hpp"
#include "groth16/bellperson_format.hpp"

namespace cuzk::cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// Rounds in the engine at once: the next one is validated and queued while the one before
// proves, and no more payloads are held than that.
constexpr size_t kRoundsInFlight = 2;

// The engine's working memory: three quarters of the host memory available now, less the
// parameters still to be loaded (`params_to_load` bytes); 1 (one partition at a time) where
// the figure cannot be read.
size_t working_memory_budget(size_t params_to_load) {
  const size_t available = available_host_memory().value_or(0);
  const size_t left = available > params_to_load ? available - params_to_load : 0;
  return std::max<size_t>(1, left / 4 * 3);
}

// The engine's configuration for one command: a synthesis driver per core (the working-memory
// budget bounds how many partitions are in flight), one round per batch (rounds flow one after
// the other), the circuit's parameters never demoted, every proof self-verified, the engine's
// log lines left out (the command reports its jobs itself).
engine::EngineConfig engine_config(size_t working_memory) {
  engine::EngineConfig config;
  config.working_memory_budget_bytes = working_memory;
  config.pinned_budget_bytes = SIZE_MAX;
  config.synthesis_drivers = std::max<size_t>(1, std::thread::hardware_concurrency());
  config.scheduler.max_batch_size = 1;
  config.self_verify = true;
  config.log = [](engine::LogLevel, std::string_view) {};
  return config;
}

// What the engine's callbacks hand the command's thread: the first round's validation, and the
// rounds' results in the order they finish.
struct Inbox {
  std::mutex mutex;
  std::condition_variable changed;
  std::optional<engine::Validation> validation;
  std::deque<Result<engine::JobResult>> finished;
};

// Partition `k` of `partitions`: "  partition k/n: synth … ms, gpu … ms, verify … ms (… rows)".
void print_partition(std::ostream& out, size_t k, size_t partitions, const engine::PartitionResult& p) {
  const engine::PartitionTimings& t = p.timings;
  const double share = t.gpu_ms / static_cast<double>(t.prove_batch);
  out << "  partition " << k << "/" << partitions << ": synth " << static_cast<long long>(t.synth_ms) << " ms, gpu "
      << static_cast<long long>(share) << " ms"
      << (t.prove_batch > 1 ? " (a share of " + std::to_string(static_cast<long long>(t.gpu_ms)) + " ms for " +
                                  std::to_string(t.prove_batch) + ")"
                            : "")
      << ", verify " << static_cast<long long>(t.verify_ms) << " ms (" << p.rows << " rows)\n";
}

}  // namespace

kinds::ParamLocator param_locator(const Flags& flags) {
  kinds::ParamLocator locator;
  if (flags.has("param-dir")) {
    locator.param_dirs = {flags.get("param-dir")};
    locator.generated_dir = flags.get("param-dir");
  }
  return locator;
}

Result<InProcessChoice> in_process_choice(const Flags& flags) {
  const int sources = int{flags.has("params")} + int{flags.has("param-dir")} + int{flags.has(kInMemoryParamsFlag)};
  if (sources > 1) {
    return Status::invalid_argument("--params, --param-dir and --test-params-in-memory exclude each other");
  }
  InProcessChoice choice;
  choice.in_memory = flags.has(kInMemoryParamsFlag);
  if (choice.in_memory) choice.vk_out = flags.get(kInMemoryParamsFlag);
  CUZK_ASSIGN_OR_RETURN(choice.rounds, number_option(flags, kRoundsFlag, 1));
  if (choice.rounds < 1 || choice.rounds > 100) {
    return Status::invalid_argument("--rounds must be from 1 to 100, got " + std::to_string(choice.rounds));
  }
  choice.backend = flags.get("backend");
  CUZK_RETURN_IF_ERROR(check_backend_name(choice.backend));
  return choice;
}

Result<InProcessProof> prove_in_process(const std::shared_ptr<const engine::CircuitDef>& def,
                                        const std::vector<uint8_t>& payload, const InProcessChoice& choice,
                                        const OnValidated& on_validated, std::ostream& out) {
  // The parameters first: the engine's working memory is what they leave. Made in memory here
  // (the test setup's fixed-base work on the circuit's multiplier), or loaded by the engine.
  std::shared_ptr<const engine::LoadedSrs> in_memory;
  double params_ms = 0;
  size_t params_to_load = 0;
  if (choice.in_memory) {
    const auto begin = Clock::now();
    CUZK_ASSIGN_OR_RETURN(in_memory, def->make_test_srs(ThreadPool::shared()));
    CUZK_RETURN_IF_ERROR(write_file_atomically(
        choice.vk_out, [&](std::ostream& vk) { return groth16::write_verifying_key(in_memory->proving_key().vk, vk); }));
    params_ms = ms_since(begin);
  } else {
    std::error_code ec;
    params_to_load = static_cast<size_t>(std::filesystem::file_size(def->srs_path(), ec));
    if (ec) params_to_load = 0;  // made by the circuit's test setup when the engine loads it
  }

  const engine::EngineConfig config = engine_config(working_memory_budget(params_to_load));
  auto catalog = std::make_shared<engine::CircuitCatalog>();
  CUZK_RETURN_IF_ERROR(catalog->add(def));
  Status backend_refused;
  engine::EngineParts parts{catalog, [&](ThreadPool& pool, std::string*) {
                              std::vector<std::unique_ptr<groth16::ProverBackend>> backends;
                              Result<std::unique_ptr<groth16::ProverBackend>> chosen =
                                  choose_prover(choice.backend, /*prefer_gpu=*/true, pool);
                              if (chosen.is_ok()) {
                                backends.push_back(std::move(chosen).value());
                              } else {
                                backend_refused = chosen.status();
                              }
                              return backends;
                            }};
  Result<std::unique_ptr<engine::Engine>> created = engine::Engine::create(config, std::move(parts));
  if (!created.is_ok()) return backend_refused.is_ok() ? created.status() : backend_refused;
  engine::Engine& engine = **created;
  if (in_memory) {
    CUZK_RETURN_IF_ERROR(engine.install_srs(def->id(), std::move(in_memory)));
  } else {
    CUZK_RETURN_IF_ERROR(engine.preload(def->id()));
    for (const engine::SrsInfo& srs : engine.status().srs) {
      if (srs.path == def->srs_path()) params_ms = srs.load_ms;
    }
  }

  // The rounds: one job each, kRoundsInFlight at a time, their results taken in the order
  // they finish.
  auto inbox = std::make_shared<Inbox>();
  std::map<engine::JobId, std::pair<size_t, Clock::time_point>> rounds;  // job → its round, when submitted
  auto submit = [&]() -> Status {
    const Clock::time_point at = Clock::now();
    CUZK_ASSIGN_OR_RETURN(const engine::JobId id, engine.submit(engine::JobRequest{def->id(), std::nullopt, payload}));
    if (rounds.empty()) {
      engine.on_validated(id, [inbox](const engine::Validation& v) {
        std::lock_guard<std::mutex> lock(inbox->mutex);
        inbox->validation = v;
        inbox->changed.notify_all();
      });
    }
    rounds.emplace(id, std::make_pair(rounds.size(), at));
    engine.on_done(id, [inbox](Result<engine::JobResult> result) {
      std::lock_guard<std::mutex> lock(inbox->mutex);
      inbox->finished.push_back(std::move(result));
      inbox->changed.notify_all();
    });
    return Status::ok();
  };
  for (size_t r = 0; r < std::min(choice.rounds, kRoundsInFlight); ++r) CUZK_RETURN_IF_ERROR(submit());
  engine::Validation validation;
  {
    std::unique_lock<std::mutex> lock(inbox->mutex);
    inbox->changed.wait(lock, [&] { return inbox->validation.has_value(); });
    validation = *inbox->validation;
  }
  CUZK_RETURN_IF_ERROR(validation.status);
  on_validated(validation);

  const engine::EngineStatus started = engine.status();
  const size_t partitions = validation.partitions;
  out << "  parameters: "
      << (choice.in_memory ? "INSECURE test setup in memory, verifying key in " + choice.vk_out : def->srs_path())
      << " (" << static_cast<long long>(params_ms) << " ms)\n"
      << "  prover: " << (started.workers.empty() ? std::string("-") : started.workers.front().description) << "\n";
  if (partitions > 1) {
    const size_t partition_bytes = std::max<size_t>(1, def->partition_bytes());
    const size_t in_flight = std::clamp<size_t>(config.working_memory_budget_bytes / partition_bytes, 1,
                                                std::min(config.synthesis_drivers, partitions * kRoundsInFlight));
    out << "  synthesis: " << in_flight << " partition(s) at a time (≈ " << (partition_bytes >> 20) << " MiB each)\n";
  }

  InProcessProof result;
  result.partitions = partitions;
  result.timings.srs_ms = params_ms;
  Clock::time_point previous_end = rounds.begin()->second.second;
  for (size_t done = 0; done < choice.rounds; ++done) {
    Result<engine::JobResult> finished = Status::internal("no result");
    {
      std::unique_lock<std::mutex> lock(inbox->mutex);
      inbox->changed.wait(lock, [&] { return !inbox->finished.empty(); });
      finished = std::move(inbox->finished.front());
      inbox->finished.pop_front();
    }
    CUZK_RETURN_IF_ERROR(finished.status());
    const engine::JobResult& job = *finished;
    const auto [round, submitted_at] = rounds.at(job.id);
    if (!job.status.is_ok()) {
      if (choice.rounds == 1) return job.status;
      return Status(job.status.code(), "round " + std::to_string(round) + ": " + job.status.message());
    }
    if (rounds.size() < choice.rounds) CUZK_RETURN_IF_ERROR(submit());
    double prover_ms = 0;
    result.proofs.clear();
    for (size_t k = 0; k < job.partitions.size(); ++k) {
      const engine::PartitionResult& p = job.partitions[k];
      print_partition(out, k, job.partitions.size(), p);
      prover_ms += p.timings.gpu_ms / static_cast<double>(p.timings.prove_batch);
      const auto encoded = groth16::proof_to_bytes(p.proof);
      result.proofs.insert(result.proofs.end(), encoded.begin(), encoded.end());
    }
    result.timings.validate_ms += job.timings.validate_ms;
    result.timings.queue_ms += job.timings.queue_ms;
    result.timings.srs_ms += job.timings.srs_ms;
    result.timings.synth_ms += job.timings.synth_ms;
    result.timings.gpu_ms += prover_ms;
    result.timings.verify_ms += job.timings.verify_ms;
    const Clock::time_point end =
        submitted_at + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double, std::milli>(job.timings.total_ms));
    if (choice.rounds > 1) {
      const double wall_ms = std::max(1.0, std::chrono::duration<double, std::milli>(end - previous_end).count());
      out << "  round " << done << "/" << choice.rounds << ": " << static_cast<long long>(wall_ms) << " ms for "
          << job.partitions.size() << " partition(s), prover busy " << std::fixed << std::setprecision(1)
          << 100.0 * prover_ms / wall_ms << "%\n"
          << std::defaultfloat;
    }
    previous_end = std::max(previous_end, end);
  }
  out << "  peak host memory: " << std::fixed << std::setprecision(2)
      << static_cast<double>(engine.status().peak_host_bytes) / static_cast<double>(size_t{1} << 30) << " GiB\n"
      << std::defaultfloat;
  return result;
}

}  // namespace cuzk::cli
