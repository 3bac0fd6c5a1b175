// SignalWatcher: a thread in sigtimedwait (100 ms ticks, so the destructor is prompt).
#include "server/signal_watcher.hpp"

#include <cstdlib>
#include <ctime>

namespace cuzk::server {

SignalWatcher::SignalWatcher(std::function<void(int signal_number)> on_second) : on_second_(std::move(on_second)) {
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGTERM);
  sigaddset(&signals_, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
  thread_ = std::thread([this] { watch(); });
}

SignalWatcher::~SignalWatcher() {
  stopping_ = true;
  thread_.join();
}

int SignalWatcher::wait_first() {
  MutexLock lock(mutex_);
  first_signal_.wait(lock, [this]() CUZK_NO_THREAD_SAFETY_ANALYSIS { return first_ != 0; });
  return first_;
}

std::string SignalWatcher::name(int signal_number) { return signal_number == SIGTERM ? "SIGTERM" : "SIGINT"; }

void SignalWatcher::watch() {
  const timespec tick{0, 100'000'000};
  while (!stopping_) {
    const int signal_number = sigtimedwait(&signals_, nullptr, &tick);
    if (signal_number <= 0) continue;
    {
      MutexLock lock(mutex_);
      if (first_ == 0) {
        first_ = signal_number;
        first_signal_.notify_all();
        continue;
      }
    }
    if (on_second_) on_second_(signal_number);
    std::_Exit(128 + signal_number);
  }
}

}  // namespace cuzk::server
