// Engine, end to end on the CPU backend: real synthetic and circom proofs that verify
// independently; the validation stage (submit returns at once, the job shows as validating, a
// refused payload fails its job, cancelling while validating); installed in-memory parameters;
// priority order; batching; cancellation (queued and in flight); the working-memory budget and
// the circuits' resident memory in it; self-verification failures; the witness check before
// proving (rows, or a zkey's verification with self_verify off); bad requests; pipelining; drain
// on shutdown and a parameter generation stopped by it; the timings line; the status of each
// worker (its device's memory, the jobs it proves) and of every kind.
#include "engine/engine.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <fstream>
#include <future>
#include <mutex>
#include <optional>
#include <regex>
#include <thread>

#include "backend/prover_factory.hpp"
#include "circom/json_format.hpp"
#include "circom/zkey_file.hpp"
#include "common/reclaimer.hpp"
#include "engine/fake_circuit.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/verifier.hpp"
#include "kinds/catalog.hpp"
#include "kinds/circom_kind.hpp"
#include "kinds/result_encoding.hpp"
#include "support/engine_submit.hpp"

namespace cuzk::engine {
namespace {

using std::chrono::milliseconds;
using testing::FakeBackend;
using testing::FakeBehaviour;
using testing::FakeCircuit;

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cuzk_engine_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
            std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    kinds::KindsConfig kinds;
    kinds.params.generated_dir = (dir_ / "generated").string();
    kinds.params.matrices_dir = (dir_ / "matrices").string();
    kinds.synthetic_on_demand = true;
    auto catalog = kinds::make_catalog(kinds);
    ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
    catalog_ = *catalog;
  }
  void TearDown() override {
    engine_.reset();
    Reclaimer::shared().drain();  // fakes freed late count down their behaviour: it must still exist
    catalog_.reset();
    std::filesystem::remove_all(dir_);
  }
  // A behaviour for fake circuits that lives as long as the fixture: the engine hands
  // synthesized fakes to the Reclaimer, which may free them (and count down `alive`) after the
  // test body has returned.
  FakeBehaviour& behaviour() { return behaviours_.emplace_back(); }
  // An engine of `validators` validators over "slow", whose validations wait until its
  // behaviour (returned) lets them go, and "fake".
  FakeBehaviour& start_with_held_validations(size_t validators) {
    FakeBehaviour& slow = behaviour();
    slow.hold_validation = true;
    EXPECT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("slow", dir_, 10, slow)).is_ok());
    EXPECT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, behaviour())).is_ok());
    auto c = config();
    c.validators = validators;
    start(c);
    return slow;
  }

  EngineConfig config() {
    EngineConfig c;
    c.synthesis_threads = 2;
    c.prover_threads = 2;
    c.scheduler.max_batch_size = 1;
    c.log = [this](LogLevel, std::string_view line) {
      std::lock_guard<std::mutex> lock(log_mutex_);
      log_.emplace_back(line);
    };
    return c;
  }
  // The CPU prover, behind the fake backend that proves fake circuits itself.
  EngineParts parts() {
    return EngineParts{catalog_, [](ThreadPool& pool, std::string*) {
                         std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                         out.push_back(std::make_unique<FakeBackend>(backend::make_cpu_prover(pool)));
                         return out;
                       }};
  }
  void start(EngineConfig c) {
    auto e = Engine::create(std::move(c), parts());
    ASSERT_TRUE(e.is_ok()) << e.status().to_string();
    engine_ = std::move(e).value();
  }
  JobId submit(const std::string& circuit, std::vector<uint8_t> payload = {},
               std::optional<Priority> p = std::nullopt) {
    auto id = engine_->submit(JobRequest{circuit, p, std::move(payload)});
    EXPECT_TRUE(id.is_ok()) << id.status().to_string();
    return id.is_ok() ? *id : 0;
  }
  JobResult await(JobId id) {
    auto r = engine_->await(id, milliseconds(120000));
    EXPECT_TRUE(r.is_ok()) << r.status().to_string();
    return r.is_ok() ? *r : JobResult{};
  }
  std::vector<std::string> log() {
    std::lock_guard<std::mutex> lock(log_mutex_);
    return log_;
  }
  // Job ids in the order their "job <id> …" lines were logged.
  std::vector<JobId> finish_order() {
    std::vector<JobId> out;
    const std::regex re("^job ([0-9]+) ");
    for (const auto& line : log()) {
      std::smatch m;
      if (std::regex_search(line, m, re)) out.push_back(std::stoull(m[1]));
    }
    return out;
  }

  std::deque<FakeBehaviour> behaviours_;  // stable addresses; destroyed after the catalog
  std::filesystem::path dir_;
  std::shared_ptr<CircuitCatalog> catalog_;
  std::unique_ptr<Engine> engine_;
  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

