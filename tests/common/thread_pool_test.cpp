// ThreadPool: every index visited exactly once, chunk limits, nesting without deadlock.
#include "common/thread_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace cuzk {
namespace {

TEST(ThreadPool, VisitsEveryIndexOnce) {
  ThreadPool pool(3);
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{7}, size_t{1000}}) {
    std::vector<std::atomic<int>> hits(n);
    pool.parallel_for(n, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) hits[i]++;
    });
    for (size_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
  }
}

TEST(ThreadPool, RespectsMaxChunks) {
  ThreadPool pool(4);
  std::atomic<int> calls{0};
  pool.parallel_for(100, [&](size_t, size_t) { calls++; }, 2);
  EXPECT_EQ(calls.load(), 2);
}

TEST(ThreadPool, NestedCallsComplete) {
  ThreadPool pool(2);
  std::atomic<size_t> total{0};
  pool.parallel_for(8, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      pool.parallel_for(100, [&](size_t b, size_t e) { total += e - b; });
    }
  });
  EXPECT_EQ(total.load(), 800u);
}

}  // namespace
}  // namespace cuzk
