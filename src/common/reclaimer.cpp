// Reclaimer: one thread pops holders off a queue and destroys them outside the lock.
#include "common/reclaimer.hpp"

namespace cuzk {

Reclaimer::Reclaimer() : thread_([this] { run(); }) {}

Reclaimer::~Reclaimer() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Reclaimer::push(std::unique_ptr<HolderBase> holder) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(holder));
  }
  wake_.notify_one();
}

void Reclaimer::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping and drained
    std::unique_ptr<HolderBase> holder = std::move(queue_.front());
    queue_.pop_front();
    ++in_progress_;
    lock.unlock();
    holder.reset();  // the expensive part, outside the lock
    lock.lock();
    --in_progress_;
    ++reclaimed_;
    if (queue_.empty() && in_progress_ == 0) idle_.notify_all();
  }
}

void Reclaimer::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && in_progress_ == 0; });
}

size_t Reclaimer::pending() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queue_.size() + in_progress_;
}

size_t Reclaimer::reclaimed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return reclaimed_;
}

Reclaimer& Reclaimer::shared() {
  static Reclaimer reclaimer;
  return reclaimer;
}

}  // namespace cuzk