TEST_F(EngineTest, SyntheticProofsVerifyAgainstTheWrittenParameters) {
  start(config());
  const JobId a = submit("synthetic-64", {1});
  const JobId b = submit("synthetic-64x3", {2});
  const JobResult ra = await(a), rb = await(b);
  ASSERT_TRUE(ra.status.is_ok()) << ra.status.to_string();
  ASSERT_TRUE(rb.status.is_ok()) << rb.status.to_string();
  EXPECT_EQ(ra.partitions.size(), 1u);
  EXPECT_EQ(rb.partitions.size(), 3u);
  EXPECT_EQ(ra.kind, "synthetic");
  EXPECT_EQ(ra.worker, "cpu");

  // An independent check: read the parameter file back and verify each 192-byte proof.
  std::ifstream in(dir_ / "generated" / "synthetic-64.params", std::ios::binary);
  auto pk = groth16::read_proving_key(in, "synthetic-64.params", ec::SubgroupCheck::kYes);
  ASSERT_TRUE(pk.is_ok()) << pk.status().to_string();
  const auto pvk = groth16::PreparedVerifyingKey::from(pk->vk);
  for (const JobResult* r : {&ra, &rb}) {
    ASSERT_EQ(r->encoding, ProofEncoding::kBellperson);
    for (size_t i = 0; i < r->partitions.size(); ++i) {
      ASSERT_EQ(r->partitions[i].public_inputs.size(), 1u);
      const std::vector<uint8_t> bytes = kinds::encode_proof(r->encoding, r->partitions[i].proof);
      ASSERT_EQ(bytes.size(), groth16::kProofBytes);
      auto proof = groth16::proof_from_bytes(bytes, "proof");
      ASSERT_TRUE(proof.is_ok());
      const auto input = ff::Fr::from_decimal(kinds::public_inputs_to_decimal(r->partitions[i].public_inputs)[0]);
      ASSERT_TRUE(input);
      EXPECT_TRUE(groth16::verify(pvk, *proof, std::vector<ff::Fr>{*input}).is_ok());
    }
  }
  // The contract's line, right after the job's own line.
  const auto lines = log();
  const std::regex timings(R"(^timings: total=\d+ ms \(queue=\d+ ms, srs=\d+ ms, synth=\d+ ms, gpu=\d+ ms\)$)");
  size_t seen = 0;
  for (size_t i = 1; i < lines.size(); ++i) {
    if (std::regex_match(lines[i], timings)) {
      ++seen;
      EXPECT_EQ(lines[i - 1].rfind("job ", 0), 0u) << lines[i - 1];
      EXPECT_NE(lines[i - 1].find("kind=synthetic"), std::string::npos);
    }
  }
  EXPECT_EQ(seen, 2u);
  EXPECT_EQ(engine_->await(a, milliseconds(0)).status().code(), StatusCode::kNotFound) << "collected once";
}

// A device worker gets partition witnesses with their recorded matrices (a packed witness, no
// a, b, c), their working memory counted as such once one was synthesized, and their proofs
// verify.
TEST_F(EngineTest, DeviceWorkersGetPartitionWitnessesThatProve) {
  FakeBackend* device = nullptr;  // the CPU prover behind a backend that says it is a device
  auto e = Engine::create(config(), EngineParts{catalog_, [&device](ThreadPool& pool, std::string*) {
                                                  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                  auto backend = std::make_unique<FakeBackend>(
                                                      backend::make_cpu_prover(pool), "device-like", true);
                                                  device = backend.get();
                                                  out.push_back(std::move(backend));
                                                  return out;
                                                }});
  ASSERT_TRUE(e.is_ok()) << e.status().to_string();
  engine_ = std::move(e).value();
  const JobResult r = await(submit("synthetic-64x3", {7}));
  ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
  EXPECT_EQ(r.partitions.size(), 3u);
  EXPECT_EQ(device->witness_circuits.load(), 3);
  EXPECT_EQ(r.worker, "device-like");
  const std::shared_ptr<const CircuitDef> def = catalog_->find("synthetic-64x3");
  ASSERT_NE(def, nullptr);
  const EngineStatus s = engine_->status();
  EXPECT_EQ(s.workers[0].proofs, 3u);
  EXPECT_GT(def->resident_bytes(), 0u) << "its recorded matrices";
  EXPECT_EQ(s.working_resident, def->resident_bytes());
}

// A worker on a device proves the ready partitions of one circuit in one call (up to
// max_circuits_per_prove): a 4-partition job whose proofs take a second each gives at most
// two calls (the partitions synthesized while the first call ran go together); with a limit
// of 1, four calls.
TEST_F(EngineTest, ADeviceWorkerProvesReadyPartitionsOfOneCircuitTogether) {
  for (const size_t limit : {size_t{16}, size_t{1}}) {
    SCOPED_TRACE("max_circuits_per_prove " + std::to_string(limit));
    FakeBehaviour& b = behaviour();
    b.partitions = 4;
    b.prove_time = milliseconds(1000);
    const std::string id = "fake-" + std::to_string(limit);
    ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>(id, dir_, 10, b)).is_ok());
    auto c = config();
    c.max_circuits_per_prove = limit;
    auto e = Engine::create(std::move(c), EngineParts{catalog_, [](ThreadPool&, std::string*) {
                                                        std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                        out.push_back(std::make_unique<FakeBackend>(nullptr, "cuda:0", true));
                                                        return out;
                                                      }});
    ASSERT_TRUE(e.is_ok()) << e.status().to_string();
    engine_ = std::move(e).value();
    const JobResult r = await(submit(id));
    ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
    EXPECT_EQ(r.partitions.size(), 4u);
    if (limit == 1) {
      EXPECT_EQ(b.prove_calls.load(), 4);
      EXPECT_EQ(r.batch_size, 1u);
    } else {
      EXPECT_LE(b.prove_calls.load(), 2);  // one, if all four were ready before the first call
      EXPECT_GE(r.batch_size, 2u) << "the largest call it took part in";
    }
    EXPECT_EQ(engine_->status().working_used, 0u);
    engine_.reset();
  }
}

TEST_F(EngineTest, WindowPostJobsReuseProvedAssignmentsAndVerify) {
  auto c = config();
  c.synthesis_threads = 1;
  start(c);
  // One at a time, so that every synthesis after the first reuses a proved assignment.
  for (uint8_t seed = 0; seed < 3; ++seed) {
    const JobResult r = await(submit("window-post-2KiB", {seed}));
    ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();  // self-verified against the parameters
    EXPECT_EQ(r.kind, "window-post");
    EXPECT_EQ(r.priority, Priority::kHigh);
    ASSERT_EQ(r.partitions.size(), 1u);
    EXPECT_EQ(r.partitions[0].public_inputs.size(), 22u);
  }
}

