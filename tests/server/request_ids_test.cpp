// RequestRegistry over a real engine (synthetic circuits on the CPU prover): concurrent
// requests under one id prove once; a retry after completion gets the kept result; another
// request under an id in use is proved (the job of the earlier one finishes for its waiters,
// or is cancelled where it has none); a failed or cancelled job's id proves anew; a payload
// refused at validation leaves no entry and gives its waiters the refusal; empty ids get
// UUIDs; kept results expire and are bounded per owner (one owner's never displace
// another's); a forgotten waiter is never called; each client has its own ids (root sees
// all); admission limits name the limit reached; a caller abandoning a job only it knew
// cancels it; a cancel racing a job's end never answers NOT_FOUND; refusals are counted by
// reason; the request ids of engine jobs are told to their owners only.
#include "server/request_ids.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <regex>
#include <set>

#include "backend/prover_factory.hpp"
#include "kinds/catalog.hpp"
#include "kinds/result_encoding.hpp"

namespace cuzk::server {
namespace {

using std::chrono::milliseconds;

const Caller kAlice{"uid:1000", false};
const Caller kBob{"uid:1001", false};
const Caller kRoot{"uid:0", true};

gadgets::Sha256Digest digest(uint8_t tag) {
  gadgets::Sha256Digest d{};
  d[0] = tag;
  return d;
}

engine::JobRequest job(const std::string& circuit, const std::string& seed) {
  return engine::JobRequest{circuit, std::nullopt, std::vector<uint8_t>(seed.begin(), seed.end())};
}

// RequestRegistry::submit and its `validated` answer as one call: the submission once the
// engine took the request, else its refusal.
Result<RequestRegistry::Submitted> submit_validated(RequestRegistry& r, const Caller& caller, const std::string& id,
                                                    const gadgets::Sha256Digest& d, engine::JobRequest request) {
  std::promise<Status> validated;
  auto submitted = r.submit(caller, id, d, std::move(request), nullptr, false,
                            [&validated](const Status& s) { validated.set_value(s); });
  if (!submitted.is_ok()) return submitted;
  CUZK_RETURN_IF_ERROR(validated.get_future().get());
  return submitted;
}

// Collects outcomes (and whether each waiter's request attached) and lets the test wait for them.
class Collector {
 public:
  RequestRegistry::Waiter waiter() {
    return [this](const RequestRegistry::Outcome& o, bool attached) {
      std::lock_guard<std::mutex> lock(mutex_);
      outcomes_.push_back(o);
      attached_.push_back(attached);
      cv_.notify_all();
    };
  }
  std::vector<bool> attached() {
    std::lock_guard<std::mutex> lock(mutex_);
    return attached_;
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
  std::vector<bool> attached_;
};

// A waiter that ignores the outcome.
void ignore(const RequestRegistry::Outcome&, bool) {}

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
    kinds.params.matrices_dir = (dir_ / "matrices").string();
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
  uint64_t cancelled() { return engine_->status().cancelled; }

