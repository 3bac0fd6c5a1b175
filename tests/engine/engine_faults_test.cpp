// The engine's failure paths, through the fault-injecting backend: a device error hands the
// unit to another worker; with no other worker the job fails cleanly; a failed batch is retried
// circuit by circuit; a stalled prove can be cancelled; the engine stays healthy and frees
// every synthesized partition and all working memory.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <mutex>

#include "common/reclaimer.hpp"
#include "engine/engine.hpp"
#include "engine/fake_circuit.hpp"
#include "support/backend/fault_injecting_backend.hpp"

namespace cuzk::engine {
namespace {

using backend::Fault;
using backend::FaultInjectingBackend;
using std::chrono::milliseconds;
using testing::FakeBackend;
using testing::FakeBehaviour;
using testing::FakeCircuit;

class EngineFaultsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cuzk_engine_faults_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
            "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    catalog_ = std::make_shared<CircuitCatalog>();
  }
  void TearDown() override {
    engine_.reset();
    Reclaimer::shared().drain();
    std::filesystem::remove_all(dir_);
  }

  // One worker per fault list: each a fake backend behind a fault-injecting one.
  void start(std::vector<std::vector<Fault>> workers, size_t max_batch = 1) {
    EngineConfig c;
    c.synthesis_threads = 2;
    c.prover_threads = 1;
    c.scheduler.max_batch_size = max_batch;
    c.scheduler.max_batch_wait = milliseconds(max_batch > 1 ? 60000 : 0);
    c.log = [this](LogLevel, std::string_view line) {
      std::lock_guard<std::mutex> lock(log_mutex_);
      log_.emplace_back(line);
    };
    EngineParts parts{catalog_, [this, workers](ThreadPool&, std::string*) {
                        std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                        for (size_t i = 0; i < workers.size(); ++i) {
                          auto b = std::make_unique<FaultInjectingBackend>(std::make_unique<FakeBackend>(), workers[i],
                                                                           "fault:" + std::to_string(i));
                          backends_.push_back(b.get());
                          out.push_back(std::move(b));
                        }
                        return out;
                      }};
    auto e = Engine::create(std::move(c), std::move(parts));
    ASSERT_TRUE(e.is_ok()) << e.status().to_string();
    engine_ = std::move(e).value();
  }
  FakeBehaviour& fake(const std::string& id) {
    FakeBehaviour& b = behaviours_.emplace_back();
    EXPECT_TRUE(catalog_->add(std::make_shared<FakeCircuit>(id, dir_, 10, b)).is_ok());
    return b;
  }
  JobResult run(const std::string& circuit, std::vector<uint8_t> payload = {}) {
    auto id = engine_->submit(JobRequest{circuit, std::nullopt, std::move(payload)});
    EXPECT_TRUE(id.is_ok()) << id.status().to_string();
    auto r = engine_->await(*id, milliseconds(60000));
    EXPECT_TRUE(r.is_ok()) << r.status().to_string();
    return r.is_ok() ? *r : JobResult{};
  }
  // Nothing synthesized is left alive and no working memory is held.
  void expect_no_leaks(const FakeBehaviour& b) {
    Reclaimer::shared().drain();
    EXPECT_EQ(b.alive.load(), 0) << "a synthesized partition leaked";
    EXPECT_EQ(engine_->status().working_used, 0u);
  }

  std::filesystem::path dir_;
  std::deque<FakeBehaviour> behaviours_;
  std::shared_ptr<CircuitCatalog> catalog_;
  std::vector<FaultInjectingBackend*> backends_;
  std::unique_ptr<Engine> engine_;
  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

TEST_F(EngineFaultsTest, ADeviceErrorHandsTheUnitToAnotherWorker) {
  FakeBehaviour& b = fake("fake");
  b.partitions = 3;
  start({{Fault{Fault::Action::kDeviceError, Fault::Phase::kBeforeProve, 0, SIZE_MAX}}, {}});
  for (uint8_t i = 0; i < 4; ++i) {
    const JobResult r = run("fake", {i});
    ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
    EXPECT_EQ(r.partitions.size(), 3u);
    EXPECT_EQ(r.worker, "fault:1");
  }
  EXPECT_EQ(backends_[1]->faulted(), 0u);
  EXPECT_EQ(engine_->status().failed, 0u);
  expect_no_leaks(b);
}

TEST_F(EngineFaultsTest, ADeviceErrorWithNoOtherWorkerFailsTheJobCleanly) {
  FakeBehaviour& b = fake("fake");
  start({{Fault{Fault::Action::kDeviceError, Fault::Phase::kAfterProve, 0, 1}}});
  const JobResult failed = run("fake");
  EXPECT_EQ(failed.status.code(), StatusCode::kDeviceError) << failed.status.to_string();
  EXPECT_TRUE(failed.partitions.empty());
  const JobResult next = run("fake");
  EXPECT_TRUE(next.status.is_ok()) << "the engine stays healthy: " << next.status.to_string();
  expect_no_leaks(b);
}

TEST_F(EngineFaultsTest, AFailedBatchIsRetriedCircuitByCircuit) {
  FakeBehaviour& b = fake("fake");
  b.batchable = true;
  start({{Fault{Fault::Action::kFail, Fault::Phase::kBeforeProve, 0, 1}}}, 3);
  std::vector<JobId> ids;
  for (uint8_t i = 0; i < 3; ++i) ids.push_back(*engine_->submit(JobRequest{"fake", std::nullopt, {i}}));
  for (JobId id : ids) {
    auto r = engine_->await(id, milliseconds(60000));
    ASSERT_TRUE(r.is_ok());
    EXPECT_TRUE(r->status.is_ok()) << r->status.to_string();
  }
  EXPECT_EQ(backends_[0]->calls(), 4u) << "one failed batch call, then one call per circuit";
  expect_no_leaks(b);
}

TEST_F(EngineFaultsTest, AJobStalledInProveCanBeCancelled) {
  FakeBehaviour& b = fake("fake");
  b.partitions = 4;
  start({{Fault{Fault::Action::kStall, Fault::Phase::kBeforeProve, 0, 1, milliseconds(300)}}});
  auto id = engine_->submit(JobRequest{"fake", std::nullopt, {}});
  ASSERT_TRUE(id.is_ok());
  std::this_thread::sleep_for(milliseconds(50));  // partition 0 is stalled in prove
  ASSERT_TRUE(engine_->cancel(*id).is_ok());
  auto r = engine_->await(*id, milliseconds(60000));
  ASSERT_TRUE(r.is_ok());
  EXPECT_EQ(r->status.code(), StatusCode::kCancelled);
  EXPECT_LT(backends_[0]->calls(), 4u) << "the other partitions were not proved";
  EXPECT_TRUE(run("fake").status.is_ok());
  expect_no_leaks(b);
}

TEST_F(EngineFaultsTest, EveryWorkerFailingFailsTheJobAndNamesTheError) {
  FakeBehaviour& b = fake("fake");
  const Fault broken{Fault::Action::kDeviceError, Fault::Phase::kBeforeProve, 0, SIZE_MAX};
  start({{broken}, {broken}});
  const JobResult r = run("fake");
  EXPECT_EQ(r.status.code(), StatusCode::kDeviceError);
  EXPECT_NE(r.status.message().find("injected fault"), std::string::npos) << r.status.message();
  EXPECT_EQ(backends_[0]->faulted() + backends_[1]->faulted(), 2u) << "each worker tried once";
  expect_no_leaks(b);
}

}  // namespace
}  // namespace cuzk::engine
