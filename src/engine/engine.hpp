// Engine: the persistent proving engine. Jobs go through
//
//   submit (cheap: the job is recorded as validating) → validators (`validators` of them, taking
//   jobs by priority, and one more that takes only CRITICAL and HIGH jobs: each reserves the
//   working memory its payload's validation needs, CircuitDef::validation_bytes, then parses and
//   checks it, CircuitDef::validate, its parallel checks on the synthesis pool; a payload the
//   circuit rejects fails the job) → Scheduler (priority levels, batch
//   collector) → synthesis drivers, which pop ready
//   batches from the scheduler themselves (each unit = one partition of every job in a batch;
//   waits for working memory, acquires the SRS, synthesizes its members in parallel on the
//   synthesis pool) → prove queue → one worker per backend (per GPU, or one CPU worker):
//   prove through groth16::ProverBackend, self-verify, hand every buffer to the reclaimer →
//   result
//
// The engine knows no circuit and no device: its composition root (the daemon, the CLI, a
// test) gives it a catalog of circuits (engine/circuit_catalog.hpp, filled by src/kinds) and a factory
// for its prover backends (src/backend/prover_factory.hpp, or a test's fault-injecting one).
// It owns its thread pools — synthesis (`synthesis_threads`) and prover host work and
// parameter loading (`prover_threads`) — and passes them down. A backend that reports a
// device error gives its unit to another worker (once per worker) before the job fails.
//
// so synthesis of the next unit runs while the current one proves, a 10-partition job flows
// through partition by partition, and synthesized-but-unproven data, the payloads being
// validated and the memory circuits hold for their partitions (CircuitDef::resident_bytes:
// recorded constraint matrices, counted once per circuit from its first synthesis on) never
// exceed the working-memory budget: a unit, or a validation, that does not fit waits (one unit
// and one validation larger than what is left still run, each alone in its stage), and a
// payload whose validation alone would need more than the whole budget is refused at
// submission (OUT_OF_MEMORY). Parameters a caller preloads or evicts (preload_async,
// evict_async) are loaded or dropped on the engine's parameter thread, one at a time, a
// preload of parameters already loading or queued joining that load. Workers
// prefer units whose SRS already lives on their device. Proved partitions go to the background
// reclaimer (CircuitDef::recycle). Every finished job logs
//   job <id> circuit=<id> kind=<kind> …: <status>
//   timings: total=<n> ms (queue=<n> ms, srs=<n> ms, synth=<n> ms, gpu=<n> ms)
// Every synthesized partition's witness is checked row by row before it is proved (UNSATISFIABLE
// naming the row); a proof that fails self-verification is never returned as a success.
//
// Thread-safe: every public method may be called from any thread.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/circuit_catalog.hpp"
#include "engine/job.hpp"
#include "engine/scheduler.hpp"
#include "engine/srs_manager.hpp"
#include "groth16/prover_backend.hpp"

