// ProvingService over gRPC on a real unix socket (UnixListener) and on TCP, with fake circuits
// whose proving takes a chosen time: 1,200 waiting AwaitProof calls hold no thread, so
// GetStatus, SubmitProof and CancelProof still answer at once; jobs belong to the uid that
// submitted them (another uid's connection cannot await or cancel them, and its own request
// under the same id is its own job); a Prove without request id is cancelled when its client
// goes away, one with a request id goes on; a payload is validated off the call threads (a slow
// validation shows as pending in GetStatus, SubmitProof answers when it ends) and its refusal is
// SubmitProof's INVALID_ARGUMENT and Prove's in-band FAILED; a full queue answers
// RESOURCE_EXHAUSTED naming the limit; GetStatus pages its lists; a TCP listener with a bearer
// token refuses calls without it; concurrent PreloadSRS calls are one load on the engine's
// parameter thread while GetStatus answers; a job's timings include its wait for validation;
// request bytes that are not protobuf and unknown methods are answered with a message; a huge
// malformed Commit-1 gets a short error naming the field.
#include <grpcpp/create_channel_posix.h>
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <future>
#include <thread>

#include "common/reclaimer.hpp"
#include "engine/fake_circuit.hpp"
#include "kinds/porep_kind.hpp"
#include "server/service.hpp"
#include "server/unix_listener.hpp"

