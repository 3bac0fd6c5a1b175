// Metrics: counters of finished jobs per kind and state and sums of their phase times,
// rendered with the engine's gauges (queues, memory, SRS tiers, workers) in Prometheus's text
// exposition format. Thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/job.hpp"

namespace cuzk::engine {

struct EngineStatus;

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
  mutable std::mutex mutex_;
  uint64_t submitted_ = 0;
  std::map<std::string, PerKind, std::less<>> kinds_;
};

}  // namespace cuzk::engine