TEST_F(EngineTest, CircomJobsProveAndWrongWitnessesAreRefused) {
  const std::string fixtures = CUZK_CIRCOM_FIXTURES_DIR;
  auto circuit = kinds::make_circom_circuit("many_public", fixtures + "/many_public/circuit.zkey");
  ASSERT_TRUE(circuit.is_ok()) << circuit.status().to_string();
  ASSERT_TRUE(catalog_->add(*circuit).is_ok());
  EXPECT_FALSE(catalog_->add(*circuit).is_ok()) << "ids are unique";
  start(config());
  std::ifstream w(fixtures + "/many_public/witness.wtns", std::ios::binary);
  std::vector<uint8_t> witness((std::istreambuf_iterator<char>(w)), std::istreambuf_iterator<char>());
  const JobResult r = await(submit("many_public", witness));
  ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
  ASSERT_EQ(r.partitions.size(), 1u);
  auto zkey = circom::read_zkey(fixtures + "/many_public/circuit.zkey", circom::ZkeyParts::kVerifyingKey);
  ASSERT_TRUE(zkey.is_ok());
  const std::vector<uint8_t> json = kinds::encode_proof(r.encoding, r.partitions[0].proof);
  auto proof = circom::proof_from_json(std::string(json.begin(), json.end()), "proof");
  ASSERT_TRUE(proof.is_ok()) << proof.status().to_string();
  std::vector<ff::Fr> inputs;
  for (const auto& s : kinds::public_inputs_to_decimal(r.partitions[0].public_inputs)) {
    inputs.push_back(*ff::Fr::from_decimal(s));
  }
  EXPECT_TRUE(groth16::verify(groth16::PreparedVerifyingKey::from(zkey->verifying_key()), *proof, inputs).is_ok());

  std::ifstream other(fixtures + "/no_public/witness.wtns", std::ios::binary);
  std::vector<uint8_t> foreign((std::istreambuf_iterator<char>(other)), std::istreambuf_iterator<char>());
  auto refused = test::submit_validated(*engine_, JobRequest{"many_public", std::nullopt, foreign});
  ASSERT_FALSE(refused.is_ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(refused.status().message().find("another circuit"), std::string::npos) << refused.status().message();
  auto garbage = test::submit_validated(*engine_, JobRequest{"many_public", std::nullopt, {1, 2, 3}});
  EXPECT_EQ(garbage.status().code(), StatusCode::kInvalidArgument);
}

TEST_F(EngineTest, BadRequestsGetNamedErrorsAndLeaveTheEngineHealthy) {
  auto c = config();
  c.max_payload_bytes = 100;
  start(c);
  auto unknown = engine_->submit(JobRequest{"no-such-circuit", std::nullopt, {}});
  EXPECT_EQ(unknown.status().code(), StatusCode::kNotFound);
  EXPECT_NE(unknown.status().message().find("no-such-circuit"), std::string::npos);
  auto huge = engine_->submit(JobRequest{std::string(100000, 'x'), std::nullopt, {}});
  EXPECT_EQ(huge.status().code(), StatusCode::kInvalidArgument);
  EXPECT_LT(huge.status().message().size(), 200u) << "a long id is not echoed";
  EXPECT_EQ(engine_->preload(std::string(1000, 'y')).code(), StatusCode::kInvalidArgument);
  auto big = engine_->submit(JobRequest{"synthetic-64", std::nullopt, std::vector<uint8_t>(101)});
  EXPECT_EQ(big.status().code(), StatusCode::kInvalidArgument);
  auto seed = test::submit_validated(*engine_, JobRequest{"synthetic-64", std::nullopt, std::vector<uint8_t>(65)});
  EXPECT_EQ(seed.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(engine_->cancel(12345).code(), StatusCode::kNotFound);
  EXPECT_TRUE(await(submit("synthetic-64")).status.is_ok());
}

// Waits (up to 10 s) until `done` holds.
template <typename Predicate>
bool eventually(Predicate done) {
  for (int i = 0; i < 1000 && !done(); ++i) std::this_thread::sleep_for(milliseconds(10));
  return done();
}

TEST_F(EngineTest, SubmitReturnsAtOnceAndTheJobShowsAsValidatingUntilItsValidationEnds) {
  FakeBehaviour& b = behaviour();
  b.hold_validation = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  start(config());
  const auto before = std::chrono::steady_clock::now();
  const JobId id = submit("fake", {7});
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::seconds(1)) << "submit waited for validation";
  ASSERT_TRUE(eventually([&] { return b.validating.load() == 1; })) << "validate() never ran";
  // Visible as validating: in the status (a queued job of its kind, nothing running) and to await.
  const EngineStatus s = engine_->status();
  EXPECT_EQ(s.validating, 1u);
  EXPECT_EQ(s.by_kind.at("fake").queued, 1u);
  EXPECT_EQ(s.running, 0u);
  EXPECT_NE(engine_->metrics_text().find("cuzk_jobs_validating 1"), std::string::npos);
  const auto waiting = engine_->await(id, milliseconds(50));
  EXPECT_EQ(waiting.status().code(), StatusCode::kDeadlineExceeded);
  EXPECT_NE(waiting.status().message().find("is still validating"), std::string::npos) << waiting.status().message();
  std::mutex m;
  std::optional<Validation> seen;
  engine_->on_validated(id, [&](const Validation& v) {
    std::lock_guard<std::mutex> lock(m);
    seen = v;
  });
  {
    std::lock_guard<std::mutex> lock(m);
    EXPECT_FALSE(seen.has_value()) << "told of a validation still running";
  }
  std::this_thread::sleep_for(milliseconds(50));
  b.hold_validation = false;
  const JobResult r = await(id);
  ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
  EXPECT_GE(r.timings.validate_ms, 50.0);
  EXPECT_GE(r.timings.queue_ms, r.timings.validate_ms) << "queue counts from submission";
  EXPECT_LE(r.timings.queue_ms, r.timings.total_ms);
  std::lock_guard<std::mutex> lock(m);
  ASSERT_TRUE(seen.has_value());
  EXPECT_TRUE(seen->status.is_ok()) << seen->status.to_string();
  EXPECT_EQ(seen->partitions, 1u);
  EXPECT_EQ(engine_->status().validating, 0u);
}

TEST_F(EngineTest, APayloadItsCircuitRejectsFailsTheJobWithTheCircuitsMessage) {
  FakeBehaviour& b = behaviour();
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  start(config());
  const JobId id = submit("fake", {0xff});
  std::optional<Validation> seen;
  std::promise<void> told;
  engine_->on_validated(id, [&](const Validation& v) {
    seen = v;
    told.set_value();
  });
  told.get_future().wait();
  EXPECT_EQ(seen->status.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(seen->status.message(), "payload starts with 0xff");
  const JobResult r = await(id);
  EXPECT_EQ(r.status.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(r.status.message(), "payload starts with 0xff");
  EXPECT_TRUE(r.partitions.empty());
  EXPECT_EQ(b.loads.load(), 0) << "parameters loaded for a refused payload";
  EXPECT_EQ(engine_->status().failed, 1u);
  // Told at once once the stage ended; NOT_FOUND once the result is collected.
  engine_->on_validated(id, [&](const Validation& v) { seen = v; });
  EXPECT_EQ(seen->status.code(), StatusCode::kNotFound);
  EXPECT_TRUE(await(submit("fake", {1})).status.is_ok()) << "the engine stays healthy";
}

TEST_F(EngineTest, JobsCancelledWhileValidatingFinishCancelled) {
  FakeBehaviour& b = behaviour();
  b.hold_validation = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.validators = 1;
  start(c);
  const JobId validating = submit("fake"), waiting = submit("fake");
  ASSERT_TRUE(eventually([&] { return b.validating.load() == 1; }));
  ASSERT_TRUE(engine_->cancel(waiting).is_ok());  // waiting for the one validator: finishes at once
  const auto cancelled = engine_->await(waiting, milliseconds(1000));
  ASSERT_TRUE(cancelled.is_ok()) << cancelled.status().to_string();
  EXPECT_EQ(cancelled->status.code(), StatusCode::kCancelled);
  ASSERT_TRUE(engine_->cancel(validating).is_ok());  // finishes when its validation ends
  EXPECT_EQ(engine_->await(validating, milliseconds(50)).status().code(), StatusCode::kDeadlineExceeded);
  b.hold_validation = false;
  EXPECT_EQ(await(validating).status.code(), StatusCode::kCancelled);
  EXPECT_EQ(b.loads.load(), 0);
  EXPECT_EQ(engine_->status().cancelled, 2u);
}

TEST_F(EngineTest, InstalledParametersAreProvedWithAndNeverDemoted) {
  FakeBehaviour& b = behaviour();
  auto circuit = std::make_shared<FakeCircuit>("fake", dir_, 10, b);
  ASSERT_TRUE(catalog_->add(circuit).is_ok());
  auto c = config();
  c.pinned_budget_bytes = 1;  // anything loaded is demoted once unreferenced
  start(c);
  EXPECT_EQ(engine_->install_srs("nope", std::make_shared<testing::FakeSrs>(100, b)).code(), StatusCode::kNotFound);
  ASSERT_TRUE(engine_->install_srs("fake", std::make_shared<testing::FakeSrs>(100, b)).is_ok());
  for (int i = 0; i < 2; ++i) EXPECT_TRUE(await(submit("fake")).status.is_ok());
  EXPECT_EQ(b.loads.load(), 0) << "installed parameters were loaded from the file";
  EngineStatus s = engine_->status();
  ASSERT_EQ(s.srs.size(), 1u);
  EXPECT_EQ(s.srs[0].path, circuit->srs_path());
  EXPECT_EQ(s.srs[0].tier, SrsTier::kHot);
  EXPECT_TRUE(s.srs[0].installed);
  EXPECT_EQ(s.pinned_used, 100u);
  // Evicted, the circuit's file is loaded again. (The worker drops its lease on the parameters
  // just after it hands the result over: in use until then.)
  ASSERT_TRUE(eventually([&] { return engine_->evict("fake").is_ok(); }));
  EXPECT_TRUE(await(submit("fake")).status.is_ok());
  EXPECT_EQ(b.loads.load(), 1);
  EXPECT_FALSE(engine_->status().srs[0].installed);
}

TEST_F(EngineTest, HigherPrioritiesFinishFirst) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(100);
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.synthesis_threads = 1;
  start(c);
  const JobId first = submit("fake");  // occupies the worker
  std::this_thread::sleep_for(milliseconds(30));
  const JobId low = submit("fake", {}, Priority::kLow);
  const JobId normal = submit("fake", {}, Priority::kNormal);
  const JobId high = submit("fake", {}, Priority::kHigh);
  const JobId critical = submit("fake", {}, Priority::kCritical);
  for (JobId id : {first, low, normal, high, critical}) EXPECT_TRUE(await(id).status.is_ok());
  const auto order = finish_order();
  ASSERT_EQ(order.size(), 5u);
  EXPECT_EQ(order[0], first);
  // The worker was busy while the four arrived: they are proved by priority.
  EXPECT_EQ(std::vector<JobId>(order.begin() + 1, order.end()), (std::vector<JobId>{critical, high, normal, low}));
}

TEST_F(EngineTest, BatchableJobsShareOneProveCall) {
  FakeBehaviour& b = behaviour();
  b.batchable = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.scheduler.max_batch_size = 4;
  c.scheduler.max_batch_wait = milliseconds(60000);
  start(c);
  std::vector<JobId> ids;
  for (uint8_t i = 0; i < 4; ++i) ids.push_back(submit("fake", {i}));
  for (size_t i = 0; i < ids.size(); ++i) {
    const JobResult r = await(ids[i]);
    ASSERT_TRUE(r.status.is_ok());
    EXPECT_EQ(r.batch_size, 4u);
    EXPECT_EQ(r.partitions[0].public_inputs, (std::vector<ff::Fr>{ff::Fr::from_u64(i), ff::Fr::from_u64(0)}))
        << "results go to their own jobs";
  }
  EXPECT_EQ(b.prove_calls.load(), 1);
}

TEST_F(EngineTest, BatchFlushesOnTimeout) {
  FakeBehaviour& b = behaviour();
  b.batchable = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.scheduler.max_batch_size = 10;
  c.scheduler.max_batch_wait = milliseconds(50);
  start(c);
  const JobId a = submit("fake"), d = submit("fake");
  EXPECT_EQ(await(a).batch_size, 2u);
  EXPECT_TRUE(await(d).status.is_ok());
}

TEST_F(EngineTest, CancelQueuedAndInFlightJobs) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(50);
  b.partitions = 6;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.synthesis_threads = 1;
  start(c);
  const JobId running = submit("fake");
  std::this_thread::sleep_for(milliseconds(80));  // partition 0 or 1 is proving
  const JobId queued = submit("fake", {}, Priority::kLow);
  ASSERT_TRUE(engine_->cancel(running).is_ok());
  ASSERT_TRUE(engine_->cancel(queued).is_ok());
  const JobResult r1 = await(running), r2 = await(queued);
  EXPECT_EQ(r1.status.code(), StatusCode::kCancelled);
  EXPECT_EQ(r2.status.code(), StatusCode::kCancelled);
  EXPECT_TRUE(r1.partitions.empty());
  EXPECT_LT(b.prove_calls.load(), 6) << "in-flight cancellation stops between partitions";
  EXPECT_EQ(engine_->cancel(running).code(), StatusCode::kNotFound) << "collected";
  const JobId done = submit("fake");
  EXPECT_TRUE(await(done).status.is_ok());
}

TEST_F(EngineTest, CancelledJobsWaitingForSynthesisFinishAtOnce) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(1500);
  b.partition_bytes = 100;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.working_memory_budget_bytes = 1;  // one partition in flight at a time: the others wait
  start(c);
  const JobId proving = submit("fake");
  std::this_thread::sleep_for(milliseconds(100));
  std::vector<JobId> waiting;
  for (int i = 0; i < 20; ++i) waiting.push_back(submit("fake"));
  std::this_thread::sleep_for(milliseconds(50));  // out of the scheduler, waiting for memory
  const auto begin = std::chrono::steady_clock::now();
  for (JobId id : waiting) ASSERT_TRUE(engine_->cancel(id).is_ok());
  for (JobId id : waiting) {
    auto r = engine_->await(id, milliseconds(500));  // not after the partition in flight
    ASSERT_TRUE(r.is_ok()) << r.status().to_string();
    EXPECT_EQ(r->status.code(), StatusCode::kCancelled);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - begin, milliseconds(1000));
  EXPECT_TRUE(await(proving).status.is_ok());
  EXPECT_EQ(b.prove_calls.load(), 1);
}