namespace cuzk::server {
namespace {

using engine::testing::FakeBackend;
using engine::testing::FakeBehaviour;
using engine::testing::FakeCircuit;
using std::chrono::milliseconds;

constexpr uid_t kNobody = 65534;

v1::SubmitProofRequest fake_request(const std::string& request_id, const std::string& payload = "a") {
  v1::SubmitProofRequest req;
  req.set_request_id(request_id);
  req.set_proof_kind(v1::CIRCUIT);
  req.set_circuit_id("fake");
  req.set_payload(payload);
  return req;
}

std::chrono::system_clock::time_point in(milliseconds ms) { return std::chrono::system_clock::now() + ms; }

// A connection to the unix socket at `path` made with effective uid `uid`: the switch is made
// by the raw syscall on one thread only (glibc's setresuid would switch every thread).
int connect_as(uid_t uid, const std::string& path) {
  int fd = -1;
  std::thread([&] {
    if (::syscall(SYS_setresuid, -1, uid, -1) != 0) return;
    fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
      ::close(fd);
      fd = -1;
    }
    (void)::syscall(SYS_setresuid, -1, 0, -1);
  }).join();
  return fd;
}

class ServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cuzk_service_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
            std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    ::chmod(dir_.c_str(), 0755);
    catalog_ = std::make_shared<engine::CircuitCatalog>();
  }
  void TearDown() override {
    if (listener_) listener_->stop();
    if (server_) server_->Shutdown(in(milliseconds(1000)));
    server_.reset();
    service_.reset();
    engine_.reset();
    Reclaimer::shared().drain();
    std::filesystem::remove_all(dir_);
  }

  // The engine (fake circuits, one fake worker) and the service on a unix socket anyone may
  // connect to; with `token`, also on a TCP port that needs it.
  void start(RequestRegistryOptions options = {}, const std::string& token = "") {
    engine::EngineConfig config;
    config.synthesis_threads = 2;
    config.prover_threads = 1;
    config.log = [](engine::LogLevel, std::string_view) {};
    auto e = engine::Engine::create(config, engine::EngineParts{catalog_, [](ThreadPool&, std::string*) {
                                                                  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                                  out.push_back(std::make_unique<FakeBackend>());
                                                                  return out;
                                                                }});
    ASSERT_TRUE(e.is_ok()) << e.status().to_string();
    engine_ = std::move(e).value();
    service_ = std::make_unique<ProvingService>(*engine_, options, CallerIdentity(token));
    socket_ = (dir_ / "cuzk.sock").string();
    listener_ = std::make_unique<UnixListener>();
    ASSERT_TRUE(listener_->bind(socket_).is_ok());
    ::chmod(socket_.c_str(), 0666);
    grpc::ServerBuilder builder;
    if (!token.empty()) builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &tcp_port_);
    service_->add_to(builder);
    server_ = builder.BuildAndStart();
    ASSERT_TRUE(server_);
    ASSERT_TRUE(listener_->serve(server_.get()).is_ok());
  }
  FakeBehaviour& fake(const std::string& id, milliseconds prove_time) {
    FakeBehaviour& b = behaviours_.emplace_back();
    b.prove_time = prove_time;
    EXPECT_TRUE(catalog_->add(std::make_shared<FakeCircuit>(id, dir_, 10, b)).is_ok());
    return b;
  }
  // A stub on a connection of its own (`n` tells channels apart, so none shares another's).
  std::unique_ptr<v1::ProvingEngine::Stub> stub(int n = 0) {
    grpc::ChannelArguments args;
    args.SetInt("cuzk.test.channel", n);
    return v1::ProvingEngine::NewStub(
        grpc::CreateCustomChannel("unix:" + socket_, grpc::InsecureChannelCredentials(), args));
  }
  // A stub whose connection was made by `uid`.
  std::unique_ptr<v1::ProvingEngine::Stub> stub_as(uid_t uid) {
    const int fd = connect_as(uid, socket_);
    EXPECT_GE(fd, 0) << "connecting as uid " << uid;
    return v1::ProvingEngine::NewStub(grpc::CreateInsecureChannelFromFd("cuzk", fd));
  }
  grpc::Status submit(v1::ProvingEngine::Stub& s, const v1::SubmitProofRequest& req, v1::SubmitProofResponse* out,
                      milliseconds deadline = milliseconds(5000)) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(deadline));
    return s.SubmitProof(&ctx, req, out);
  }
  grpc::Status await(v1::ProvingEngine::Stub& s, const std::string& id, v1::AwaitProofResponse* out) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(milliseconds(10000)));
    v1::AwaitProofRequest req;
    req.set_job_id(id);
    return s.AwaitProof(&ctx, req, out);
  }
  grpc::Status cancel(v1::ProvingEngine::Stub& s, const std::string& id) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(milliseconds(5000)));
    v1::CancelProofRequest req;
    req.set_job_id(id);
    v1::CancelProofResponse out;
    return s.CancelProof(&ctx, req, &out);
  }
  v1::GetStatusResponse status(v1::ProvingEngine::Stub& s, milliseconds deadline = milliseconds(5000),
                               v1::GetStatusRequest req = {}) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(deadline));
    v1::GetStatusResponse out;
    const grpc::Status st = s.GetStatus(&ctx, req, &out);
    EXPECT_TRUE(st.ok()) << st.error_message();
    return out;
  }

  std::filesystem::path dir_;
  std::string socket_;
  int tcp_port_ = 0;
  std::deque<FakeBehaviour> behaviours_;
  std::shared_ptr<engine::CircuitCatalog> catalog_;
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<ProvingService> service_;
  std::unique_ptr<UnixListener> listener_;
  std::unique_ptr<grpc::Server> server_;
};

