// Metrics: counters of finished jobs per kind and state and sums of their phase times,
// rendered with the engine's gauges (queues, memory, SRS tiers, workers) in Prometheus's text
// exposition format — cuzk's names (cuzk_jobs_*, …) and, next to them, the names Curio's Rust
// daemon exports (cuzk_proofs_completed_total, cuzk_proofs_failed_total, cuzk_queue_depth,
// cuzk_proof_duration_seconds{proof_kind}, …), so an operator's dashboards keep working.
// Thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/job.hpp"

namespace cuzk::engine {

struct EngineStatus;

// Curio's name for the proof kind a circuit kind proves: "porep" → "porep-c2", "snap-deals" →
// "snap-update"; "window-post" and "winning-post" are Curio's names already; other kinds
// ("circom", "synthetic") keep theirs. Its metric label has '_' for '-' ("porep_c2").
std::string curio_kind_name(std::string_view kind);

class Metrics {
 public:
  void submitted();
  void record(std::string_view kind, JobState state, const JobTimings& timings);
  void totals(uint64_t& submitted, uint64_t& done, uint64_t& failed, uint64_t& cancelled) const;
  std::string render(const EngineStatus& status) const;

 private:
  struct PerKind {
    uint64_t done = 0, failed = 0, cancelled = 0;
    JobTimings sum;  // over done jobs
  };
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  mutable std::mutex mutex_;
  uint64_t submitted_ = 0;
  std::map<std::string, PerKind, std::less<>> kinds_;
};

}  // namespace cuzk::engine
