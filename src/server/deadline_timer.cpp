// DeadlineTimer: deadlines ordered in a multimap, one thread sleeping until the first.
#include "server/deadline_timer.hpp"

namespace cuzk::server {

DeadlineTimer::DeadlineTimer() : thread_([this] { loop(); }) {}

DeadlineTimer::~DeadlineTimer() {
  {
    MutexLock lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

uint64_t DeadlineTimer::schedule(Clock::time_point when, std::function<void()> fire) {
  MutexLock lock(mutex_);
  const uint64_t token = next_++;
  pending_.emplace(token, std::make_pair(when, std::move(fire)));
  order_.emplace(when, token);
  wake_.notify_all();
  return token;
}

bool DeadlineTimer::cancel(uint64_t token) {
  MutexLock lock(mutex_);
  auto it = pending_.find(token);
  if (it == pending_.end()) return false;
  auto [first, last] = order_.equal_range(it->second.first);
  for (auto o = first; o != last; ++o) {
    if (o->second == token) {
      order_.erase(o);
      break;
    }
  }
  pending_.erase(it);
  return true;
}

void DeadlineTimer::loop() {
  MutexLock lock(mutex_);
  for (;;) {
    if (stop_) return;
    if (order_.empty()) {
      wake_.wait(lock);
      continue;
    }
    const auto first = order_.begin();
    if (Clock::now() < first->first) {
      wake_.wait_until(lock, first->first);
      continue;
    }
    const uint64_t token = first->second;
    order_.erase(first);
    auto it = pending_.find(token);
    std::function<void()> fire = std::move(it->second.second);
    pending_.erase(it);
    lock.unlock();
    fire();
    lock.lock();
  }
}

}  // namespace cuzk::server