  std::filesystem::path dir_;
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<RequestRegistry> registry_;
};

TEST_F(RequestRegistryTest, ConcurrentRequestsUnderOneIdProveOnce) {
  RequestRegistry& r = registry();
  Collector c;
  auto first = r.submit(kAlice, "porep-1000-7", digest(1), job("synthetic-64x3", "a"), c.waiter());
  auto second = r.submit(kAlice, "porep-1000-7", digest(1), job("synthetic-64x3", "a"), c.waiter());
  ASSERT_TRUE(first.is_ok() && second.is_ok());
  EXPECT_FALSE(first->attached);
  EXPECT_TRUE(second->attached);
  const auto outcomes = c.wait_for(2);
  ASSERT_TRUE(outcomes[0]->status.is_ok()) << outcomes[0]->status.to_string();
  EXPECT_EQ(outcomes[0], outcomes[1]);  // one result, handed to both
  EXPECT_EQ(outcomes[0]->partitions.size(), 3u);
  const std::vector<bool> attached = c.attached();
  EXPECT_EQ(std::count(attached.begin(), attached.end(), true), 1);  // the second request's waiter
  EXPECT_EQ(submitted(), 1u);
}

TEST_F(RequestRegistryTest, RetryAfterCompletionGetsTheKeptResult) {
  RequestRegistry& r = registry();
  Collector c;
  ASSERT_TRUE(r.submit(kAlice, "wdpost-1-0", digest(2), job("synthetic-64", "b"), c.waiter()).is_ok());
  const auto first = c.wait_for(1)[0];
  ASSERT_TRUE(first->status.is_ok());
  EXPECT_EQ(r.retained(), 1u);
  Collector retry;
  auto again = r.submit(kAlice, "wdpost-1-0", digest(2), job("synthetic-64", "b"), retry.waiter());
  ASSERT_TRUE(again.is_ok());
  EXPECT_TRUE(again->attached);
  EXPECT_EQ(again->token, 0u);  // handed back at once
  EXPECT_EQ(retry.count(), 1u);
  EXPECT_EQ(proof_bytes(*retry.wait_for(1)[0]), proof_bytes(*first));
  EXPECT_EQ(retry.attached(), std::vector<bool>{true});
  // Awaiting it again works too (the result stays kept).
  Collector awaited;
  ASSERT_TRUE(r.wait(kAlice, "wdpost-1-0", awaited.waiter()).is_ok());
  EXPECT_EQ(awaited.wait_for(1)[0], first);
  EXPECT_EQ(awaited.attached(), std::vector<bool>{false});
  EXPECT_EQ(submitted(), 1u);
}

// Curio's WindowPoSt retry: the first attempt's caller gave up while it ran, and the retry
// under the same id skips a sector that could not be read (another payload).
TEST_F(RequestRegistryTest, AnotherRequestUnderARunningIdIsProvedAndTheEarlierJobCancelled) {
  RequestRegistry& r = registry();
  const std::string id = "wdpost-1000-0-0a0b0c0d0e0f1011";
  auto first = r.submit(kAlice, id, digest(3), job("synthetic-256x64", "every sector"), nullptr);
  ASSERT_TRUE(first.is_ok());
  Collector retry;
  auto second = r.submit(kAlice, id, digest(4), job("synthetic-64x2", "one sector skipped"), retry.waiter());
  ASSERT_TRUE(second.is_ok()) << second.status().to_string();
  EXPECT_FALSE(second->attached);
  const auto proved = retry.wait_for(1)[0];
  ASSERT_TRUE(proved->status.is_ok()) << proved->status.to_string();
  EXPECT_EQ(proved->circuit_id, "synthetic-64x2");  // the new request's
  EXPECT_EQ(retry.attached(), std::vector<bool>{false});
  // Nobody waited for the earlier job: it was cancelled.
  for (int i = 0; i < 6000 && (cancelled() == 0 || r.admitted().jobs != 0); ++i) std::this_thread::sleep_for(milliseconds(10));
  EXPECT_EQ(cancelled(), 1u);
  EXPECT_EQ(r.admitted().jobs, 0u);
  // The id names the new request: awaiting it gives its result, and its retry attaches.
  Collector awaited;
  ASSERT_TRUE(r.wait(kAlice, id, awaited.waiter()).is_ok());
  EXPECT_EQ(awaited.wait_for(1)[0], proved);
  auto again = r.submit(kAlice, id, digest(4), job("synthetic-64x2", "one sector skipped"), nullptr);
  ASSERT_TRUE(again.is_ok());
  EXPECT_TRUE(again->attached);
  EXPECT_EQ(submitted(), 2u);
  EXPECT_EQ(r.retained(), 1u);
}

// A PoRep whose Commit-1 was redone while callers still await the first attempt: theirs
// finishes for them, the id names the new request.
TEST_F(RequestRegistryTest, ASupersededJobFinishesForItsWaiters) {
  RequestRegistry& r = registry();
  const std::string id = "porep-1000-9";
  Collector caller, awaiting, redone;
  ASSERT_TRUE(r.submit(kAlice, id, digest(5), job("synthetic-64x4", "first commit-1"), caller.waiter()).is_ok());
  ASSERT_TRUE(r.wait(kAlice, id, awaiting.waiter()).is_ok());
  auto second = r.submit(kAlice, id, digest(6), job("synthetic-64x2", "commit-1 redone"), redone.waiter());
  ASSERT_TRUE(second.is_ok()) << second.status().to_string();
  EXPECT_FALSE(second->attached);
  const auto earlier = caller.wait_for(1)[0];
  ASSERT_TRUE(earlier->status.is_ok()) << earlier->status.to_string();
  EXPECT_EQ(earlier->circuit_id, "synthetic-64x4");
  EXPECT_EQ(awaiting.wait_for(1)[0], earlier);
  const auto newer = redone.wait_for(1)[0];
  ASSERT_TRUE(newer->status.is_ok());
  EXPECT_EQ(newer->circuit_id, "synthetic-64x2");
  EXPECT_EQ(cancelled(), 0u);
  EXPECT_EQ(submitted(), 2u);
  Collector later;
  ASSERT_TRUE(r.wait(kAlice, id, later.waiter()).is_ok());
  EXPECT_EQ(later.wait_for(1)[0], newer);
  EXPECT_EQ(r.retained(), 1u);  // the superseded result is nobody's to ask for
}

TEST_F(RequestRegistryTest, AnotherRequestAfterCompletionReplacesTheKeptResult) {
  RequestRegistry& r = registry();
  Collector first;
  ASSERT_TRUE(r.submit(kAlice, "porep-1-1", digest(7), job("synthetic-64", "c"), first.waiter()).is_ok());
  ASSERT_TRUE(first.wait_for(1)[0]->status.is_ok());
  Collector second;
  auto s = r.submit(kAlice, "porep-1-1", digest(8), job("synthetic-64x2", "d"), second.waiter());
  ASSERT_TRUE(s.is_ok()) << s.status().to_string();
  EXPECT_FALSE(s->attached);
  const auto newer = second.wait_for(1)[0];
  ASSERT_TRUE(newer->status.is_ok());
  EXPECT_EQ(newer->partitions.size(), 2u);
  Collector awaited;
  ASSERT_TRUE(r.wait(kAlice, "porep-1-1", awaited.waiter()).is_ok());
  EXPECT_EQ(awaited.wait_for(1)[0], newer);
  EXPECT_EQ(r.retained(), 1u);
  EXPECT_EQ(submitted(), 2u);
  // A new request the engine refuses leaves the id to the one before it.
  auto refused = r.submit(kAlice, "porep-1-1", digest(9), job("no-such-circuit", "e"), nullptr);
  ASSERT_FALSE(refused.is_ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kNotFound);
  Collector still;
  ASSERT_TRUE(r.wait(kAlice, "porep-1-1", still.waiter()).is_ok());
  EXPECT_EQ(still.wait_for(1)[0], newer);
}

TEST_F(RequestRegistryTest, CancelledOrRefusedIdsProveAnew) {
  RequestRegistry& r = registry();
  Collector c;
  ASSERT_TRUE(r.submit(kAlice, "snap-1-1", digest(5), job("synthetic-256x64", "e"), c.waiter()).is_ok());
  ASSERT_TRUE(r.cancel(kAlice, "snap-1-1").is_ok());
  const auto cancelled = c.wait_for(1)[0];
  EXPECT_EQ(cancelled->status.code(), StatusCode::kCancelled);
  EXPECT_EQ(r.cancel(kAlice, "snap-1-1").code(), StatusCode::kFailedPrecondition);
  Collector retry;
  auto again = r.submit(kAlice, "snap-1-1", digest(5), job("synthetic-64", "e"), retry.waiter());
  ASSERT_TRUE(again.is_ok());
  EXPECT_FALSE(again->attached);  // a new attempt
  EXPECT_TRUE(retry.wait_for(1)[0]->status.is_ok());
  // A request the engine refuses is an error for its caller and leaves no entry behind.
  auto refused = submit_validated(r, kAlice, "bad-1", digest(6), job("synthetic-64", std::string(65, 'x')));
  ASSERT_FALSE(refused.is_ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(r.wait(kAlice, "bad-1", ignore).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.cancel(kAlice, "no-such-id").code(), StatusCode::kNotFound);
}

TEST_F(RequestRegistryTest, APayloadRefusedAtValidationGivesItsWaitersTheRefusal) {
  RequestRegistry& r = registry();
  Collector c;
  auto s = r.submit(kAlice, "bad-2", digest(14), job("synthetic-64", std::string(65, 'y')), c.waiter());
  ASSERT_TRUE(s.is_ok()) << "submit returns before validation";
  const auto outcome = c.wait_for(1)[0];
  EXPECT_EQ(outcome->status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(outcome->status.message().find("at most 64 bytes"), std::string::npos) << outcome->status.message();
  EXPECT_EQ(r.wait(kAlice, "bad-2", ignore).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.admitted().jobs, 0u);
  EXPECT_EQ(r.retained(), 0u);
}

TEST_F(RequestRegistryTest, EmptyIdsGetUuids) {
  RequestRegistry& r = registry();
  const std::regex uuid("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::set<std::string> ids;
  Collector c;
  for (int i = 0; i < 3; ++i) {
    auto s = r.submit(kAlice, "", digest(7), job("synthetic-64", "f"), c.waiter());
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
  options.max_results_per_client = 2;
  RequestRegistry& r = registry(options);
  Collector c;
  for (const char* id : {"a", "b", "c"}) {
    ASSERT_TRUE(r.submit(kAlice, id, digest(8), job("synthetic-64", id), c.waiter()).is_ok());
    c.wait_for(static_cast<size_t>(id[0] - 'a' + 1));
  }
  EXPECT_EQ(r.retained(), 2u);  // "a" went first
  EXPECT_EQ(r.wait(kAlice, "a", ignore).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(r.wait(kAlice, "c", ignore).is_ok());
  std::this_thread::sleep_for(milliseconds(400));
  auto expired = r.wait(kAlice, "c", ignore);
  EXPECT_EQ(expired.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.retained(), 0u);
  // An expired id proves anew.
  Collector again;
  auto s = r.submit(kAlice, "c", digest(8), job("synthetic-64", "c"), again.waiter());
  ASSERT_TRUE(s.is_ok());
  EXPECT_FALSE(s->attached);
  EXPECT_TRUE(again.wait_for(1)[0]->status.is_ok());
}

TEST_F(RequestRegistryTest, AForgottenWaiterIsNeverCalled) {
  RequestRegistry& r = registry();
  Collector gone, stays;
  auto s = r.submit(kAlice, "winpost-1", digest(9), job("synthetic-64x4", "g"), gone.waiter());
  ASSERT_TRUE(s.is_ok());
  ASSERT_NE(s->token, 0u);
  auto other = r.wait(kAlice, "winpost-1", stays.waiter());
  ASSERT_TRUE(other.is_ok());
  EXPECT_TRUE(r.forget(kAlice, "winpost-1", s->token));
  EXPECT_FALSE(r.forget(kAlice, "winpost-1", s->token));
  EXPECT_TRUE(stays.wait_for(1)[0]->status.is_ok());
  EXPECT_EQ(gone.count(), 0u);
}

TEST_F(RequestRegistryTest, EachClientHasItsOwnIds) {
  RequestRegistry& r = registry();
  Collector alice, bob, root;
  ASSERT_TRUE(r.submit(kAlice, "porep-1-2", digest(10), job("synthetic-256x64", "h"), alice.waiter()).is_ok());
  // Bob cannot see, await or cancel Alice's job ...
  EXPECT_EQ(r.wait(kBob, "porep-1-2", bob.waiter()).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.cancel(kBob, "porep-1-2").code(), StatusCode::kNotFound);
  // ... and the same id is a job of his own, not an attachment to hers.
  auto his = r.submit(kBob, "porep-1-2", digest(10), job("synthetic-64", "h"), bob.waiter());
  ASSERT_TRUE(his.is_ok());
  EXPECT_FALSE(his->attached);
  // Root may await and cancel anyone's (here the first owner's in order: Alice's).
  ASSERT_TRUE(r.wait(kRoot, "porep-1-2", root.waiter()).is_ok());
  ASSERT_TRUE(r.cancel(kRoot, "porep-1-2").is_ok());
  EXPECT_EQ(alice.wait_for(1)[0]->status.code(), StatusCode::kCancelled);
  EXPECT_EQ(root.wait_for(1)[0]->status.code(), StatusCode::kCancelled);
  EXPECT_TRUE(bob.wait_for(1)[0]->status.is_ok());
  EXPECT_EQ(submitted(), 2u);
}

TEST_F(RequestRegistryTest, AdmissionLimitsNameTheLimitReached) {
  RequestRegistryOptions options;
  options.max_jobs_per_client = 2;
  options.max_jobs = 3;
  options.max_bytes_per_client = 40;
  RequestRegistry& r = registry(options);
  Collector c;
  ASSERT_TRUE(r.submit(kAlice, "a1", digest(11), job("synthetic-256x64", "1"), c.waiter()).is_ok());
  ASSERT_TRUE(r.submit(kAlice, "a2", digest(11), job("synthetic-256x64", "2"), c.waiter()).is_ok());
  auto third = r.submit(kAlice, "a3", digest(11), job("synthetic-256x64", "3"), c.waiter());
  ASSERT_FALSE(third.is_ok());
  EXPECT_EQ(third.status().code(), StatusCode::kOutOfMemory);  // RESOURCE_EXHAUSTED over gRPC
  EXPECT_NE(third.status().message().find("daemon.max_queued_jobs_per_client"), std::string::npos)
      << third.status().message();
  // A retry of a job in flight is no new job: it attaches.
  EXPECT_TRUE(r.submit(kAlice, "a1", digest(11), job("synthetic-256x64", "1"), nullptr).is_ok());
  // Another client still has room, until the total is reached.
  ASSERT_TRUE(r.submit(kBob, "b1", digest(11), job("synthetic-256x64", "4"), c.waiter()).is_ok());
  auto over_total = r.submit(kBob, "b2", digest(11), job("synthetic-64", "5"), nullptr);
  ASSERT_FALSE(over_total.is_ok());
  EXPECT_NE(over_total.status().message().find("daemon.max_queued_jobs)"), std::string::npos)
      << over_total.status().message();
  EXPECT_EQ(r.admitted().jobs, 3u);
  for (const char* id : {"a1", "a2"}) ASSERT_TRUE(r.cancel(kAlice, id).is_ok());
  ASSERT_TRUE(r.cancel(kBob, "b1").is_ok());
  c.wait_for(3);
  EXPECT_EQ(r.admitted().jobs, 0u);
  EXPECT_EQ(r.admitted().bytes, 0u);
  // Bytes: a payload that would take the client past its bytes.
  auto big = r.submit(kAlice, "a4", digest(11), job("synthetic-64", std::string(41, 'x')), nullptr);
  ASSERT_FALSE(big.is_ok());
  EXPECT_NE(big.status().message().find("daemon.max_queued_bytes_per_client"), std::string::npos)
      << big.status().message();
  // Room again once the jobs finished.
  Collector again;
  ASSERT_TRUE(r.submit(kAlice, "a5", digest(11), job("synthetic-64", "6"), again.waiter()).is_ok());
  EXPECT_TRUE(again.wait_for(1)[0]->status.is_ok());
}

TEST_F(RequestRegistryTest, AbandoningAPrivateIdCancelsItsJob) {
  RequestRegistry& r = registry();
  Collector gone;
  // A Prove without request id: nobody else knows the id, so the caller's going away cancels it.
  auto lone = r.submit(kAlice, make_uuid(), digest(12), job("synthetic-256x64", "i"), gone.waiter(), true);
  ASSERT_TRUE(lone.is_ok());
  EXPECT_TRUE(r.abandon(kAlice, lone->id, lone->token));
  for (int i = 0; i < 600 && cancelled() == 0; ++i) std::this_thread::sleep_for(milliseconds(10));
  EXPECT_EQ(cancelled(), 1u);
  EXPECT_EQ(gone.count(), 0u);
  // A client's own request id: the job goes on and its result is kept for a retry.
  Collector left, retry;
  auto named = r.submit(kAlice, "porep-9-9", digest(13), job("synthetic-64x2", "j"), left.waiter());
  ASSERT_TRUE(named.is_ok());
  EXPECT_TRUE(r.abandon(kAlice, "porep-9-9", named->token));
  for (int i = 0; i < 6000 && r.retained() < 2; ++i) std::this_thread::sleep_for(milliseconds(10));
  auto again = r.submit(kAlice, "porep-9-9", digest(13), job("synthetic-64x2", "j"), retry.waiter());
  ASSERT_TRUE(again.is_ok());
  EXPECT_TRUE(again->attached);
  EXPECT_TRUE(retry.wait_for(1)[0]->status.is_ok());
  EXPECT_EQ(left.count(), 0u);
  EXPECT_EQ(cancelled(), 1u);
}

// One owner's results never push out another's: bounds are per owner (1,010 small jobs from
// one uid once made another uid's finished PoRep answer NOT_FOUND).
TEST_F(RequestRegistryTest, KeptResultsAreBoundedPerOwner) {
  RequestRegistryOptions options;
  options.max_results_per_client = 3;
  RequestRegistry& r = registry(options);
  Collector alice;
  ASSERT_TRUE(r.submit(kAlice, "porep-1000-1", digest(20), job("synthetic-64", "alice"), alice.waiter()).is_ok());
  const auto hers = alice.wait_for(1)[0];
  ASSERT_TRUE(hers->status.is_ok());
  Collector bob;
  for (size_t i = 0; i < 8; ++i) {
    const std::string id = "bob-" + std::to_string(i);
    ASSERT_TRUE(r.submit(kBob, id, digest(21), job("synthetic-64", id), bob.waiter()).is_ok());
    bob.wait_for(i + 1);
  }
  Collector kept;
  ASSERT_TRUE(r.wait(kAlice, "porep-1000-1", kept.waiter()).is_ok()) << "Bob's results pushed out Alice's";
  EXPECT_EQ(kept.wait_for(1)[0], hers);
  for (size_t i = 0; i < 8; ++i) {  // Bob's oldest went, his newest three stay
    const bool stays = i >= 5;
    EXPECT_EQ(r.wait(kBob, "bob-" + std::to_string(i), ignore).is_ok(), stays) << i;
  }
  EXPECT_EQ(r.retained(), 4u);
}

// A cancel that races the job's end (the engine finishing it between the registry's look-up
// and the engine's cancel) answers in terms of the request id, never NOT_FOUND for a live id.
TEST_F(RequestRegistryTest, ACancelRacingTheEndOfAJobNeverAnswersNotFound) {
  RequestRegistry& r = registry();
  for (int round = 0; round < 10; ++round) {
    const std::string id = "wdpost-race-" + std::to_string(round);
    Collector c;
    ASSERT_TRUE(r.submit(kAlice, id, digest(22), job("synthetic-1024x4", id), c.waiter()).is_ok());
    while (engine_->status().running == 0 && c.count() == 0) std::this_thread::yield();
    Status last;
    do {  // cancel until the job has ended: a running job ends on an engine thread meanwhile
      last = r.cancel(kAlice, id);
    } while (last.is_ok());
    EXPECT_EQ(last.code(), StatusCode::kFailedPrecondition) << last.to_string();
    EXPECT_EQ(last.message(), "job '" + id + "' already finished");
    c.wait_for(1);
  }
}

TEST_F(RequestRegistryTest, RefusalsAreCountedByReason) {
  RequestRegistryOptions options;
  options.max_jobs_per_client = 1;
  RequestRegistry& r = registry(options);
  Collector c;
  ASSERT_TRUE(r.submit(kAlice, "a", digest(23), job("synthetic-256x64", "a"), c.waiter()).is_ok());
  EXPECT_FALSE(r.submit(kAlice, "b", digest(23), job("synthetic-64", "b"), nullptr).is_ok());  // queue full
  ASSERT_TRUE(r.cancel(kAlice, "a").is_ok());
  c.wait_for(1);
  EXPECT_FALSE(r.submit(kAlice, "c", digest(23), job("no-such-circuit", "c"), nullptr).is_ok());
  EXPECT_FALSE(submit_validated(r, kAlice, "d", digest(23), job("synthetic-64", std::string(65, 'd'))).is_ok());
  r.count_refusal(Refusal::kUnauthenticated);
  const RefusalCounts& counts = r.refusals();
  EXPECT_EQ(counts.count(Refusal::kQueueFull), 1u);
  EXPECT_EQ(counts.count(Refusal::kInvalidRequest), 1u);
  EXPECT_EQ(counts.count(Refusal::kInvalidPayload), 1u);
  EXPECT_EQ(counts.count(Refusal::kUnauthenticated), 1u);
  EXPECT_EQ(counts.count(Refusal::kShuttingDown), 0u);
  const std::string text = counts.render();
  EXPECT_NE(text.find("cuzk_requests_refused_total{reason=\"queue_full\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("cuzk_requests_refused_total{reason=\"shutting_down\"} 0\n"), std::string::npos) << text;
}

TEST_F(RequestRegistryTest, RequestIdsOfEngineJobsAreToldToTheirOwnersOnly) {
  RequestRegistry& r = registry();
  Collector alice, bob;
  ASSERT_TRUE(r.submit(kAlice, "porep-1-5", digest(24), job("synthetic-64", "a"), alice.waiter()).is_ok());
  ASSERT_TRUE(r.submit(kBob, "porep-2-5", digest(24), job("synthetic-64", "b"), bob.waiter()).is_ok());
  const engine::JobId hers = alice.wait_for(1)[0]->id, his = bob.wait_for(1)[0]->id;
  const std::vector<engine::JobId> jobs = {hers, his, 999};
  EXPECT_EQ(r.request_ids(kAlice, jobs), std::vector<std::string>{"porep-1-5"});
  EXPECT_EQ(r.request_ids(kBob, jobs), std::vector<std::string>{"porep-2-5"});
  EXPECT_EQ(r.request_ids(kRoot, jobs), (std::vector<std::string>{"porep-1-5", "porep-2-5"}));
}

}  // namespace
}  // namespace cuzk::server
