// RequestRegistry over a real engine (synthetic circuits on the CPU prover): concurrent
// requests under one id prove once; a retry after completion gets the kept result; the same
// id with another request is refused; a failed or cancelled job's id proves anew; empty ids
// get UUIDs; kept results expire and are bounded; a forgotten waiter is never called.
#include "server/request_ids.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <regex>
#include <set>

#include "backend/prover_factory.hpp"
#include "kinds/catalog.hpp"
#include "kinds/result_encoding.hpp"

namespace cuzk::server {
namespace {

using std::chrono::milliseconds;

gadgets::Sha256Digest digest(uint8_t tag) {
  gadgets::Sha256Digest d{};
  d[0] = tag;
  return d;
}

engine::JobRequest job(const std::string& circuit, const std::string& seed) {
  return engine::JobRequest{circuit, std::nullopt, std::vector<uint8_t>(seed.begin(), seed.end())};
}

// Collects one outcome and lets the test wait for it.
class Collector {
 public:
  RequestRegistry::Waiter waiter() {
    return [this](const RequestRegistry::Outcome& o) {
      std::lock_guard<std::mutex> lock(mutex_);
      outcomes_.push_back(o);
      cv_.notify_all();
    };
  }
  std::vector<RequestRegistry::Outcome> wait_for(size_t n) {
    std::unique_lock<std::mutex> lock(mutex_);
    EXPECT_TRUE(cv_.wait_for(lock, std::chrono::seconds(120), [&] { return outcomes_.size() >= n; }));
    return outcomes_;
  }
  size_t count() {
    std::lock_guard<std::mutex> lock(mutex_);
    return outcomes_.size();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<RequestRegistry::Outcome> outcomes_;
};

std::vector<uint8_t> proof_bytes(const engine::JobResult& r) {
  std::vector<uint8_t> out;
  for (const auto& p : r.partitions) {
    const auto b = kinds::encode_proof(r.encoding, p.proof);
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

class RequestRegistryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cuzk_request_ids_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
            "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    kinds::KindsConfig kinds;
    kinds.params.generated_dir = (dir_ / "generated").string();
    kinds.synthetic_on_demand = true;
    auto catalog = kinds::make_catalog(kinds);
    ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
    engine::EngineConfig config;
    config.synthesis_threads = 2;
    config.prover_threads = 2;
    config.log = [](engine::LogLevel, std::string_view) {};
    auto e = engine::Engine::create(config, engine::EngineParts{*catalog, [](ThreadPool& pool, std::string*) {
                                                                  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                                  out.push_back(backend::make_cpu_prover(pool));
                                                                  return out;
                                                                }});
    ASSERT_TRUE(e.is_ok()) << e.status().to_string();
    engine_ = std::move(e).value();
  }
  void TearDown() override {
    registry_.reset();
    engine_.reset();
    std::filesystem::remove_all(dir_);
  }
  RequestRegistry& registry(RequestRegistryOptions options = {}) {
    registry_ = std::make_unique<RequestRegistry>(*engine_, options);
    return *registry_;
  }
  uint64_t submitted() { return engine_->status().submitted; }

  std::filesystem::path dir_;
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<RequestRegistry> registry_;
};

TEST_F(RequestRegistryTest, ConcurrentRequestsUnderOneIdProveOnce) {
  RequestRegistry& r = registry();
  Collector c;
  auto first = r.submit("porep-1000-7", digest(1), job("synthetic-64x3", "a"), c.waiter());
  auto second = r.submit("porep-1000-7", digest(1), job("synthetic-64x3", "a"), c.waiter());
  ASSERT_TRUE(first.is_ok() && second.is_ok());
  EXPECT_FALSE(first->attached);
  EXPECT_TRUE(second->attached);
  const auto outcomes = c.wait_for(2);
  ASSERT_TRUE(outcomes[0]->status.is_ok()) << outcomes[0]->status.to_string();
  EXPECT_EQ(outcomes[0], outcomes[1]);  // one result, handed to both
  EXPECT_EQ(outcomes[0]->partitions.size(), 3u);
  EXPECT_EQ(submitted(), 1u);
}

TEST_F(RequestRegistryTest, RetryAfterCompletionGetsTheKeptResult) {
  RequestRegistry& r = registry();
  Collector c;
  ASSERT_TRUE(r.submit("wdpost-1-0", digest(2), job("synthetic-64", "b"), c.waiter()).is_ok());
  const auto first = c.wait_for(1)[0];
  ASSERT_TRUE(first->status.is_ok());
  EXPECT_EQ(r.retained(), 1u);
  Collector retry;
  auto again = r.submit("wdpost-1-0", digest(2), job("synthetic-64", "b"), retry.waiter());
  ASSERT_TRUE(again.is_ok());
  EXPECT_TRUE(again->attached);
  EXPECT_EQ(again->token, 0u);  // handed back at once
  EXPECT_EQ(retry.count(), 1u);
  EXPECT_EQ(proof_bytes(*retry.wait_for(1)[0]), proof_bytes(*first));
  // Awaiting it again works too (the result stays kept).
  Collector awaited;
  ASSERT_TRUE(r.wait("wdpost-1-0", awaited.waiter()).is_ok());
  EXPECT_EQ(awaited.wait_for(1)[0], first);
  EXPECT_EQ(submitted(), 1u);
}

TEST_F(RequestRegistryTest, SameIdWithAnotherRequestIsRefused) {
  RequestRegistry& r = registry();
  Collector c;
  ASSERT_TRUE(r.submit("porep-1-1", digest(3), job("synthetic-64x2", "c"), c.waiter()).is_ok());
  auto clash = r.submit("porep-1-1", digest(4), job("synthetic-64x2", "d"), nullptr);
  ASSERT_FALSE(clash.is_ok());
  EXPECT_EQ(clash.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(clash.status().message().find("request_id 'porep-1-1' is in use by a different request"), std::string::npos)
      << clash.status().message();
  ASSERT_TRUE(c.wait_for(1)[0]->status.is_ok());
  auto after = r.submit("porep-1-1", digest(4), job("synthetic-64x2", "d"), nullptr);  // completed: still refused
  ASSERT_FALSE(after.is_ok());
  EXPECT_NE(after.status().message().find("a completed synthetic-64x2 job"), std::string::npos);
  EXPECT_EQ(submitted(), 1u);
}

TEST_F(RequestRegistryTest, CancelledOrRefusedIdsProveAnew) {
  RequestRegistry& r = registry();
  Collector c;
  ASSERT_TRUE(r.submit("snap-1-1", digest(5), job("synthetic-256x64", "e"), c.waiter()).is_ok());
  ASSERT_TRUE(r.cancel("snap-1-1").is_ok());
  const auto cancelled = c.wait_for(1)[0];
  EXPECT_EQ(cancelled->status.code(), StatusCode::kCancelled);
  EXPECT_EQ(r.cancel("snap-1-1").code(), StatusCode::kFailedPrecondition);
  Collector retry;
  auto again = r.submit("snap-1-1", digest(5), job("synthetic-64", "e"), retry.waiter());
  ASSERT_TRUE(again.is_ok());
  EXPECT_FALSE(again->attached);  // a new attempt
  EXPECT_TRUE(retry.wait_for(1)[0]->status.is_ok());
  // A request the engine refuses is an error for its caller and leaves no entry behind.
  auto refused = r.submit("bad-1", digest(6), job("synthetic-64", std::string(65, 'x')), nullptr);
  ASSERT_FALSE(refused.is_ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(r.wait("bad-1", [](const RequestRegistry::Outcome&) {}).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.cancel("no-such-id").code(), StatusCode::kNotFound);
}

TEST_F(RequestRegistryTest, EmptyIdsGetUuids) {
  RequestRegistry& r = registry();
  const std::regex uuid("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::set<std::string> ids;
  Collector c;
  for (int i = 0; i < 3; ++i) {
    auto s = r.submit("", digest(7), job("synthetic-64", "f"), c.waiter());
    ASSERT_TRUE(s.is_ok());
    EXPECT_TRUE(std::regex_match(s->id, uuid)) << s->id;
    EXPECT_FALSE(s->attached);
    ids.insert(s->id);
  }
  EXPECT_EQ(ids.size(), 3u);
  c.wait_for(3);
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(std::regex_match(make_uuid(), uuid));
}

TEST_F(RequestRegistryTest, KeptResultsExpireAndAreBounded) {
  RequestRegistryOptions options;
  options.retention = milliseconds(300);
  options.max_results = 2;
  RequestRegistry& r = registry(options);
  Collector c;
  for (const char* id : {"a", "b", "c"}) {
    ASSERT_TRUE(r.submit(id, digest(8), job("synthetic-64", id), c.waiter()).is_ok());
    c.wait_for(static_cast<size_t>(id[0] - 'a' + 1));
  }
  EXPECT_EQ(r.retained(), 2u);  // "a" went first
  EXPECT_EQ(r.wait("a", [](const RequestRegistry::Outcome&) {}).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(r.wait("c", [](const RequestRegistry::Outcome&) {}).is_ok());
  std::this_thread::sleep_for(milliseconds(400));
  auto expired = r.wait("c", [](const RequestRegistry::Outcome&) {});
  EXPECT_EQ(expired.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.retained(), 0u);
  // An expired id proves anew.
  Collector again;
  auto s = r.submit("c", digest(8), job("synthetic-64", "c"), again.waiter());
  ASSERT_TRUE(s.is_ok());
  EXPECT_FALSE(s->attached);
  EXPECT_TRUE(again.wait_for(1)[0]->status.is_ok());
}

TEST_F(RequestRegistryTest, AForgottenWaiterIsNeverCalled) {
  RequestRegistry& r = registry();
  Collector gone, stays;
  auto s = r.submit("winpost-1", digest(9), job("synthetic-64x4", "g"), gone.waiter());
  ASSERT_TRUE(s.is_ok());
  ASSERT_NE(s->token, 0u);
  auto other = r.wait("winpost-1", stays.waiter());
  ASSERT_TRUE(other.is_ok());
  EXPECT_TRUE(r.forget("winpost-1", s->token));
  EXPECT_FALSE(r.forget("winpost-1", s->token));
  EXPECT_TRUE(stays.wait_for(1)[0]->status.is_ok());
  EXPECT_EQ(gone.count(), 0u);
}

}  // namespace
}  // namespace cuzk::server
