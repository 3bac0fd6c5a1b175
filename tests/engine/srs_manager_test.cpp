// SrsManager: tiers, refcounts, one load for concurrent acquirers, LRU demotion within the
// budget that never touches an SRS in use, explicit eviction, load errors, parameters installed
// in memory (handed out without a load, never demoted, refused while the path's are in use), and
// a parameter file changed under it (truncated in place between loads or during one, rewritten
// while hot): never a SIGBUS, the load that read a changing file fails naming it, the next one
// reads the file as it is.
#include "engine/srs_manager.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <thread>

#include "common/reclaimer.hpp"
#include "engine/fake_circuit.hpp"

namespace cuzk::engine {
namespace {

using testing::FakeBehaviour;
using testing::FakeCircuit;

class SrsManagerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("cuzk_srs_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  SrsInfo info(const SrsManager& m, const CircuitDef& c) {
    for (const auto& i : m.list()) {
      if (i.path == c.srs_path()) return i;
    }
    return {};
  }

  std::filesystem::path dir_;
  ThreadPool pool_{2};
};

TEST_F(SrsManagerTest, InstalledParametersAreHandedOutAndNeverDemoted) {
  FakeBehaviour b;
  FakeCircuit installed("a", dir_, 100, b), other("b", dir_, 100, b);
  SrsManager m(150, pool_, [](const LoadedSrs&) {});
  {
    auto loaded = m.acquire(installed);
    ASSERT_TRUE(loaded.is_ok());
    EXPECT_EQ(m.install(installed, std::make_shared<testing::FakeSrs>(300, b)).code(), StatusCode::kFailedPrecondition)
        << "installed over parameters in use";
  }
  ASSERT_TRUE(m.install(installed, std::make_shared<testing::FakeSrs>(300, b)).is_ok());
  EXPECT_EQ(info(m, installed).tier, SrsTier::kHot);
  EXPECT_TRUE(info(m, installed).installed);
  EXPECT_EQ(m.hot_bytes(), 300u) << "the loaded parameters it replaced are gone";
  {
    auto lease = m.acquire(installed);
    ASSERT_TRUE(lease.is_ok());
    EXPECT_EQ(lease->srs().bytes(), 300u);
  }
  // Over the budget, another circuit's load demotes nothing installed (its own goes once unused).
  { ASSERT_TRUE(m.acquire(other).is_ok()); }
  EXPECT_EQ(info(m, installed).tier, SrsTier::kHot);
  EXPECT_NE(info(m, other).tier, SrsTier::kHot);
  EXPECT_EQ(b.loads.load(), 2) << "installed parameters are never loaded";
  ASSERT_TRUE(m.evict(installed.srs_path()).is_ok());
  EXPECT_FALSE(info(m, installed).installed);
  EXPECT_EQ(info(m, installed).tier, SrsTier::kCold);
}

TEST_F(SrsManagerTest, AcquireMakesHotAndCountsReferences) {
  FakeBehaviour b;
  FakeCircuit c("a", dir_, 100, b);
  size_t freed = 0;
  SrsManager m(1000, pool_, [&](const LoadedSrs&) { ++freed; });
  EXPECT_EQ(info(m, c).tier, SrsTier::kCold);
  {
    auto l1 = m.acquire(c);
    ASSERT_TRUE(l1.is_ok()) << l1.status().to_string();
    auto l2 = m.acquire(c);
    ASSERT_TRUE(l2.is_ok());
    EXPECT_EQ(info(m, c).tier, SrsTier::kHot);
    EXPECT_EQ(info(m, c).refcount, 2u);
    EXPECT_EQ(m.hot_bytes(), 100u);
    EXPECT_EQ(b.loads.load(), 1);
    EXPECT_EQ(m.evict(c.srs_path()).code(), StatusCode::kFailedPrecondition) << "in use: never evicted";
  }
  EXPECT_EQ(info(m, c).refcount, 0u);
  EXPECT_EQ(info(m, c).tier, SrsTier::kHot) << "stays hot while within the budget";
  ASSERT_TRUE(m.evict(c.srs_path()).is_ok());
  EXPECT_EQ(info(m, c).tier, SrsTier::kCold);
  EXPECT_EQ(freed, 1u);
  EXPECT_EQ(m.evict(dir_ / "nothing").code(), StatusCode::kNotFound);
}

TEST_F(SrsManagerTest, ConcurrentAcquirersShareOneLoad) {
  FakeBehaviour b;
  FakeCircuit c("a", dir_, 100, b);
  SrsManager m(1000, pool_, nullptr);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) threads.emplace_back([&] { EXPECT_TRUE(m.acquire(c).is_ok()); });
  for (auto& t : threads) t.join();
  EXPECT_EQ(b.loads.load(), 1);
}

