// DeadlineTimer: one thread that runs callbacks at their deadlines, for every waiting RPC at
// once (a wait holds no thread of its own). Callbacks run on the timer's thread and must be
// quick. Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <thread>

#include "common/thread_annotations.hpp"

namespace cuzk::server {

class DeadlineTimer {
 public:
  using Clock = std::chrono::steady_clock;
  DeadlineTimer();
  ~DeadlineTimer();  // drops pending callbacks without running them
  DeadlineTimer(const DeadlineTimer&) = delete;
  DeadlineTimer& operator=(const DeadlineTimer&) = delete;

  // Runs `fire` at `when` unless cancel() comes first. Returns the token cancel() takes.
  uint64_t schedule(Clock::time_point when, std::function<void()> fire);
  // True if the callback had not run yet (it never will).
  bool cancel(uint64_t token);

 private:
  void loop();

  Mutex mutex_;
  std::condition_variable_any wake_;
  std::multimap<Clock::time_point, uint64_t> order_ CUZK_GUARDED_BY(mutex_);
  std::map<uint64_t, std::pair<Clock::time_point, std::function<void()>>> pending_ CUZK_GUARDED_BY(mutex_);
  uint64_t next_ CUZK_GUARDED_BY(mutex_) = 1;
  bool stop_ CUZK_GUARDED_BY(mutex_) = false;
  std::thread thread_;
};

}  // namespace cuzk::server
