// Reclaimer: frees large buffers on a background thread so that no return path pays for a
// destructor. A prover hands over what it no longer needs (staging buffers, a/b/c vectors,
// assignments) with dispose(std::move(x)) and returns at once; the reclaimer's thread runs the
// destructors in hand-over order. drain() waits until everything handed over is freed (tests,
// shutdown). Thread-safe.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

namespace cuzk {

class Reclaimer {
 public:
  Reclaimer();
  ~Reclaimer();  // frees whatever is still pending, then stops the thread
  Reclaimer(const Reclaimer&) = delete;
  Reclaimer& operator=(const Reclaimer&) = delete;

  // Takes ownership of `value`; its destructor runs later on the reclaimer's thread.
  template <class T>
  void dispose(T&& value) {
    push(std::make_unique<Holder<std::decay_t<T>>>(std::forward<T>(value)));
  }

  // Blocks until every object handed over before this call has been destroyed.
  void drain();
  // Objects handed over and not yet destroyed.
  size_t pending() const;
  // Objects destroyed since construction.
  size_t reclaimed() const;

  // The process-wide reclaimer (created on first use).
  static Reclaimer& shared();

 private:
  struct HolderBase {
    virtual ~HolderBase() = default;
  };
  template <class T>
  struct Holder final : HolderBase {
    explicit Holder(T&& v) : value(std::move(v)) {}
    explicit Holder(const T& v) : value(v) {}
    T value;
  };

  void push(std::unique_ptr<HolderBase> holder);
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::unique_ptr<HolderBase>> queue_;  // GUARDED_BY(mutex_)
  size_t in_progress_ = 0;                         // GUARDED_BY(mutex_)
  size_t reclaimed_ = 0;                           // GUARDED_BY(mutex_)
  bool stopping_ = false;                          // GUARDED_BY(mutex_)
  std::thread thread_;
};

}  // namespace cuzk
