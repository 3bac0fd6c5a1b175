// Engine: the persistent proving engine. Jobs go through
//
//   submit → Scheduler (priority levels, batch collector) → synthesis queue → synthesis threads
//   (each unit = one partition of every job in a batch; waits for working memory, acquires the
//   SRS, synthesizes its circuits in parallel) → prove queue → one worker per backend (per GPU,
//   or one CPU worker): prove, self-verify, hand every buffer to the reclaimer → result
//
// so synthesis of the next unit runs while the current one proves, a 10-partition job flows
// through partition by partition, and synthesized-but-unproven data never exceeds the
// working-memory budget (a single unit larger than the budget still runs, alone). Workers
// prefer units whose SRS already lives on their device. Proved circuits go back to their
// CircuitDef, which may keep a few assignments for reuse (PoSt kinds keep two: their memory is
// already faulted in, outside the working-memory budget), or to the background reclaimer. Every finished job logs
//   job <id> circuit=<id> kind=<kind> …: <status>
//   timings: total=<n> ms (queue=<n> ms, srs=<n> ms, synth=<n> ms, gpu=<n> ms)
// A proof that fails self-verification is never returned as a success.
//
// Thread-safe: every public method may be called from any thread.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "engine/job.hpp"
#include "engine/registry.hpp"
#include "engine/scheduler.hpp"
#include "engine/srs_manager.hpp"

namespace cuzk::engine {

enum class LogLevel : uint8_t { kInfo, kWarn };

struct EngineConfig {
  size_t pinned_budget_bytes = size_t{16} << 30;          // hot SRS bytes
  size_t working_memory_budget_bytes = size_t{8} << 30;   // synthesized, not yet proved
  SchedulerConfig scheduler;
  size_t synthesis_threads = 0;  // 0 → one per core
  size_t prover_threads = 0;     // CPU prover (and GPU host-side) threads; 0 → one per core
  bool use_gpus = true;          // one worker per GPU where CUDA is built and a GPU is present
  std::vector<int> gpu_devices;  // empty → all
  bool gpu_affinity = true;      // a worker prefers units whose SRS is already on its device
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
  bool busy = false;
  uint64_t proofs = 0;
};

struct EngineStatus {
  std::vector<WorkerInfo> workers;
  std::string gpu_note;  // why there is no GPU worker, if there is none
  std::vector<SrsInfo> srs;
  std::vector<size_t> queued;  // jobs waiting in the scheduler, per priority level
  size_t synthesis_units = 0, ready_units = 0;
  uint64_t submitted = 0, done = 0, failed = 0, cancelled = 0, running = 0;
  size_t pinned_used = 0, pinned_limit = 0;
  size_t working_used = 0, working_limit = 0;
  std::vector<std::string> circuits;
};

class Engine {
 public:
  // Starts the threads and preloads config.preload. Errors: an unknown or unloadable preload
  // circuit (named).
  static Result<std::unique_ptr<Engine>> create(EngineConfig config, std::shared_ptr<CircuitRegistry> registry);
  ~Engine();  // shutdown(0): cancels what is left
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // NOT_FOUND: unknown circuit; INVALID_ARGUMENT: a payload the circuit rejects or one over
  // max_payload_bytes; UNAVAILABLE: shutting down.
  Result<JobId> submit(JobRequest request);
  // The job's result once finished (then forgotten). DEADLINE_EXCEEDED if it is still running
  // after `timeout` (the job goes on); NOT_FOUND for an unknown or already collected id.
  Result<JobResult> await(JobId id, std::chrono::milliseconds timeout);
  // Queued: removed at once. In flight: stops between phases. The job then finishes as
  // CANCELLED. NOT_FOUND for an unknown id; FAILED_PRECONDITION if it already finished.
  Status cancel(JobId id);
  EngineStatus status() const;
  std::string metrics_text() const;  // Prometheus text format
  Status preload(const std::string& circuit_id);
  Status evict(const std::string& circuit_id);
  // Stops accepting jobs, lets in-flight and queued jobs finish for up to `drain`, cancels the
  // rest, and stops the threads. Idempotent.
  void shutdown(std::chrono::milliseconds drain);

 private:
  struct Impl;
  explicit Engine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::engine
