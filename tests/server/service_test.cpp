// ProvingService over gRPC on a real unix socket (UnixListener) and on TCP, with fake circuits
// whose proving takes a chosen time: 1,200 waiting AwaitProof calls hold no thread, so
// GetStatus, SubmitProof and CancelProof still answer at once; jobs belong to the uid that
// submitted them (another uid's connection cannot await or cancel them, and its own request
// under the same id is its own job), and one uid's results never push out another's; a Prove
// without request id is cancelled when its client goes away, one with a request id goes on;
// Curio's retries whose payload changed (a WindowPoSt without a sector that could not be read,
// a PoRep whose Commit-1 was redone) are proved, with Curio's own request shapes; a payload is
// validated off the call threads (a slow validation shows as pending in GetStatus, SubmitProof
// answers when it ends) and its refusal is SubmitProof's INVALID_ARGUMENT and Prove's in-band
// FAILED; a full queue answers RESOURCE_EXHAUSTED naming the limit, and refusals are counted
// by reason; GetStatus pages its lists, lists every kind's queue, and tells each worker's jobs
// and each GPU's memory; a TCP listener with a bearer token refuses calls without it;
// concurrent PreloadSRS calls are one load on the engine's parameter thread while GetStatus
// answers; a job's timings include its wait for validation; request bytes that are not protobuf
// and unknown methods are answered with a message; a huge malformed Commit-1 gets a short error
// naming the field.
#include <grpcpp/create_channel_posix.h>
#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <future>
#include <thread>

#include "common/reclaimer.hpp"
#include "engine/fake_circuit.hpp"
#include "kinds/vanilla_payload.hpp"
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

std::string hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    out += kDigits[static_cast<uint8_t>(c) >> 4];
    out += kDigits[static_cast<uint8_t>(c) & 0xf];
  }
  return out;
}

constexpr uint64_t kMiner = 1000;
const std::string kRandomness(32, '\x5a');

// A WindowPoSt partition as Curio asks for it (lib/ffi/cuzk_funcs.go): the deterministic id
// wdpost-<miner>-<partition>-<randomness[:8] in hex>, registered_proof 10
// (StackedDrgWindow2KiBV1_1), HIGH, one vanilla proof per sector.
v1::SubmitProofRequest curio_wdpost(const std::vector<std::string>& vanilla_proofs) {
  v1::SubmitProofRequest req;
  req.set_request_id("wdpost-" + std::to_string(kMiner) + "-0-" + hex(std::string_view(kRandomness).substr(0, 8)));
  req.set_proof_kind(v1::WINDOW_POST_PARTITION);
  req.set_sector_size(2048);
  req.set_registered_proof(10);
  req.set_priority(v1::HIGH);
  for (const std::string& proof : vanilla_proofs) req.add_vanilla_proofs(proof);
  req.set_miner_id(kMiner);
  req.set_randomness(kRandomness);
  req.set_partition_index(0);
  return req;
}

// The size of the payload the daemon makes of that request (the fake circuit echoes it).
std::string wdpost_payload_size(const std::vector<std::string>& vanilla_proofs) {
  kinds::VanillaPayload p;
  p.registered_proof = 10;
  p.miner_id = kMiner;
  std::copy(kRandomness.begin(), kRandomness.end(), p.randomness.begin());
  for (const std::string& proof : vanilla_proofs) p.proofs.emplace_back(proof.begin(), proof.end());
  return std::to_string(kinds::encode_vanilla_payload(p).size());
}