TEST_F(ServiceTest, ThousandsOfAwaitsDoNotBlockOtherCalls) {
  fake("fake", milliseconds(2000));
  start();
  auto client = stub();
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(submit(*client, fake_request("slow-1"), &submitted).ok());

  constexpr int kAwaits = 1200;
  constexpr int kChannels = 4;
  std::vector<std::unique_ptr<v1::ProvingEngine::Stub>> waiters;
  for (int c = 0; c < kChannels; ++c) waiters.push_back(stub(c + 1));
  struct Call {
    grpc::ClientContext ctx;
    v1::AwaitProofRequest req;
    v1::AwaitProofResponse out;
  };
  std::vector<Call> calls(kAwaits);
  std::mutex mutex;
  std::condition_variable cv;
  int finished = 0, completed = 0;
  for (int i = 0; i < kAwaits; ++i) {
    Call& call = calls[static_cast<size_t>(i)];
    call.ctx.set_deadline(in(milliseconds(30000)));
    call.req.set_job_id("slow-1");
    waiters[static_cast<size_t>(i % kChannels)]->async()->AwaitProof(
        &call.ctx, &call.req, &call.out, [&, i](grpc::Status s) {
          std::lock_guard<std::mutex> lock(mutex);
          ++finished;
          if (s.ok() && calls[static_cast<size_t>(i)].out.status() == v1::AwaitProofResponse::COMPLETED) ++completed;
          cv.notify_all();
        });
  }
  std::this_thread::sleep_for(milliseconds(300));  // let the awaits arrive and park
  // While they wait, the other calls answer at once (deadline 1 s each; the job takes 2 s).
  const auto begin = std::chrono::steady_clock::now();
  auto other = stub(99);
  const v1::GetStatusResponse s = status(*other, milliseconds(1000));
  EXPECT_EQ(s.admitted_jobs(), 1u);
  v1::SubmitProofResponse second;
  const grpc::Status quick = submit(*other, fake_request("quick-1"), &second, milliseconds(1000));
  ASSERT_TRUE(quick.ok()) << quick.error_code() << " " << quick.error_message();
  EXPECT_TRUE(cancel(*other, "quick-1").ok());
  EXPECT_LT(std::chrono::steady_clock::now() - begin, milliseconds(1500));
  v1::AwaitProofResponse cancelled;
  ASSERT_TRUE(await(*other, "quick-1", &cancelled).ok());
  EXPECT_EQ(cancelled.status(), v1::AwaitProofResponse::CANCELLED);
  EXPECT_EQ(cancelled.error_message(), "job 'quick-1' was cancelled");  // its id, not the engine's number
  {
    std::unique_lock<std::mutex> lock(mutex);
    EXPECT_EQ(finished, 0);
    ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(20), [&] { return finished == kAwaits; }));
  }
  EXPECT_EQ(completed, kAwaits);  // every await gets the outcome
}

TEST_F(ServiceTest, JobsBelongToTheUidThatSubmittedThem) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to connect as another uid";
  fake("fake", milliseconds(300));
  start();
  if (const int probe = connect_as(kNobody, socket_); probe >= 0) {
    ::close(probe);
  } else {
    GTEST_SKIP() << "this root may not switch its uid (no CAP_SETUID)";
  }
  auto nobody = stub_as(kNobody);
  v1::SubmitProofResponse theirs;
  ASSERT_TRUE(submit(*nobody, fake_request("porep-1-1", "n"), &theirs).ok());
  EXPECT_FALSE(theirs.attached());
  // Another uid cannot reach it.
  auto other = stub_as(kNobody - 1);
  v1::AwaitProofResponse out;
  EXPECT_EQ(await(*other, "porep-1-1", &out).error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(cancel(*other, "porep-1-1").error_code(), grpc::StatusCode::NOT_FOUND);
  // The same request id from that uid is a job of its own.
  v1::SubmitProofResponse mine;
  ASSERT_TRUE(submit(*other, fake_request("porep-1-1", "n"), &mine).ok());
  EXPECT_FALSE(mine.attached());
  // The owner, and root, get the owner's result.
  ASSERT_TRUE(await(*nobody, "porep-1-1", &out).ok());
  EXPECT_EQ(out.status(), v1::AwaitProofResponse::COMPLETED);
  auto root = stub();
  ASSERT_TRUE(await(*root, "porep-1-1", &out).ok());
  EXPECT_EQ(out.status(), v1::AwaitProofResponse::COMPLETED);
  EXPECT_EQ(status(*root).submitted(), 2u);
}

TEST_F(ServiceTest, AProveWithoutRequestIdIsCancelledWhenItsClientGoesAway) {
  fake("fake", milliseconds(800));
  start();
  auto client = stub();
  for (const std::string id : {"", "porep-5-5"}) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(milliseconds(200)));  // the client gives up long before the proof
    v1::ProveRequest req;
    *req.mutable_submit() = fake_request(id);
    v1::ProveResponse out;
    EXPECT_EQ(client->Prove(&ctx, req, &out).error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  }
  // The anonymous job is cancelled (no one could ask for it); the named one completes and its
  // result is kept for Curio's retry.
  v1::AwaitProofResponse kept;
  ASSERT_TRUE(await(*client, "porep-5-5", &kept).ok());
  EXPECT_EQ(kept.status(), v1::AwaitProofResponse::COMPLETED);
  v1::GetStatusResponse s;
  for (int i = 0; i < 300; ++i) {
    s = status(*client);
    if (s.cancelled() + s.total_proofs_completed() == 2) break;
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_EQ(s.cancelled(), 1u);
  EXPECT_EQ(s.total_proofs_completed(), 1u);
}