namespace cuzk::engine {

enum class LogLevel : uint8_t { kInfo, kWarn };

struct EngineConfig {
  size_t pinned_budget_bytes = size_t{16} << 30;          // hot SRS bytes
  size_t working_memory_budget_bytes = size_t{8} << 30;   // synthesized, not yet proved
  SchedulerConfig scheduler;
  size_t synthesis_threads = 0;  // the synthesis pool; 0 → one per core
  size_t synthesis_drivers = 2;  // units synthesized at once (each spreads over the pool)
  size_t validators = 2;         // payloads validated at once (each spreads over the synthesis pool),
                                 // and one more for CRITICAL and HIGH jobs only
  size_t prover_threads = 0;     // CPU prover, GPU host-side work, parameter loading; 0 → one per core
  bool gpu_affinity = true;      // a worker prefers units whose SRS is already on its device
  // A worker on a device proves up to this many synthesized partitions of one circuit (and
  // priority) in one call when they are ready together: it stages each next one while it proves
  // the one before (1: one unit per call).
  size_t max_circuits_per_prove = 16;
  bool self_verify = true;
  size_t max_payload_bytes = size_t{1} << 30;
  size_t max_retained_results = 10000;  // finished, not yet awaited; the oldest go first
  std::vector<std::string> preload;     // circuit ids made hot at start-up
  // Receives every log line (without newline) with its level: kInfo for finished jobs, kWarn
  // for failed jobs and dropped results; default: stderr.
  std::function<void(LogLevel, std::string_view)> log;
};

struct WorkerInfo {
  std::string name;  // "cpu", "cuda:0", …
  std::string description;  // the device, its memory, resident bases
  groth16::DeviceMemory memory;  // its device's, as its backend last saw it (0 and 0 on the host)
  bool busy = false;
  uint64_t proofs = 0;
  // While busy: the jobs whose partitions it is proving (in the order of its prove call; one
  // call may prove partitions of several jobs of one circuit) and their circuit kind.
  std::vector<JobId> jobs;
  std::string kind;
};

// Jobs not yet finished of one circuit kind.
struct KindLoad {
  size_t queued = 0, running = 0;
};

struct EngineStatus {
  std::vector<WorkerInfo> workers;
  std::string gpu_note;  // why there is no GPU worker, if there is none
  std::vector<SrsInfo> srs;
  size_t validating = 0;       // jobs whose payload waits for or is in validation
  std::vector<size_t> queued;  // jobs waiting in the scheduler, per priority level
  size_t synthesis_units = 0, ready_units = 0;
  uint64_t submitted = 0, done = 0, failed = 0, cancelled = 0, running = 0;
  // Every circuit kind the catalog has (idle ones with zeros) → its queued (validating too) and
  // running jobs.
  std::map<std::string, KindLoad> by_kind;
  size_t pinned_used = 0, pinned_limit = 0;
  size_t working_used = 0, working_limit = 0;  // synthesized partitions, the budget
  size_t working_validation = 0;  // reserved by the payloads being validated, counted against the budget too
  size_t working_resident = 0;  // held by circuits for their partitions, counted against the budget too
  size_t peak_host_bytes = 0;   // the process's peak resident memory so far (0 where unknown)
  std::vector<std::string> circuits;
};

// The end of a job's validation stage.
struct Validation {
  // OK: the payload passed (the job is queued, or further on); else why the job failed there
  // (the circuit's INVALID_ARGUMENT), or CANCELLED if it was cancelled first.
  Status status;
  size_t partitions = 0;  // the job's, when it passed
  double ms = 0;          // submit → the end of validation (waiting for a validator included)
};

// Makes the engine's prover backends, their host work on `prover_pool` (the engine's, alive
// as long as they are); may set *note to why there is no GPU backend. An empty result means the
// engine cannot prove (create() fails).
using BackendFactory = std::function<std::vector<std::unique_ptr<groth16::ProverBackend>>(
    ThreadPool& prover_pool, std::string* note)>;

// What the composition root hands the engine.
struct EngineParts {
  std::shared_ptr<CircuitCatalog> catalog;
  BackendFactory backends;
};

class Engine {
 public:
  // Starts the threads and preloads config.preload. Errors: no backend; an unknown or
  // unloadable preload circuit (named).
  static Result<std::unique_ptr<Engine>> create(EngineConfig config, EngineParts parts);
  ~Engine();  // shutdown(0): cancels what is left
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Records the job as validating and returns at once; its payload is validated on the engine's
  // validators (on_validated tells when) once the working memory its validation needs is free,
  // and a payload the circuit rejects fails the job with the circuit's INVALID_ARGUMENT.
  // Errors here: NOT_FOUND: unknown circuit; INVALID_ARGUMENT: a payload over
  // max_payload_bytes; OUT_OF_MEMORY: a payload whose validation needs more than the whole
  // working-memory budget; UNAVAILABLE: shutting down.
  Result<JobId> submit(JobRequest request);
  // Calls `validated` once when the job's validation stage ends (at once, on this thread, if it
  // has; else on the engine thread that ends it — its validator, or a cancel's or shutdown's
  // caller — with the engine's lock held: `validated` must be quick and must not call the
  // engine), or with NOT_FOUND for an unknown or collected id. The
  // result stays to be collected (await, on_done); a job that failed validation is finished by
  // then, and its on_done callbacks run after `validated`.
  using ValidatedCallback = std::function<void(const Validation&)>;
  void on_validated(JobId id, ValidatedCallback validated);
  // The job's result once finished (then forgotten). DEADLINE_EXCEEDED if it is still running
  // after `timeout` (the job goes on); NOT_FOUND for an unknown or already collected id.
  Result<JobResult> await(JobId id, std::chrono::milliseconds timeout);
  // Calls `done` once with the job's result when it finishes (at once, on this thread, if it
  // has; else on the engine thread that finishes it, with the engine's lock held: `done` must
  // be quick and must not call the engine), or with NOT_FOUND for an unknown or collected id.
  // The result is collected by this call. Returns a token for forget_callback() (0 if `done`
  // already ran).
  using DoneCallback = std::function<void(Result<JobResult>)>;
  uint64_t on_done(JobId id, DoneCallback done);
  // Drops a callback not yet called (its caller went away); the job goes on and its result
  // stays to be awaited. False if the callback already ran or is running.
  bool forget_callback(JobId id, uint64_t token);
  // Queued: removed at once. In flight: stops between phases. The job then finishes as
  // CANCELLED. NOT_FOUND for an unknown id; FAILED_PRECONDITION if it already finished.
  Status cancel(JobId id);
  EngineStatus status() const;
  std::string metrics_text() const;  // Prometheus text format
  // Makes the circuit's parameters hot on the caller's thread (start-up, the CLI).
  Status preload(const std::string& circuit_id);
  // The same off the caller's thread: `done` is called once with the outcome, on the engine's
  // parameter thread (at once on this one for an unknown circuit; UNAVAILABLE when the engine
  // shuts down first). Preloads of parameters already loading or queued join that load: one
  // generation or load, every caller told. `done` must not call the engine.
  using ParamsCallback = std::function<void(const Status&)>;
  void preload_async(const std::string& circuit_id, ParamsCallback done);
  // Makes `srs` — parameters made in memory for the circuit (CircuitDef::make_test_srs), with no
  // file behind them — the circuit's hot SRS under its srs_path (SrsManager::install): its jobs
  // prove with it, it is never demoted by the pinned budget, evict() drops it. NOT_FOUND for an
  // unknown circuit; FAILED_PRECONDITION while parameters at that path are loading or in use.
  Status install_srs(const std::string& circuit_id, std::shared_ptr<const LoadedSrs> srs);
  Status evict(const std::string& circuit_id);
  // evict() on the engine's parameter thread (dropping device copies may wait for a proof on
  // that device), `done` called as for preload_async.
  void evict_async(const std::string& circuit_id, ParamsCallback done);
  // Stops accepting jobs, lets in-flight and queued jobs finish for up to `drain`, cancels the
  // rest (parameter generation in progress stops too), and stops the threads. Idempotent.
  void shutdown(std::chrono::milliseconds drain);

 private:
  struct Impl;
  explicit Engine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::engine
