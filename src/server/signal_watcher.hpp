// SignalWatcher: SIGTERM and SIGINT for the daemon, from the moment it starts. The first signal
// asks it to stop (wait_first() returns it; the daemon then drains); a second one, during
// start-up as well as while draining, exits the process at once with status 128 + the signal,
// after `on_second` ran (the daemon removes the temporaries of files being written, and its
// socket). A hung drain or a parameter generation can so always be cut short.
//
// The constructor blocks both signals in the calling thread — and so in every thread started
// after it — and starts the thread that waits for them: make it before any other thread.
// Thread-safe.
#pragma once

#include <signal.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <string>
#include <thread>

#include "common/thread_annotations.hpp"

namespace cuzk::server {

class SignalWatcher {
 public:
  explicit SignalWatcher(std::function<void(int signal_number)> on_second);
  ~SignalWatcher();  // stops watching (the signals stay blocked)
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

  // Blocks until the first signal (at once if it already came); returns it.
  int wait_first();

  static std::string name(int signal_number);  // "SIGTERM", "SIGINT"

 private:
  void watch();

  sigset_t signals_{};
  std::function<void(int)> on_second_;
  Mutex mutex_;
  std::condition_variable_any first_signal_;
  int first_ CUZK_GUARDED_BY(mutex_) = 0;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace cuzk::server