TEST_F(ServiceTest, PayloadsAreValidatedOffTheCallThreadsAndARefusalIsTheCallersError) {
  FakeBehaviour& b = fake("fake", milliseconds(0));
  start();
  auto client = stub();
  // A slow validation: GetStatus answers meanwhile, the job pending; SubmitProof answers after.
  b.hold_validation = true;
  v1::SubmitProofResponse submitted;
  grpc::Status answered;
  std::thread call([&] { answered = submit(*client, fake_request("slow-1"), &submitted, milliseconds(20000)); });
  for (int i = 0; i < 1000 && b.validating.load() == 0; ++i) std::this_thread::sleep_for(milliseconds(10));
  ASSERT_EQ(b.validating.load(), 1);
  auto other = stub(1);
  const v1::GetStatusResponse during = status(*other, milliseconds(1000));
  ASSERT_EQ(during.queues_size(), 1);
  EXPECT_EQ(during.queues(0).pending(), 1u);
  EXPECT_EQ(during.queues(0).in_progress(), 0u);
  b.hold_validation = false;
  call.join();
  ASSERT_TRUE(answered.ok()) << answered.error_message();
  EXPECT_EQ(submitted.job_id(), "slow-1");
  // A payload the circuit refuses: SubmitProof's gRPC error, Prove's FAILED, with its message.
  v1::SubmitProofResponse refused;
  const grpc::Status bad = submit(*client, fake_request("bad-1", "\xff"), &refused);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(bad.error_message().find("payload starts with 0xff"), std::string::npos) << bad.error_message();
  grpc::ClientContext ctx;
  ctx.set_deadline(in(milliseconds(5000)));
  v1::ProveRequest req;
  *req.mutable_submit() = fake_request("bad-2", "\xff");
  v1::ProveResponse out;
  ASSERT_TRUE(client->Prove(&ctx, req, &out).ok());
  EXPECT_EQ(out.result().status(), v1::AwaitProofResponse::FAILED);
  EXPECT_NE(out.result().error_message().find("payload starts with 0xff"), std::string::npos)
      << out.result().error_message();
  // A refused request leaves no job behind under its id.
  v1::AwaitProofResponse gone;
  EXPECT_EQ(await(*client, "bad-1", &gone).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ServiceTest, AFullQueueAnswersResourceExhaustedNamingTheLimit) {
  RequestRegistryOptions options;
  options.max_jobs_per_client = 1;
  fake("fake", milliseconds(500));
  start(options);
  auto client = stub();
  v1::SubmitProofResponse first;
  ASSERT_TRUE(submit(*client, fake_request("q-1"), &first).ok());
  v1::SubmitProofResponse refused;
  const grpc::Status s = submit(*client, fake_request("q-2"), &refused);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(s.error_message().find("daemon.max_queued_jobs_per_client"), std::string::npos) << s.error_message();
  grpc::ClientContext ctx;
  v1::ProveRequest req;
  *req.mutable_submit() = fake_request("q-3");
  v1::ProveResponse out;
  EXPECT_EQ(client->Prove(&ctx, req, &out).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(status(*client).admitted_jobs(), 1u);
}

TEST_F(ServiceTest, GetStatusPagesItsLists) {
  for (const char* id : {"fake", "fake-b", "fake-c"}) fake(id, milliseconds(0));
  start();
  auto client = stub();
  v1::GetStatusRequest page;
  page.set_list_limit(2);
  v1::GetStatusResponse first = status(*client, milliseconds(5000), page);
  EXPECT_EQ(first.circuits_size(), 2);
  EXPECT_EQ(first.circuits_total(), 3u);
  page.set_list_offset(2);
  v1::GetStatusResponse second = status(*client, milliseconds(5000), page);
  ASSERT_EQ(second.circuits_size(), 1);
  EXPECT_EQ(second.circuits(0), "fake-c");
}

TEST_F(ServiceTest, TcpCallsNeedTheBearerToken) {
  fake("fake", milliseconds(0));
  start({}, "0123456789abcdef-token");
  auto tcp = v1::ProvingEngine::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(tcp_port_), grpc::InsecureChannelCredentials()));
  for (const char* given : {"", "Bearer wrong-token-0123456789", "Bearer 0123456789abcdef-token"}) {
    grpc::ClientContext ctx;
    if (given[0] != '\0') ctx.AddMetadata("authorization", given);
    v1::GetStatusResponse out;
    const grpc::Status s = tcp->GetStatus(&ctx, {}, &out);
    if (std::string(given).ends_with("abcdef-token")) {
      EXPECT_TRUE(s.ok()) << s.error_message();
    } else {
      EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAUTHENTICATED) << given;
      EXPECT_NE(s.error_message().find("authorization: Bearer"), std::string::npos);
    }
  }
  // The unix socket needs no token: its peers are known by uid.
  EXPECT_EQ(status(*stub()).circuits_total(), 1u);
}

