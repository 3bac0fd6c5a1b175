// Reclaimer: destructors run off the caller's thread, in order, and drain() waits for them.
#include "common/reclaimer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace cuzk {
namespace {

struct SlowToFree {
  std::thread::id* freed_on;
  std::atomic<int>* order;
  int expected;
  bool armed = true;
  SlowToFree(std::thread::id* f, std::atomic<int>* o, int e) : freed_on(f), order(o), expected(e) {}
  SlowToFree(SlowToFree&& other) noexcept
      : freed_on(other.freed_on), order(other.order), expected(other.expected) {
    other.armed = false;
  }
  ~SlowToFree() {
    if (!armed) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    *freed_on = std::this_thread::get_id();
    int want = expected;
    order->compare_exchange_strong(want, expected + 1);
  }
};

TEST(Reclaimer, FreesOnItsOwnThreadInOrderWithoutBlockingTheCaller) {
  Reclaimer reclaimer;
  std::thread::id freed_on;
  std::atomic<int> order{0};
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 5; ++i) reclaimer.dispose(SlowToFree(&freed_on, &order, i));
  const auto handed_over = std::chrono::steady_clock::now() - start;
  EXPECT_LT(handed_over, std::chrono::milliseconds(20)) << "dispose must not wait for destructors";
  reclaimer.drain();
  EXPECT_EQ(reclaimer.pending(), 0u);
  EXPECT_EQ(reclaimer.reclaimed(), 5u);
  EXPECT_EQ(order.load(), 5) << "destroyed out of order";
  EXPECT_NE(freed_on, std::this_thread::get_id());
}

TEST(Reclaimer, LargeBuffersAndDestructionAtShutdown) {
  std::thread::id freed_on;
  std::atomic<int> order{0};
  {
    Reclaimer reclaimer;
    reclaimer.dispose(std::vector<uint64_t>(1 << 20, 7));
    reclaimer.dispose(SlowToFree(&freed_on, &order, 0));
  }  // the destructor frees what is pending
  EXPECT_EQ(order.load(), 1);
}

}  // namespace
}  // namespace cuzk
