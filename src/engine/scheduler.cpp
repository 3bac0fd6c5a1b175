// Scheduler: ready queues per priority level, open batches per (circuit, priority).
#include "engine/scheduler.hpp"

#include <algorithm>

namespace cuzk::engine {

void Scheduler::push(const ScheduledJob& job, Clock::time_point now) {
  const uint64_t seq = seq_++;
  // A higher-priority arrival flushes lower-priority open batches.
  for (size_t i = 0; i < open_.size();) {
    if (open_[i].batch.priority > job.priority) {
      make_ready(std::move(open_[i].batch));
      open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  if (!job.batchable || config_.max_batch_size <= 1) {
    make_ready(Batch{job.circuit_id, job.priority, {job.id}, seq});
    return;
  }
  auto it = std::find_if(open_.begin(), open_.end(), [&](const Open& o) {
    return o.batch.circuit_id == job.circuit_id && o.batch.priority == job.priority;
  });
  if (it == open_.end()) {
    open_.push_back(Open{Batch{job.circuit_id, job.priority, {}, seq}, now + config_.max_batch_wait});
    it = open_.end() - 1;
  }
  it->batch.jobs.push_back(job.id);
  if (it->batch.jobs.size() >= config_.max_batch_size) {
    make_ready(std::move(it->batch));
    open_.erase(it);
  }
}

void Scheduler::make_ready(Batch batch) {
  auto& queue = ready_[static_cast<size_t>(batch.priority)];
  // FIFO by the arrival of each batch's first job.
  auto pos = std::upper_bound(queue.begin(), queue.end(), batch.seq,
                              [](uint64_t seq, const Batch& b) { return seq < b.seq; });
  queue.insert(pos, std::move(batch));
}

void Scheduler::flush_expired(Clock::time_point now) {
  for (size_t i = 0; i < open_.size();) {
    if (open_[i].deadline <= now) {
      make_ready(std::move(open_[i].batch));
      open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

std::optional<Batch> Scheduler::pop(Clock::time_point now) {
  flush_expired(now);
  for (auto& queue : ready_) {
    if (queue.empty()) continue;
    auto pick = queue.begin();
    if (config_.sort_by_type) {
      auto same = std::find_if(queue.begin(), queue.end(), [&](const Batch& b) { return b.circuit_id == last_circuit_; });
      if (same != queue.end()) pick = same;
    }
    Batch out = std::move(*pick);
    queue.erase(pick);
    last_circuit_ = out.circuit_id;
    return out;
  }
  return std::nullopt;
}

std::optional<Clock::time_point> Scheduler::next_deadline() const {
  std::optional<Clock::time_point> out;
  for (const Open& o : open_) {
    if (!out || o.deadline < *out) out = o.deadline;
  }
  return out;
}

bool Scheduler::remove(JobId id) {
  auto erase_from = [id](std::vector<JobId>& jobs) {
    auto it = std::find(jobs.begin(), jobs.end(), id);
    if (it == jobs.end()) return false;
    jobs.erase(it);
    return true;
  };
  for (auto& queue : ready_) {
    for (auto it = queue.begin(); it != queue.end(); ++it) {
      if (erase_from(it->jobs)) {
        if (it->jobs.empty()) queue.erase(it);
        return true;
      }
    }
  }
  for (auto it = open_.begin(); it != open_.end(); ++it) {
    if (erase_from(it->batch.jobs)) {
      if (it->batch.jobs.empty()) open_.erase(it);
      return true;
    }
  }
  return false;
}

std::vector<size_t> Scheduler::depth() const {
  std::vector<size_t> out(kPriorityLevels, 0);
  for (size_t p = 0; p < kPriorityLevels; ++p) {
    for (const Batch& b : ready_[p]) out[p] += b.jobs.size();
  }
  for (const Open& o : open_) out[static_cast<size_t>(o.batch.priority)] += o.batch.jobs.size();
  return out;
}

bool Scheduler::empty() const {
  for (const auto& queue : ready_) {
    if (!queue.empty()) return false;
  }
  return open_.empty();
}

}  // namespace cuzk::engine
