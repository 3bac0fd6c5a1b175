// ThreadPool: workers pull closures from one queue; parallel_for waits on a countdown.
#include "common/thread_pool.hpp"

#include <algorithm>
#include <chrono>

namespace cuzk {

ThreadPool::ThreadPool(size_t threads) {
  if (threads == 0) threads = std::max<size_t>(1, std::thread::hardware_concurrency());
  workers_.reserve(threads);
  for (size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void ThreadPool::worker_loop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;  // stopping and drained
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

void ThreadPool::parallel_for(size_t n, const std::function<void(size_t, size_t)>& body, size_t max_chunks) {
  if (n == 0) return;
  size_t chunks = max_chunks == 0 ? workers_.size() : max_chunks;
  chunks = std::min(chunks, n);
  if (chunks <= 1) {
    body(0, n);
    return;
  }
  std::mutex done_mutex;
  std::condition_variable done_cv;
  size_t remaining = chunks - 1;  // chunk 0 runs on the caller
  const size_t step = n / chunks, extra = n % chunks;
  auto chunk_range = [&](size_t c) {
    const size_t begin = c * step + std::min(c, extra);
    return std::pair<size_t, size_t>(begin, begin + step + (c < extra ? 1 : 0));
  };
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t c = 1; c < chunks; ++c) {
      tasks_.emplace_back([&, c] {
        const auto [begin, end] = chunk_range(c);
        body(begin, end);
        std::lock_guard<std::mutex> done_lock(done_mutex);
        if (--remaining == 0) done_cv.notify_one();
      });
    }
  }
  wake_.notify_all();
  const auto [begin, end] = chunk_range(0);
  body(begin, end);
  // Help with queued work while waiting, so nested parallel_for calls from workers cannot
  // deadlock the pool.
  for (;;) {
    std::function<void()> task;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!tasks_.empty()) {
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
    }
    if (task) {
      task();
      continue;
    }
    std::unique_lock<std::mutex> lock(done_mutex);
    if (done_cv.wait_for(lock, std::chrono::milliseconds(1), [&] { return remaining == 0; })) return;
  }
}

ThreadPool& ThreadPool::shared() {
  static ThreadPool pool;
  return pool;
}

}  // namespace cuzk