TEST_F(EngineTest, CancelledJobsWaitingForAWorkerFreeTheirMemoryAtOnce) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(1500);
  b.partition_bytes = 100;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  start(config());
  const JobId proving = submit("fake");
  std::this_thread::sleep_for(milliseconds(100));
  std::vector<JobId> synthesized;
  for (int i = 0; i < 5; ++i) synthesized.push_back(submit("fake"));
  for (int i = 0; i < 100 && engine_->status().ready_units < 5; ++i) std::this_thread::sleep_for(milliseconds(10));
  ASSERT_EQ(engine_->status().ready_units, 5u);  // synthesized, waiting for the one worker
  for (JobId id : synthesized) ASSERT_TRUE(engine_->cancel(id).is_ok());
  for (JobId id : synthesized) {
    auto r = engine_->await(id, milliseconds(500));  // not after the proof in flight
    ASSERT_TRUE(r.is_ok()) << r.status().to_string();
    EXPECT_EQ(r->status.code(), StatusCode::kCancelled);
  }
  EXPECT_EQ(engine_->status().working_used, 100u);  // the partition being proved only
  Reclaimer::shared().drain();
  EXPECT_EQ(b.alive.load(), 1) << "the cancelled partitions' circuits are freed";
  EXPECT_TRUE(await(proving).status.is_ok());
  EXPECT_EQ(b.prove_calls.load(), 1);
}