// A PoRep C2 as Curio asks for it: porep-<miner>-<sector>, registered_proof 5
// (StackedDrg2KiBV1_1), the Commit-1 output in Curio's wrapper.
v1::SubmitProofRequest curio_porep(uint64_t sector, const std::string& wrapper) {
  v1::SubmitProofRequest req;
  req.set_request_id("porep-" + std::to_string(kMiner) + "-" + std::to_string(sector));
  req.set_proof_kind(v1::POREP_SEAL_COMMIT);
  req.set_sector_size(2048);
  req.set_registered_proof(5);
  req.set_priority(v1::NORMAL);
  req.set_vanilla_proof(wrapper);
  req.set_sector_number(sector);
  req.set_miner_id(kMiner);
  return req;
}

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
    auto e = engine::Engine::create(config, engine::EngineParts{catalog_, [this](ThreadPool&, std::string*) {
                                                                  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                                  auto backend = std::make_unique<FakeBackend>(
                                                                      nullptr, worker_name_, worker_name_ != "cpu");
                                                                  backend->memory = worker_memory_;
                                                                  out.push_back(std::move(backend));
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

  v1::ProveResponse prove(v1::ProvingEngine::Stub& s, const v1::SubmitProofRequest& req,
                          milliseconds deadline = milliseconds(10000), grpc::Status* status = nullptr) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(deadline));
    v1::ProveRequest call;
    *call.mutable_submit() = req;
    v1::ProveResponse out;
    const grpc::Status st = s.Prove(&ctx, call, &out);
    if (status != nullptr) *status = st;
    else EXPECT_TRUE(st.ok()) << st.error_message();
    return out;
  }
  std::string metrics(v1::ProvingEngine::Stub& s) {
    grpc::ClientContext ctx;
    ctx.set_deadline(in(milliseconds(5000)));
    v1::GetMetricsResponse out;
    EXPECT_TRUE(s.GetMetrics(&ctx, {}, &out).ok());
    return out.prometheus_text();
  }

  std::filesystem::path dir_;
  std::string socket_;
  std::string worker_name_ = "cpu";   // the fake backend's name ("cuda:<n>": a GPU worker)
  groth16::DeviceMemory worker_memory_;  // what it reports
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
  EXPECT_NE(metrics(*client).find("cuzk_requests_refused_total{reason=\"invalid_payload\"} 2\n"), std::string::npos);
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
  // Counted by reason, next to the engine's metrics.
  v1::SubmitProofRequest bad_kind = fake_request("q-4");
  bad_kind.set_proof_kind(static_cast<v1::ProofKind>(7));
  EXPECT_EQ(submit(*client, bad_kind, &refused).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  const std::string text = metrics(*client);
  EXPECT_NE(text.find("cuzk_requests_refused_total{reason=\"queue_full\"} 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("cuzk_requests_refused_total{reason=\"invalid_request\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("cuzk_proofs_completed_total "), std::string::npos);
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

// Curio's WindowPoSt retry, as its task makes it: the same deterministic id, another set of
// vanilla proofs (a sector that could not be read is skipped). An attempt still running when
// Curio gave up, and one that FAILED, are both followed by a retry that is proved.
TEST_F(ServiceTest, CurioWindowPoStRetriedWithAnotherSetOfVanillaProofsIsProved) {
  FakeBehaviour& b = fake("window-post-2KiB", milliseconds(800));
  b.echo_payload_size = true;
  b.refuse_containing = "unreadable";
  start();
  auto curio = stub();
  const std::string id = curio_wdpost({}).request_id();
  // (1) Curio's call gives up while the partition is being proved.
  grpc::Status gave_up;
  prove(*curio, curio_wdpost({"sector 1", "sector 2", "sector 3"}), milliseconds(200), &gave_up);
  EXPECT_EQ(gave_up.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  // (2) Its retry without sector 2 is proved; nobody awaits the first attempt: it is cancelled.
  const std::vector<std::string> skipped = {"sector 1", "sector 3"};
  v1::AwaitProofResponse r = prove(*curio, curio_wdpost(skipped)).result();
  ASSERT_EQ(r.status(), v1::AwaitProofResponse::COMPLETED) << r.error_message();
  EXPECT_EQ(r.job_id(), id);
  EXPECT_FALSE(r.attached());
  ASSERT_EQ(r.public_inputs_size(), 3);
  EXPECT_EQ(r.public_inputs(2), wdpost_payload_size(skipped));  // the retry's payload was proved
  // (3) An attempt that FAILED (a vanilla proof the kind refuses), then its retry without it.
  r = prove(*curio, curio_wdpost({"sector 1", "sector 4 unreadable"})).result();
  ASSERT_EQ(r.status(), v1::AwaitProofResponse::FAILED);
  EXPECT_NE(r.error_message().find("unreadable"), std::string::npos) << r.error_message();
  r = prove(*curio, curio_wdpost({"sector 1"})).result();
  ASSERT_EQ(r.status(), v1::AwaitProofResponse::COMPLETED) << r.error_message();
  EXPECT_EQ(r.public_inputs(2), wdpost_payload_size({"sector 1"}));
  // (4) The same request once more: the kept result, attached, no new proof.
  const v1::AwaitProofResponse kept = prove(*curio, curio_wdpost({"sector 1"})).result();
  ASSERT_EQ(kept.status(), v1::AwaitProofResponse::COMPLETED);
  EXPECT_TRUE(kept.attached());
  EXPECT_EQ(kept.public_inputs(2), r.public_inputs(2));
  v1::GetStatusResponse s;
  for (int i = 0; i < 500; ++i) {
    s = status(*curio);
    if (s.cancelled() == 1) break;
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_EQ(s.cancelled(), 1u);  // the attempt nobody awaited
  EXPECT_EQ(s.total_proofs_completed(), 2u);
  EXPECT_EQ(s.submitted(), 4u);
}

// A PoRep whose Commit-1 was redone, retried under porep-<miner>-<sector> while a caller still
// awaits the first attempt: the first finishes for that caller, the id names the retry.
TEST_F(ServiceTest, CurioPoRepRetriedWithARedoneCommit1IsProved) {
  FakeBehaviour& b = fake("porep-2KiB", milliseconds(600));
  b.echo_payload_size = true;
  start();
  const std::string first_c1 = R"({"SectorNum":7,"Phase1Out":"Zmlyc3Q=","SectorSize":2048})";
  const std::string redone_c1 = R"({"SectorNum":7,"Phase1Out":"cmVkb25lIGNvbW1pdC0x","SectorSize":2048})";
  const std::string id = curio_porep(7, first_c1).request_id();
  auto first_caller = stub(1);
  auto watcher = stub(2);
  v1::AwaitProofResponse first, watched;
  std::thread attempt([&] { first = prove(*first_caller, curio_porep(7, first_c1)).result(); });
  for (int i = 0; i < 500 && status(*watcher).admitted_jobs() == 0; ++i) std::this_thread::sleep_for(milliseconds(5));
  std::thread awaiting([&] { ASSERT_TRUE(await(*watcher, id, &watched).ok()); });
  std::this_thread::sleep_for(milliseconds(100));  // the await is registered
  auto curio = stub(3);
  const v1::AwaitProofResponse redone = prove(*curio, curio_porep(7, redone_c1)).result();
  attempt.join();
  awaiting.join();
  ASSERT_EQ(redone.status(), v1::AwaitProofResponse::COMPLETED) << redone.error_message();
  EXPECT_FALSE(redone.attached());
  EXPECT_EQ(redone.public_inputs(2), std::to_string(redone_c1.size()));
  ASSERT_EQ(first.status(), v1::AwaitProofResponse::COMPLETED) << first.error_message();
  EXPECT_EQ(first.public_inputs(2), std::to_string(first_c1.size()));
  ASSERT_EQ(watched.status(), v1::AwaitProofResponse::COMPLETED);
  EXPECT_EQ(watched.public_inputs(2), first.public_inputs(2));
  v1::AwaitProofResponse later;
  ASSERT_TRUE(await(*curio, id, &later).ok());
  EXPECT_EQ(later.public_inputs(2), redone.public_inputs(2));
  const v1::GetStatusResponse s = status(*curio);
  EXPECT_EQ(s.cancelled(), 0u);
  EXPECT_EQ(s.total_proofs_completed(), 2u);
  EXPECT_EQ(s.retained_results(), 1u);
}

// The CPU worker's path: no GPU entry, the worker's job ids and kind while it proves; every
// kind's queue listed, idle too.
TEST_F(ServiceTest, GetStatusTellsWhatTheCpuWorkerProvesAndListsIdleKinds) {
  fake("fake", milliseconds(1500));
  start();
  auto client = stub();
  v1::GetStatusResponse s = status(*client);
  ASSERT_EQ(s.queues_size(), 1);
  EXPECT_EQ(s.queues(0).proof_kind(), "fake");
  EXPECT_EQ(s.queues(0).pending(), 0u);
  EXPECT_EQ(s.queues(0).in_progress(), 0u);
  EXPECT_EQ(s.gpus_size(), 0);
  ASSERT_EQ(s.workers_size(), 1);
  EXPECT_FALSE(s.workers(0).busy());
  EXPECT_EQ(s.workers(0).job_ids_size(), 0);
  EXPECT_EQ(s.workers(0).proof_kind(), "");
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(submit(*client, fake_request("wdpost-1-0-aa"), &submitted).ok());
  for (int i = 0; i < 1000 && !(s = status(*client)).workers(0).busy(); ++i) std::this_thread::sleep_for(milliseconds(5));
  ASSERT_TRUE(s.workers(0).busy());
  ASSERT_EQ(s.workers(0).job_ids_size(), 1);
  EXPECT_EQ(s.workers(0).job_ids(0), "wdpost-1-0-aa");
  EXPECT_EQ(s.workers(0).proof_kind(), "fake");
  EXPECT_EQ(s.queues(0).in_progress(), 1u);
}

// A GPU worker (a fake backend named cuda:0 reporting device memory): its memory, and the job
// it proves — the request id for its owner (and root), only the kind for another uid.
TEST_F(ServiceTest, GetStatusTellsEachGpusMemoryAndCurrentJob) {
  worker_name_ = "cuda:0";
  worker_memory_ = {uint64_t{80} << 30, uint64_t{61} << 30};
  fake("fake", milliseconds(1500));
  start();
  auto client = stub();
  v1::GetStatusResponse s = status(*client);
  ASSERT_EQ(s.gpus_size(), 1);
  EXPECT_EQ(s.gpus(0).ordinal(), 0u);
  EXPECT_EQ(s.gpus(0).vram_total_bytes(), uint64_t{80} << 30);
  EXPECT_EQ(s.gpus(0).vram_free_bytes(), uint64_t{61} << 30);
  EXPECT_EQ(s.gpus(0).current_job_id(), "");
  EXPECT_EQ(s.gpus(0).current_proof_kind(), "");
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(submit(*client, fake_request("porep-1000-3"), &submitted).ok());
  for (int i = 0; i < 1000 && !(s = status(*client)).gpus(0).busy(); ++i) std::this_thread::sleep_for(milliseconds(5));
  ASSERT_TRUE(s.gpus(0).busy());
  EXPECT_EQ(s.gpus(0).current_job_id(), "porep-1000-3");
  EXPECT_EQ(s.gpus(0).current_proof_kind(), "fake");
  if (::geteuid() != 0) return;  // another uid's view needs root to connect as one
  if (const int probe = connect_as(kNobody, socket_); probe >= 0) {
    ::close(probe);
  } else {
    return;
  }
  const v1::GetStatusResponse theirs = status(*stub_as(kNobody));
  ASSERT_TRUE(theirs.gpus(0).busy());
  EXPECT_EQ(theirs.gpus(0).current_job_id(), "");  // not theirs to see
  EXPECT_EQ(theirs.gpus(0).current_proof_kind(), "fake");
}

// One uid's results never push out another's (1,010 small jobs from one uid once made another
// uid's finished PoRep answer NOT_FOUND): kept results are bounded per owner.
TEST_F(ServiceTest, OneUidsResultsNeverPushOutAnothers) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "needs root to connect as another uid (RequestRegistryTest.KeptResultsAreBoundedPerOwner "
                    "covers the rule with two owners)";
  }
  RequestRegistryOptions options;
  options.max_results_per_client = 3;
  fake("fake", milliseconds(0));
  start(options);
  if (const int probe = connect_as(kNobody, socket_); probe >= 0) {
    ::close(probe);
  } else {
    GTEST_SKIP() << "this root may not switch its uid (no CAP_SETUID)";
  }
  auto nobody = stub_as(kNobody);
  ASSERT_EQ(prove(*nobody, fake_request("porep-1000-1", "n")).result().status(), v1::AwaitProofResponse::COMPLETED);
  auto root = stub();
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(prove(*root, fake_request("root-" + std::to_string(i), "r")).result().status(),
              v1::AwaitProofResponse::COMPLETED);
  }
  v1::AwaitProofResponse kept;
  ASSERT_TRUE(await(*nobody, "porep-1000-1", &kept).ok()) << "root's results pushed out uid 65534's";
  EXPECT_EQ(kept.status(), v1::AwaitProofResponse::COMPLETED);
  v1::AwaitProofResponse gone;
  EXPECT_EQ(await(*root, "root-0", &gone).error_code(), grpc::StatusCode::NOT_FOUND);  // its own oldest went
  EXPECT_EQ(status(*root).retained_results(), 4u);
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
