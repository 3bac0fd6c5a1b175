// Scheduler: priority order, FIFO within a level, batch flush on size, on wait, and on a
// higher-priority arrival; removal of queued jobs; sort_by_type.
#include "engine/scheduler.hpp"

#include <gtest/gtest.h>

namespace cuzk::engine {
namespace {

using std::chrono::milliseconds;

ScheduledJob job(JobId id, const std::string& circuit, Priority p, bool batchable = false) {
  return ScheduledJob{id, circuit, p, batchable};
}

std::vector<JobId> drain_ids(Scheduler& s, Clock::time_point now) {
  std::vector<JobId> out;
  while (auto b = s.pop(now)) out.insert(out.end(), b->jobs.begin(), b->jobs.end());
  return out;
}

TEST(Scheduler, PriorityLevelsThenFifo) {
  Scheduler s(SchedulerConfig{});
  const auto t = Clock::now();
  s.push(job(1, "c", Priority::kLow), t);
  s.push(job(2, "c", Priority::kNormal), t);
  s.push(job(3, "c", Priority::kCritical), t);
  s.push(job(4, "c", Priority::kNormal), t);
  s.push(job(5, "c", Priority::kHigh), t);
  s.push(job(6, "c", Priority::kCritical), t);
  EXPECT_EQ(drain_ids(s, t), (std::vector<JobId>{3, 6, 5, 2, 4, 1}));
  EXPECT_TRUE(s.empty());
}

TEST(Scheduler, BatchFlushesWhenFull) {
  SchedulerConfig config;
  config.max_batch_size = 3;
  config.max_batch_wait = milliseconds(1000);
  Scheduler s(config);
  const auto t = Clock::now();
  s.push(job(1, "porep", Priority::kNormal, true), t);
  s.push(job(2, "porep", Priority::kNormal, true), t);
  EXPECT_FALSE(s.pop(t)) << "a batch of 2 < 3 must wait";
  s.push(job(3, "porep", Priority::kNormal, true), t);
  auto b = s.pop(t);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->jobs, (std::vector<JobId>{1, 2, 3}));
  EXPECT_EQ(b->circuit_id, "porep");
}

TEST(Scheduler, BatchFlushesAfterTheWait) {
  SchedulerConfig config;
  config.max_batch_size = 10;
  config.max_batch_wait = milliseconds(50);
  Scheduler s(config);
  const auto t = Clock::now();
  s.push(job(1, "porep", Priority::kNormal, true), t);
  s.push(job(2, "porep", Priority::kNormal, true), t + milliseconds(10));
  ASSERT_TRUE(s.next_deadline());
  EXPECT_EQ(*s.next_deadline(), t + milliseconds(50));
  EXPECT_FALSE(s.pop(t + milliseconds(49)));
  auto b = s.pop(t + milliseconds(50));
  ASSERT_TRUE(b);
  EXPECT_EQ(b->jobs.size(), 2u);
  EXPECT_FALSE(s.next_deadline());
}

TEST(Scheduler, HigherPriorityArrivalFlushesLowerBatchesAndGoesFirst) {
  SchedulerConfig config;
  config.max_batch_size = 10;
  config.max_batch_wait = milliseconds(10000);
  Scheduler s(config);
  const auto t = Clock::now();
  s.push(job(1, "porep", Priority::kNormal, true), t);
  s.push(job(2, "porep", Priority::kNormal, true), t);
  s.push(job(3, "winning", Priority::kCritical), t);
  auto first = s.pop(t);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->jobs, (std::vector<JobId>{3}));
  auto second = s.pop(t);
  ASSERT_TRUE(second) << "the NORMAL batch was flushed by the CRITICAL arrival";
  EXPECT_EQ(second->jobs, (std::vector<JobId>{1, 2}));
}

TEST(Scheduler, BatchesAreSeparatePerCircuitAndPriority) {
  SchedulerConfig config;
  config.max_batch_size = 2;
  Scheduler s(config);
  const auto t = Clock::now();
  s.push(job(1, "a", Priority::kNormal, true), t);
  s.push(job(2, "b", Priority::kNormal, true), t);
  s.push(job(3, "a", Priority::kNormal, true), t);
  auto b = s.pop(t);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->circuit_id, "a");
  EXPECT_EQ(b->jobs, (std::vector<JobId>{1, 3}));
  EXPECT_FALSE(s.pop(t));
  EXPECT_EQ(s.depth()[static_cast<size_t>(Priority::kNormal)], 1u);
}

TEST(Scheduler, RemoveTakesQueuedJobsOut) {
  SchedulerConfig config;
  config.max_batch_size = 4;
  Scheduler s(config);
  const auto t = Clock::now();
  s.push(job(1, "a", Priority::kNormal, true), t);
  s.push(job(2, "x", Priority::kHigh), t);
  EXPECT_TRUE(s.remove(1));
  EXPECT_TRUE(s.remove(2));
  EXPECT_FALSE(s.remove(2));
  EXPECT_FALSE(s.remove(99));
  EXPECT_TRUE(s.empty());
  EXPECT_FALSE(s.pop(t + milliseconds(100000)));
}

TEST(Scheduler, SortByTypeKeepsOneCircuitTogetherWithinALevel) {
  SchedulerConfig config;
  config.sort_by_type = true;
  Scheduler s(config);
  const auto t = Clock::now();
  s.push(job(1, "a", Priority::kNormal), t);
  s.push(job(2, "b", Priority::kNormal), t);
  s.push(job(3, "a", Priority::kNormal), t);
  s.push(job(4, "b", Priority::kHigh), t);
  EXPECT_EQ(drain_ids(s, t), (std::vector<JobId>{4, 2, 1, 3}));
}

}  // namespace
}  // namespace cuzk::engine