TEST_F(EngineTest, WorkingMemoryBudgetBoundsSynthesizedPartitions) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(20);
  b.partitions = 10;
  b.partition_bytes = 100;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.synthesis_threads = 4;
  c.working_memory_budget_bytes = 250;  // two partitions at a time
  start(c);
  const JobId a = submit("fake"), d = submit("fake");
  const JobResult r = await(a);
  ASSERT_TRUE(r.status.is_ok());
  EXPECT_EQ(r.partitions.size(), 10u);
  EXPECT_TRUE(await(d).status.is_ok());
  Reclaimer::shared().drain();
  EXPECT_LE(b.max_unproven.load(), 2) << "synthesized-but-unproven partitions exceeded the budget";
  EXPECT_EQ(b.alive.load(), 0) << "every synthesized circuit is freed";
  EXPECT_EQ(engine_->status().working_used, 0u);
}

// Memory a circuit holds for its partitions (recorded matrices) counts against the budget once,
// from its first synthesis on: with 1500 bytes of a 3000-byte budget held, one 1000-byte
// partition fits beside them, not the three that fit without.
TEST_F(EngineTest, ResidentCircuitMemoryCountsOnceAgainstTheWorkingBudget) {
  for (const size_t resident : {size_t{1500}, size_t{0}}) {
    SCOPED_TRACE("resident " + std::to_string(resident));
    FakeBehaviour& b = behaviour();
    b.partitions = 6;
    b.partition_bytes = 1000;
    b.resident_bytes = resident;
    b.synth_time = milliseconds(20);
    b.prove_time = milliseconds(200);
    const std::string id = "fake-" + std::to_string(resident);
    ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>(id, dir_, 10, b)).is_ok());
    auto c = config();
    c.synthesis_drivers = 1;  // the first synthesis, which makes the memory resident, runs alone
    c.working_memory_budget_bytes = 3000;
    start(c);
    const JobResult r = await(submit(id));
    ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
    const EngineStatus s = engine_->status();
    EXPECT_EQ(s.working_used, 0u);
    EXPECT_EQ(s.working_resident, resident) << "once, not once per partition";
    if (resident != 0) {
      EXPECT_EQ(b.max_unproven.load(), 1) << "a second partition beside the first would exceed the budget";
      EXPECT_NE(engine_->metrics_text().find("\ncuzk_working_memory_resident_bytes 1500\n"), std::string::npos);
    } else {
      EXPECT_GE(b.max_unproven.load(), 2) << "synthesis runs ahead of the 200 ms proofs";
    }
    engine_.reset();
  }
}

TEST_F(EngineTest, ProofThatFailsSelfVerificationIsNeverReturned) {
  FakeBehaviour& b = behaviour();
  b.fail_verify = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  start(config());
  const JobResult r = await(submit("fake"));
  EXPECT_EQ(r.status.code(), StatusCode::kInternal);
  EXPECT_NE(r.status.message().find("self-verification"), std::string::npos);
  EXPECT_TRUE(r.partitions.empty());
}

