// A fixed-size pool of worker threads for data-parallel loops (NTT butterflies, MSM windows,
// synthesis). parallel_for splits [0, n) into contiguous chunks and blocks until all ran.
// Thread-safe: several threads may call parallel_for concurrently (their chunks interleave).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cuzk {

class ThreadPool {
 public:
  // threads = 0 → std::thread::hardware_concurrency() (at least 1).
  explicit ThreadPool(size_t threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  size_t size() const { return workers_.size(); }

  // Calls body(begin, end) over chunks covering [0, n), at most `max_chunks` of them
  // (0 → one per thread); the calling thread runs chunks too, and runs other queued work
  // while it waits (so nesting is safe). Returns when all chunks are done. body must not throw.
  void parallel_for(size_t n, const std::function<void(size_t begin, size_t end)>& body, size_t max_chunks = 0);

  // The process-wide pool, sized to the machine (created on first use).
  static ThreadPool& shared();

 private:
  void worker_loop();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;  // GUARDED_BY(mutex_)
  bool stopping_ = false;                    // GUARDED_BY(mutex_)
};

}  // namespace cuzk