// A raw call: `bytes` sent to `method` as they are.
grpc::Status raw_call(const std::string& socket, const std::string& method, const std::string& bytes) {
  grpc::GenericStub generic(grpc::CreateChannel("unix:" + socket, grpc::InsecureChannelCredentials()));
  grpc::ClientContext ctx;
  ctx.set_deadline(in(milliseconds(5000)));
  grpc::Slice slice(bytes);
  const grpc::ByteBuffer request(&slice, 1);
  grpc::ByteBuffer response;
  std::promise<grpc::Status> done;
  generic.UnaryCall(&ctx, method, {}, &request, &response, [&](grpc::Status s) { done.set_value(std::move(s)); });
  return done.get_future().get();
}

TEST_F(ServiceTest, UnparsableRequestsAndUnknownMethodsAreAnsweredWithAMessage) {
  fake("fake", milliseconds(0));
  start();
  const std::string garbage("\xff\xff\xff\xff\x0f\x01\x02\x03", 8);
  const grpc::Status bad = raw_call(socket_, "/cuzk.v1.ProvingEngine/SubmitProof", garbage);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(bad.error_message(), "the request to SubmitProof does not parse as cuzk.v1.SubmitProofRequest (protobuf)");
  const grpc::Status unknown = raw_call(socket_, "/cuzk.v1.ProvingEngine/NoSuchMethod", "");
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::UNIMPLEMENTED);
  EXPECT_NE(unknown.error_message().find("no method '/cuzk.v1.ProvingEngine/NoSuchMethod'"), std::string::npos)
      << unknown.error_message();
  EXPECT_NE(unknown.error_message().find("SubmitProof, AwaitProof"), std::string::npos) << unknown.error_message();
  // A good request is untouched.
  EXPECT_EQ(status(*stub()).circuits_total(), 1u);
}

// Concurrent PreloadSRS of one circuit: one load, on the engine's parameter thread, every call
// answered; no call thread waits meanwhile, so GetStatus answers at once.
TEST_F(ServiceTest, ConcurrentPreloadsAreOneLoadAndGetStatusAnswersMeanwhile) {
  FakeBehaviour& b = fake("fake", milliseconds(0));
  b.load_time = milliseconds(2000);
  start();
  constexpr int kCalls = 8;
  std::vector<std::thread> calls;
  std::atomic<int> ok{0}, hot_before{0};
  for (int i = 0; i < kCalls; ++i) {
    calls.emplace_back([&, i] {
      auto client = stub(i + 1);
      grpc::ClientContext ctx;
      ctx.set_deadline(in(milliseconds(20000)));
      v1::PreloadSrsRequest req;
      req.set_circuit_id("fake");
      v1::PreloadSrsResponse out;
      if (client->PreloadSRS(&ctx, req, &out).ok() && out.circuit_id() == "fake") ++ok;
      if (out.already_loaded()) ++hot_before;
    });
  }
  std::this_thread::sleep_for(milliseconds(300));  // the calls arrive; the load is under way
  const auto begin = std::chrono::steady_clock::now();
  const v1::GetStatusResponse during = status(*stub(99), milliseconds(1000));
  EXPECT_LT(std::chrono::steady_clock::now() - begin, milliseconds(1000));
  EXPECT_EQ(during.circuits_total(), 1u);
  for (auto& call : calls) call.join();
  EXPECT_EQ(ok.load(), kCalls);
  EXPECT_EQ(hot_before.load(), 0);
  EXPECT_EQ(b.loads.load(), 1) << "the preloads were not one load";
  // Evicting goes the same way.
  grpc::ClientContext ctx;
  v1::EvictSrsRequest evict;
  evict.set_circuit_id("fake");
  v1::EvictSrsResponse evicted;
  ASSERT_TRUE(stub()->EvictSRS(&ctx, evict, &evicted).ok());
  EXPECT_TRUE(evicted.was_loaded());
  EXPECT_EQ(evicted.freed_bytes(), 10u);
}