// The witness check runs before proving, whatever self_verify says: a row a·b ≠ c fails the
// job as UNSATISFIABLE (the service's INVALID_ARGUMENT) naming the row, and nothing is proved.
TEST_F(EngineTest, AWitnessThatBreaksARowIsRefusedBeforeProving) {
  for (bool self_verify : {true, false}) {
    FakeBehaviour& b = behaviour();
    b.bad_row = true;
    const std::string id = "fake-" + std::to_string(self_verify);
    ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>(id, dir_, 10, b)).is_ok());
    auto c = config();
    c.self_verify = self_verify;
    start(c);
    const JobResult r = await(submit(id));
    EXPECT_EQ(r.status.code(), StatusCode::kUnsatisfiable) << r.status.to_string();
    EXPECT_NE(r.status.message().find("constraint 1 of 3"), std::string::npos) << r.status.message();
    EXPECT_EQ(b.prove_calls.load(), 0);
    engine_.reset();
  }
}

// A circuit whose rows prove nothing (a zkey: c = a·b by construction) is verified even with
// self_verify off, and a proof that fails is the witness's fault (UNSATISFIABLE), never a success.
TEST_F(EngineTest, WithSelfVerifyOffAZkeysWitnessIsStillChecked) {
  FakeBehaviour& b = behaviour();
  b.rows_checked = false;
  b.fail_verify = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  const std::string fixtures = CUZK_CIRCOM_FIXTURES_DIR;
  auto circom = kinds::make_circom_circuit("many_public", fixtures + "/many_public/circuit.zkey");
  ASSERT_TRUE(circom.is_ok()) << circom.status().to_string();
  ASSERT_TRUE(catalog_->add(*circom).is_ok());
  auto c = config();
  c.self_verify = false;
  start(c);
  const JobResult r = await(submit("fake"));
  EXPECT_EQ(r.status.code(), StatusCode::kUnsatisfiable) << r.status.to_string();
  EXPECT_NE(r.status.message().find("does not satisfy circuit 'fake'"), std::string::npos) << r.status.message();
  EXPECT_TRUE(r.partitions.empty());

  // A real witness with its last value changed: the right size, but not the circuit's witness.
  std::ifstream w(fixtures + "/many_public/witness.wtns", std::ios::binary);
  std::vector<uint8_t> witness((std::istreambuf_iterator<char>(w)), std::istreambuf_iterator<char>());
  ASSERT_GT(witness.size(), 32u);
  witness[witness.size() - 32] ^= 1;
  const JobResult wrong = await(submit("many_public", witness));
  EXPECT_EQ(wrong.status.code(), StatusCode::kUnsatisfiable) << wrong.status.to_string();
  EXPECT_TRUE(wrong.partitions.empty());
}

// A shutdown whose drain ends stops a parameter generation in progress: the engine does not
// wait for the whole test setup, and no parameter file or temporary is left.
TEST_F(EngineTest, ShutdownStopsAParameterGenerationInProgress) {
  start(config());
  const JobId id = submit("synthetic-262144");
  for (int i = 0; i < 200 && engine_->status().running == 0; ++i) std::this_thread::sleep_for(milliseconds(10));
  std::this_thread::sleep_for(milliseconds(300));  // into the setup
  const auto begin = std::chrono::steady_clock::now();
  engine_->shutdown(milliseconds(50));
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5)) << "the generation was not stopped";
  const auto r = engine_->await(id, milliseconds(0));
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ(r->status.code(), StatusCode::kCancelled) << r->status.to_string();
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / "generated", ec)) {
    ADD_FAILURE() << "left behind: " << entry.path();
  }
}

// Cancelling the only job that waits for a parameter generation stops it: the job is CANCELLED
// at once, not after the whole test setup, and nothing is written.
TEST_F(EngineTest, CancellingTheJobStopsItsParameterGeneration) {
  start(config());
  const JobId id = submit("synthetic-262144");
  for (int i = 0; i < 200 && engine_->status().running == 0; ++i) std::this_thread::sleep_for(milliseconds(10));
  std::this_thread::sleep_for(milliseconds(300));  // into the setup
  const auto begin = std::chrono::steady_clock::now();
  ASSERT_TRUE(engine_->cancel(id).is_ok());
  const auto r = engine_->await(id, milliseconds(20000));
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ(r->status.code(), StatusCode::kCancelled) << r->status.to_string();
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5)) << "the generation was not stopped";
  EXPECT_FALSE(std::filesystem::exists(dir_ / "generated" / "synthetic-262144.params"));
}

TEST_F(EngineTest, ASynthesisFailureFailsOnlyItsOwnJobInABatch) {
  FakeBehaviour& b = behaviour();
  b.batchable = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.scheduler.max_batch_size = 3;
  c.scheduler.max_batch_wait = milliseconds(60000);
  start(c);
  const JobId ok1 = submit("fake", {1}), bad = submit("fake", {0xee}), ok2 = submit("fake", {2});
  EXPECT_TRUE(await(ok1).status.is_ok());
  EXPECT_EQ(await(bad).status.code(), StatusCode::kUnsatisfiable);
  EXPECT_TRUE(await(ok2).status.is_ok());
  const auto s = engine_->status();
  EXPECT_EQ(s.failed, 1u);
  EXPECT_EQ(s.done, 2u);
}

TEST_F(EngineTest, SynthesisOfTheNextJobOverlapsProving) {
  FakeBehaviour& b = behaviour();
  b.synth_time = milliseconds(60);
  b.prove_time = milliseconds(60);
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  auto c = config();
  c.synthesis_threads = 1;
  start(c);
  std::vector<JobId> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(submit("fake"));
  double synth = 0, gpu = 0, last_total = 0;
  for (JobId id : ids) {
    const JobResult r = await(id);
    synth += r.timings.synth_ms;
    gpu += r.timings.gpu_ms;
    last_total = std::max(last_total, r.timings.total_ms);
  }
  // Sequential would take synth + gpu; the pipeline hides most of one inside the other.
  EXPECT_LT(last_total, 0.85 * (synth + gpu)) << "synth " << synth << " gpu " << gpu << " wall " << last_total;
}