TEST_F(SrsManagerTest, LeastRecentlyUsedUnreferencedSrsIsDemotedToWarm) {
  FakeBehaviour b;
  FakeCircuit a("a", dir_, 400, b), c2("b", dir_, 400, b), c3("c", dir_, 400, b);
  SrsManager m(1000, pool_, nullptr);
  ASSERT_TRUE(m.preload(a).is_ok());
  ASSERT_TRUE(m.preload(c2).is_ok());
  ASSERT_TRUE(m.acquire(a).is_ok());  // a is now more recent than b
  ASSERT_TRUE(m.preload(c3).is_ok());  // 1200 > 1000: b (least recent) goes
  EXPECT_EQ(info(m, a).tier, SrsTier::kHot);
  EXPECT_EQ(info(m, c2).tier, SrsTier::kWarm);
  EXPECT_EQ(info(m, c3).tier, SrsTier::kHot);
  EXPECT_LE(m.hot_bytes(), 1000u);
}

TEST_F(SrsManagerTest, ReferencedSrsIsNeverEvictedEvenOverBudget) {
  FakeBehaviour b;
  FakeCircuit a("a", dir_, 800, b), c2("b", dir_, 800, b);
  SrsManager m(1000, pool_, nullptr);
  auto la = m.acquire(a);
  auto lb = m.acquire(c2);
  ASSERT_TRUE(la.is_ok() && lb.is_ok());
  EXPECT_EQ(info(m, a).tier, SrsTier::kHot);
  EXPECT_EQ(info(m, c2).tier, SrsTier::kHot);
  EXPECT_EQ(m.hot_bytes(), 1600u) << "over budget rather than failing a job";
  la = Result<SrsLease>(SrsLease());  // release a: now it can go
  EXPECT_EQ(info(m, a).tier, SrsTier::kWarm);
  EXPECT_EQ(m.hot_bytes(), 800u);
}

TEST_F(SrsManagerTest, MissingFileIsANamedError) {
  FakeBehaviour b;
  FakeCircuit c("a", dir_, 100, b);
  std::filesystem::remove(c.srs_path());
  SrsManager m(1000, pool_, nullptr);
  auto lease = m.acquire(c);
  ASSERT_FALSE(lease.is_ok());
  EXPECT_EQ(lease.status().code(), StatusCode::kNotFound);
  EXPECT_NE(lease.status().message().find(c.srs_path()), std::string::npos);
}

// The parameters of `b` made 4 pages long and read whole by every load, as a parser does.
FakeBehaviour& reading(FakeBehaviour& b) {
  b.srs_file_bytes = 4 * static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  b.reads_srs_file = true;
  return b;
}

TEST_F(SrsManagerTest, AFileTruncatedInPlaceWhileWarmIsReadAgain) {
  FakeBehaviour b;
  FakeCircuit c("a", dir_, 100, reading(b));
  SrsManager m(0, pool_, nullptr);  // nothing stays hot: every release leaves the mapping warm
  ASSERT_TRUE(m.preload(c).is_ok());
  ASSERT_EQ(info(m, c).tier, SrsTier::kWarm);
  const size_t half = b.srs_file_bytes / 2;
  ASSERT_EQ(::truncate(c.srs_path().c_str(), static_cast<off_t>(half)), 0);  // same inode, shorter
  const Status again = m.preload(c);
  ASSERT_TRUE(again.is_ok()) << again.to_string();
  EXPECT_EQ(b.loads, 2);
  EXPECT_EQ(b.srs_file_sum, half * 'x') << "the file as it is now, not the old mapping";
}

TEST_F(SrsManagerTest, AFileTruncatedDuringALoadFailsThatLoadNamingTheFile) {
  FakeBehaviour b;
  FakeCircuit c("a", dir_, 100, reading(b));
  const std::string path = c.srs_path();
  const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  b.mid_load = [&] { ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(page)), 0); };
  SrsManager m(1 << 20, pool_, nullptr);
  auto lease = m.acquire(c);
  ASSERT_FALSE(lease.is_ok());
  EXPECT_EQ(lease.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(lease.status().message().find("parameter file " + path + " changed while it was read"), std::string::npos)
      << lease.status().message();
  EXPECT_EQ(info(m, c).tier, SrsTier::kCold);
  b.mid_load = nullptr;
  lease = m.acquire(c);  // the next load reads the file as it is now
  ASSERT_TRUE(lease.is_ok()) << lease.status().to_string();
  EXPECT_EQ(b.srs_file_sum, page * 'x');
}

TEST_F(SrsManagerTest, AFileChangedWhileHotIsReloadedOnceUnused) {
  FakeBehaviour b;
  FakeCircuit c("a", dir_, 100, reading(b));
  SrsManager m(1 << 20, pool_, nullptr);
  auto held = m.acquire(c);
  ASSERT_TRUE(held.is_ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a later modification time
  std::ofstream(c.srs_path(), std::ios::binary) << std::string(100, 'y');
  ASSERT_TRUE(m.acquire(c).is_ok());
  EXPECT_EQ(b.loads, 1) << "in use: the parameters loaded stay until released";
  held = Result<SrsLease>(SrsLease());
  ASSERT_TRUE(m.acquire(c).is_ok());
  EXPECT_EQ(b.loads, 2);
  EXPECT_EQ(b.srs_file_sum, 100u * 'y');
}

}  // namespace
}  // namespace cuzk::engine
