// Scheduler: priority queues and the batch collector (pure logic, time passed in; the engine
// calls it under its lock).
//
// Order: CRITICAL > HIGH > NORMAL > LOW, FIFO within a level (by arrival). A non-batchable job
// becomes a ready batch of one at once. Batchable jobs collect in one open batch per
// (circuit, priority); an open batch becomes ready when it reaches max_batch_size, when its
// first job has waited max_batch_wait, or when a job of higher priority arrives (so the
// lower-priority batch queues behind it instead of holding its jobs back). With sort_by_type,
// among ready batches of one level the next one for the circuit just popped goes first (fewer
// SRS switches).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "engine/job.hpp"

namespace cuzk::engine {

using Clock = std::chrono::steady_clock;

struct SchedulerConfig {
  size_t max_batch_size = 8;
  std::chrono::milliseconds max_batch_wait{50};
  bool sort_by_type = false;
};

struct ScheduledJob {
  JobId id = 0;
  std::string circuit_id;
  Priority priority = Priority::kNormal;
  bool batchable = false;
};

struct Batch {
  std::string circuit_id;
  Priority priority = Priority::kNormal;
  std::vector<JobId> jobs;
  uint64_t seq = 0;  // arrival order of its first job
};

class Scheduler {
 public:
  explicit Scheduler(SchedulerConfig config) : config_(config) {}

  void push(const ScheduledJob& job, Clock::time_point now);
  // The next ready batch (after flushing open batches whose wait is over), or nullopt.
  std::optional<Batch> pop(Clock::time_point now);
  // The earliest time an open batch times out (nullopt: none open).
  std::optional<Clock::time_point> next_deadline() const;
  // Removes a job that has not been popped yet; false if it is not queued here.
  bool remove(JobId id);
  // Jobs waiting (ready or collecting) at each priority level.
  std::vector<size_t> depth() const;
  bool empty() const;

 private:
  struct Open {
    Batch batch;
    Clock::time_point deadline;
  };
  void flush_expired(Clock::time_point now);
  void make_ready(Batch batch);

  SchedulerConfig config_;
  uint64_t seq_ = 0;
  std::deque<Batch> ready_[kPriorityLevels];
  std::vector<Open> open_;
  std::string last_circuit_;
};

}  // namespace cuzk::engine