TEST_F(EngineTest, ShutdownDrainsThenRefusesNewJobs) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(20);
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  start(config());
  std::vector<JobId> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(submit("fake"));
  engine_->shutdown(milliseconds(30000));
  for (JobId id : ids) EXPECT_TRUE(await(id).status.is_ok());
  EXPECT_EQ(engine_->submit(JobRequest{"fake", std::nullopt, {}}).status().code(), StatusCode::kUnavailable);
}

TEST_F(EngineTest, PreloadEvictAndStatus) {
  FakeBehaviour& b = behaviour();
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 1234, b)).is_ok());
  auto c = config();
  c.preload = {"fake"};
  start(c);
  auto s = engine_->status();
  ASSERT_EQ(s.srs.size(), 1u);
  EXPECT_EQ(s.srs[0].tier, SrsTier::kHot);
  EXPECT_EQ(s.pinned_used, 1234u);
  ASSERT_EQ(s.workers.size(), 1u);
  EXPECT_EQ(s.workers[0].name, "cpu");
  ASSERT_TRUE(engine_->evict("fake").is_ok());
  EXPECT_EQ(engine_->status().srs[0].tier, SrsTier::kCold);
  EXPECT_EQ(engine_->evict("nope").code(), StatusCode::kNotFound);
  const std::string metrics = engine_->metrics_text();
  EXPECT_NE(metrics.find("# TYPE cuzk_jobs_submitted_total counter"), std::string::npos);
  EXPECT_NE(metrics.find("cuzk_pinned_limit_bytes"), std::string::npos);
}

// A worker's device memory, and while it proves its jobs and their kind; every kind of the
// catalog has an entry, idle ones with zeros.
TEST_F(EngineTest, StatusTellsWhatEachWorkerProvesAndListsEveryKind) {
  FakeBehaviour& b = behaviour();
  b.prove_time = milliseconds(800);
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  const groth16::DeviceMemory memory{uint64_t{80} << 30, uint64_t{12} << 30};
  auto e = Engine::create(config(), EngineParts{catalog_, [memory](ThreadPool& pool, std::string*) {
                                                  auto gpu = std::make_unique<FakeBackend>(backend::make_cpu_prover(pool),
                                                                                           "cuda:0", true);
                                                  gpu->memory = memory;
                                                  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                  out.push_back(std::move(gpu));
                                                  return out;
                                                }});
  ASSERT_TRUE(e.is_ok()) << e.status().to_string();
  engine_ = std::move(e).value();
  EngineStatus s = engine_->status();
  ASSERT_EQ(s.workers.size(), 1u);
  EXPECT_EQ(s.workers[0].memory.total_bytes, memory.total_bytes);
  EXPECT_EQ(s.workers[0].memory.free_bytes, memory.free_bytes);
  EXPECT_FALSE(s.workers[0].busy);
  EXPECT_TRUE(s.workers[0].jobs.empty());
  ASSERT_EQ(s.by_kind.count("fake"), 1u);
  EXPECT_EQ(s.by_kind["fake"].queued + s.by_kind["fake"].running, 0u);
  EXPECT_GT(s.by_kind.size(), 1u);  // the catalog's Filecoin kinds too, idle
  const JobId id = submit("fake");
  for (int i = 0; i < 2000 && !(s = engine_->status()).workers[0].busy; ++i) std::this_thread::sleep_for(milliseconds(2));
  ASSERT_TRUE(s.workers[0].busy);
  EXPECT_EQ(s.workers[0].jobs, std::vector<JobId>{id});
  EXPECT_EQ(s.workers[0].kind, "fake");
  EXPECT_EQ(s.by_kind["fake"].running, 1u);
  EXPECT_TRUE(await(id).status.is_ok());
  s = engine_->status();
  EXPECT_FALSE(s.workers[0].busy);
  EXPECT_TRUE(s.workers[0].jobs.empty());
  EXPECT_EQ(s.workers[0].kind, "");
}

TEST_F(EngineTest, UnknownPreloadIsAStartUpError) {
  auto c = config();
  c.preload = {"nope"};
  auto e = Engine::create(std::move(c), parts());
  ASSERT_FALSE(e.is_ok());
  EXPECT_NE(e.status().message().find("nope"), std::string::npos);
}

// Validation reserves the working memory its payload needs (CircuitDef::validation_bytes):
// with a budget of 1000 and 400 per payload, two validate at once however many validators wait,
// the others start as memory comes back, and a payload needing more than the whole budget is
// refused at submission (OUT_OF_MEMORY), never validated.
TEST_F(EngineTest, ValidationsReserveWorkingMemoryWithinTheBudget) {
  FakeBehaviour& b = behaviour();
  b.hold_validation = true;
  b.validation_bytes = 400;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  FakeBehaviour& huge = behaviour();
  huge.validation_bytes = 1001;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("huge", dir_, 10, huge)).is_ok());
  auto c = config();
  c.validators = 6;
  c.working_memory_budget_bytes = 1000;
  start(c);
  std::vector<JobId> ids;
  for (uint8_t i = 0; i < 6; ++i) ids.push_back(submit("fake", {i}));
  ASSERT_TRUE(eventually([&] { return b.validating.load() == 2; }));
  std::this_thread::sleep_for(milliseconds(300));
  EXPECT_EQ(b.validating.load(), 2) << "validations beyond the budget started";
  const EngineStatus s = engine_->status();
  EXPECT_EQ(s.working_validation, 800u);
  EXPECT_EQ(s.validating, 6u);
  EXPECT_NE(engine_->metrics_text().find("cuzk_working_memory_validation_bytes 800"), std::string::npos);
  auto refused = engine_->submit(JobRequest{"huge", std::nullopt, {1}});
  EXPECT_EQ(refused.status().code(), StatusCode::kOutOfMemory);
  EXPECT_NE(refused.status().message().find("more than the whole budget of 1000"), std::string::npos)
      << refused.status().message();
  EXPECT_EQ(huge.validating.load() + huge.max_validating.load(), 0);
  b.hold_validation = false;
  for (const JobId id : ids) EXPECT_TRUE(await(id).status.is_ok());
  EXPECT_EQ(b.max_validating.load(), 2);
  EXPECT_EQ(engine_->status().working_validation, 0u);
}