// The time a job waits for its validation is in its timings: queue_wait_ms counts from
// submission, and timings.validate_ms names the validation's part of it.
TEST_F(ServiceTest, AJobsTimingsIncludeItsValidationWait) {
  FakeBehaviour& b = fake("fake", milliseconds(0));
  b.hold_validation = true;
  start();
  auto client = stub();
  v1::ProveResponse out;
  std::thread call([&] {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(milliseconds(20000)));
    v1::ProveRequest req;
    *req.mutable_submit() = fake_request("waits-1");
    EXPECT_TRUE(client->Prove(&ctx, req, &out).ok());
  });
  for (int i = 0; i < 1000 && b.validating.load() == 0; ++i) std::this_thread::sleep_for(milliseconds(10));
  std::this_thread::sleep_for(milliseconds(400));
  b.hold_validation = false;
  call.join();
  ASSERT_EQ(out.result().status(), v1::AwaitProofResponse::COMPLETED) << out.result().error_message();
  EXPECT_GE(out.result().timings().validate_ms(), 350u);
  EXPECT_GE(out.result().queue_wait_ms(), out.result().timings().validate_ms());
  EXPECT_EQ(out.result().timings().queue_ms(), out.result().queue_wait_ms());
}

// A malformed Commit-1 of megabytes gets an error of a few hundred bytes that names the field,
// in-band (Prove) and as SubmitProof's status (a status message of ≈ 200 KB never arrives).
TEST_F(ServiceTest, AHugeMalformedCommit1GetsAShortErrorNamingTheField) {
  kinds::ParamLocator params;
  params.generated_dir = (dir_ / "generated").string();
  params.filecoin_cache_dirs.clear();
  auto porep = kinds::make_porep_circuit("porep-2KiB", params, nullptr);
  ASSERT_TRUE(porep.is_ok()) << porep.status().to_string();
  ASSERT_TRUE(catalog_->add(*porep).is_ok());
  start();
  auto client = stub();
  const std::string huge(3 << 20, 'z');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"registered_proof\":\"" + huge + "\"}", "unknown registered seal proof 'zzz"},
      {"{\"SectorNum\":1,\"SectorSize\":2048,\"Miner\":\"" + huge + "\",\"Phase1Out\":\"\"}", "Miner: 'zzz"},
      {"{\"registered_proof\":" + huge, "not JSON (at byte 20: expected a value, found 'z')"},
  };
  for (const auto& [payload, names] : cases) {
    v1::SubmitProofRequest req;
    req.set_proof_kind(v1::POREP_SEAL_COMMIT);
    req.set_registered_proof(5);  // StackedDrg2KiBV1_1
    req.set_vanilla_proof(payload);
    grpc::ClientContext ctx;
    ctx.set_deadline(in(milliseconds(10000)));
    v1::ProveRequest prove;
    *prove.mutable_submit() = req;
    v1::ProveResponse out;
    ASSERT_TRUE(client->Prove(&ctx, prove, &out).ok());
    EXPECT_EQ(out.result().status(), v1::AwaitProofResponse::FAILED);
    EXPECT_NE(out.result().error_message().find(names), std::string::npos) << out.result().error_message().substr(0, 300);
    EXPECT_LT(out.result().error_message().size(), 1024u);
    v1::SubmitProofResponse submitted;
    const grpc::Status refused = submit(*client, req, &submitted, milliseconds(10000));
    EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(refused.error_message().find(names), std::string::npos);
    EXPECT_LT(refused.error_message().size(), 1024u);
  }
}

}  // namespace
}  // namespace cuzk::server