// The time a job waits for a validator counts in its timings: validate (submit → validated)
// and queue (submit → its first partition starts) both include it.
TEST_F(EngineTest, AJobsTimingsIncludeItsWaitForValidation) {
  FakeBehaviour& slow = start_with_held_validations(1);
  const JobId first = submit("slow");
  ASSERT_TRUE(eventually([&] { return slow.validating.load() == 1; }));
  const JobId behind = submit("fake");
  std::this_thread::sleep_for(milliseconds(400));
  slow.hold_validation = false;
  const JobResult r = await(behind);
  ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
  EXPECT_GE(r.timings.validate_ms, 350.0);
  EXPECT_GE(r.timings.queue_ms, r.timings.validate_ms);
  EXPECT_GE(r.timings.total_ms, r.timings.queue_ms);
  EXPECT_TRUE(await(first).status.is_ok());
}

// A CRITICAL or HIGH job (a WinningPoSt) has a validator of its own: it is validated and
// proved while the other validators are busy with slow payloads.
TEST_F(EngineTest, AnUrgentJobDoesNotWaitForOtherValidations) {
  FakeBehaviour& slow = start_with_held_validations(2);
  const JobId one = submit("slow"), two = submit("slow"), three = submit("slow");
  ASSERT_TRUE(eventually([&] { return slow.validating.load() == 2; }));
  const JobResult urgent = await(submit("fake", {}, Priority::kCritical));
  EXPECT_TRUE(urgent.status.is_ok()) << urgent.status.to_string();
  EXPECT_EQ(slow.validating.load(), 2) << "the urgent validator took a NORMAL job";
  slow.hold_validation = false;
  for (const JobId id : {one, two, three}) EXPECT_TRUE(await(id).status.is_ok());
}

// PreloadSRS calls run on the engine's parameter thread: concurrent preloads of one circuit
// are one load and every caller is told; the engine answers meanwhile; an unknown circuit is
// answered at once; evictions go the same way.
TEST_F(EngineTest, ConcurrentPreloadsAreOneLoadOffTheCallersThread) {
  FakeBehaviour& b = behaviour();
  b.load_time = milliseconds(1000);
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  start(config());
  std::mutex m;
  std::vector<Status> answers;
  auto answer = [&](const Status& s) {
    std::lock_guard<std::mutex> lock(m);
    answers.push_back(s);
  };
  const auto begin = std::chrono::steady_clock::now();
  for (int i = 0; i < 4; ++i) engine_->preload_async("fake", answer);
  EXPECT_LT(std::chrono::steady_clock::now() - begin, milliseconds(200)) << "a preload ran on the caller's thread";
  const auto status_begin = std::chrono::steady_clock::now();
  (void)engine_->status();
  EXPECT_LT(std::chrono::steady_clock::now() - status_begin, milliseconds(200)) << "status waited for the load";
  Status unknown;
  engine_->preload_async("nope", [&](const Status& s) { unknown = s; });
  EXPECT_EQ(unknown.code(), StatusCode::kNotFound);
  ASSERT_TRUE(eventually([&] {
    std::lock_guard<std::mutex> lock(m);
    return answers.size() == 4;
  }));
  for (const Status& s : answers) EXPECT_TRUE(s.is_ok()) << s.to_string();
  EXPECT_EQ(b.loads.load(), 1);
  EXPECT_EQ(engine_->status().srs[0].tier, SrsTier::kHot);
  std::optional<Status> evicted;
  engine_->evict_async("fake", [&](const Status& s) {
    std::lock_guard<std::mutex> lock(m);
    evicted = s;
  });
  ASSERT_TRUE(eventually([&] {
    std::lock_guard<std::mutex> lock(m);
    return evicted.has_value();
  }));
  EXPECT_TRUE(evicted->is_ok()) << evicted->to_string();
  EXPECT_EQ(engine_->status().srs[0].tier, SrsTier::kCold);
}

// A shutdown answers the preloads it did not run (UNAVAILABLE) and stops the one running.
TEST_F(EngineTest, ShutdownAnswersEveryPreload) {
  FakeBehaviour& b = behaviour();
  b.load_time = milliseconds(500);
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("fake", dir_, 10, b)).is_ok());
  FakeBehaviour& other = behaviour();
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("other", dir_, 10, other)).is_ok());
  start(config());
  std::atomic<int> answered{0};
  engine_->preload_async("fake", [&](const Status&) { ++answered; });
  engine_->preload_async("other", [&](const Status&) { ++answered; });
  engine_->shutdown(milliseconds(0));
  EXPECT_EQ(answered.load(), 2);
  Status late;
  engine_->preload_async("fake", [&](const Status& s) { late = s; });
  EXPECT_EQ(late.code(), StatusCode::kUnavailable);
}

// A circuit that is always verified (the Filecoin kinds) never returns a proof that fails
// verification, even with self_verify off; others follow self_verify.
TEST_F(EngineTest, AlwaysVerifiedCircuitsIgnoreSelfVerifyOff) {
  FakeBehaviour& filecoin = behaviour();
  filecoin.fail_verify = true;
  filecoin.always_verified = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("filecoin-like", dir_, 10, filecoin)).is_ok());
  FakeBehaviour& other = behaviour();
  other.fail_verify = true;
  ASSERT_TRUE(catalog_->add(std::make_shared<FakeCircuit>("other", dir_, 10, other)).is_ok());
  auto c = config();
  c.self_verify = false;
  start(c);
  const JobResult r = await(submit("filecoin-like"));
  EXPECT_EQ(r.status.code(), StatusCode::kInternal) << r.status.to_string();
  EXPECT_NE(r.status.message().find("self-verification"), std::string::npos);
  EXPECT_TRUE(r.partitions.empty());
  EXPECT_TRUE(await(submit("other")).status.is_ok()) << "self_verify = false still applies to other circuits";
  for (const char* id : {"porep-2KiB", "window-post-2KiB", "winning-post-2KiB", "snap-deals-2KiB"}) {
    const auto def = catalog_->find(id);
    ASSERT_NE(def, nullptr) << id;
    EXPECT_TRUE(def->always_verified()) << id;
  }
  EXPECT_FALSE(catalog_->find("synthetic-64")->always_verified());
}

}  // namespace
}  // namespace cuzk::engine
