// The bench client: one gRPC channel, synchronous stubs, one thread per job in flight.
#include "cli/bench_client.hpp"

#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "circom/json_format.hpp"
#include "cli/daemon_channel.hpp"
#include "cli/flags.hpp"
#include "common/file_reader.hpp"
#include "common/sample_stats.hpp"
#include "cuzk/v1/proving.grpc.pb.h"
#include "kinds/result_encoding.hpp"
#include "groth16/verifier.hpp"
#include "server/config.hpp"

namespace cuzk::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::optional<v1::Priority> parse_priority_flag(std::string_view name) {
  if (name.empty()) return v1::PRIORITY_UNSPECIFIED;
  if (name == "critical") return v1::CRITICAL;
  if (name == "high") return v1::HIGH;
  if (name == "normal") return v1::NORMAL;
  if (name == "low") return v1::LOW;
  return std::nullopt;
}

std::string grpc_error(const grpc::Status& s) {
  return "error " + std::to_string(static_cast<int>(s.error_code())) + ": " + s.error_message();
}

// Per-phase samples of finished jobs.
struct PhaseSamples {
  std::vector<double> queue, srs, synth, gpu, verify, total;
  void add(const v1::Timings& t) {
    queue.push_back(static_cast<double>(t.queue_ms()));
    srs.push_back(static_cast<double>(t.srs_ms()));
    synth.push_back(static_cast<double>(t.synth_ms()));
    gpu.push_back(static_cast<double>(t.gpu_ms()));
    verify.push_back(static_cast<double>(t.verify_ms()));
    total.push_back(static_cast<double>(t.total_ms()));
  }
  void print(std::ostream& out) const {
    out << std::fixed << std::setprecision(0) << "  median ms: total=" << median(total) << " queue=" << median(queue)
        << " srs=" << median(srs) << " synth=" << median(synth) << " gpu=" << median(gpu)
        << " verify=" << median(verify) << "\n";
  }
};

class Progress {
 public:
  Progress(std::ostream& out, size_t total) : out_(out), total_(total), tty_(::isatty(STDOUT_FILENO) != 0) {}
  void tick(size_t done, size_t failed) {
    if (!tty_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << "\r  " << done;
    if (total_ != 0) out_ << '/' << total_;
    out_ << " done, " << failed << " failed" << std::flush;
  }
  void finish() {
    if (tty_) out_ << "\n";
  }

 private:
  std::ostream& out_;
  size_t total_;
  bool tty_;
  std::mutex mutex_;
};

class Client {
 public:
  explicit Client(const std::shared_ptr<grpc::Channel>& channel) : stub_(v1::ProvingEngine::NewStub(channel)) {}
  v1::ProvingEngine::Stub& stub() { return *stub_; }

 private:
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
};

// A --payload file is sent whole, so it is at most the largest gRPC message.
constexpr size_t kMaxPayloadFileBytes = size_t{2047} << 20;

std::string payload_from(const cli::Flags& flags, uint64_t seed, std::string* error) {
  if (flags.has("payload")) {
    Result<std::string> text = read_regular_text_file(flags.get("payload"), "--payload", kMaxPayloadFileBytes);
    if (!text.is_ok()) {
      *error = text.status().message();
      return {};
    }
    return std::move(text).value();
  }
  return std::to_string(seed);  // a seed for synthetic and Filecoin kinds
}

// Why a call brought no proof: its gRPC error, or the job's in-band FAILED/CANCELLED/TIMEOUT;
// empty when it completed.
std::string call_error(const grpc::Status& s, const v1::AwaitProofResponse& r) {
  if (!s.ok()) return grpc_error(s);
  if (r.status() == v1::AwaitProofResponse::COMPLETED) return "";
  std::string out = v1::AwaitProofResponse::Status_Name(r.status());
  if (!r.error_message().empty()) out += ": " + r.error_message();
  return out;
}

// A ProveRequest for the circuit `circuit` (proof_kind CIRCUIT).
v1::ProveRequest prove_request(const std::string& circuit, v1::Priority priority, std::string payload) {
  v1::ProveRequest req;
  v1::SubmitProofRequest* submit = req.mutable_submit();
  submit->set_proof_kind(v1::CIRCUIT);
  submit->set_circuit_id(circuit);
  submit->set_priority(priority);
  submit->set_payload(std::move(payload));
  return req;
}

void print_result(std::ostream& out, const v1::AwaitProofResponse& r) {
  out << "job " << r.job_id() << " circuit=" << r.circuit_id() << " kind=" << r.kind() << " proofs=" << r.proofs_size()
      << " public_inputs=" << r.public_inputs_size() << " batch=" << r.batch_size() << " worker=" << r.worker()
      << " verify=" << r.timings().verify_ms() << "ms\n"
      << r.timings_line() << "\n";
}

int single(Client& client, const cli::Flags& flags, std::ostream& out, std::ostream& err) {
  std::string error;
  const auto priority = parse_priority_flag(flags.get("priority"));
  if (!priority) {
    err << "cuzk bench single: --priority must be critical, high, normal or low\n";
    return 2;
  }
  const v1::ProveRequest req =
      prove_request(flags.get("circuit"), *priority, payload_from(flags, std::random_device{}(), &error));
  if (!error.empty()) {
    err << "cuzk bench single: " << error << "\n";
    return 2;
  }
  grpc::ClientContext ctx;
  v1::ProveResponse response;
  const grpc::Status s = client.stub().Prove(&ctx, req, &response);
  const v1::AwaitProofResponse& result = response.result();
  if (const std::string why = call_error(s, result); !why.empty()) {
    err << "cuzk bench single: " << why << "\n";
    return 1;
  }
  print_result(out, result);
  if (result.proofs_size() == 0) {
    err << "cuzk bench single: no proof came back\n";
    return 1;
  }
  if (flags.has("proof-out")) {  // the partitions' proofs in order (192 bytes each for native circuits)
    std::ofstream proof_out(flags.get("proof-out"), std::ios::binary | std::ios::trunc);
    for (const std::string& proof : result.proofs()) proof_out << proof;
    if (!proof_out.flush()) {
      err << "cuzk bench single: cannot write --proof-out " << flags.get("proof-out") << "\n";
      return 1;
    }
    out << "wrote " << flags.get("proof-out") << "\n";
  }
  if (flags.has("vk")) {
    auto vk_text = circom::read_text_file(flags.get("vk"));
    if (!vk_text.is_ok()) {
      err << "cuzk bench single: " << vk_text.status().message() << "\n";
      return 2;
    }
    auto vk = circom::vk_from_json(*vk_text, flags.get("vk"));
    auto proof = circom::proof_from_json(result.proofs(0), "the returned proof");
    if (!vk.is_ok() || !proof.is_ok()) {
      err << "cuzk bench single: " << (vk.is_ok() ? proof.status() : vk.status()).message() << "\n";
      return 1;
    }
    const std::vector<std::string> texts(result.public_inputs().begin(), result.public_inputs().end());
    auto inputs = kinds::public_inputs_from_decimal(texts, "the returned proof");
    const Status verified =
        inputs.is_ok() ? groth16::verify(groth16::PreparedVerifyingKey::from(*vk), *proof, *inputs) : inputs.status();
    out << "client-side verification with " << flags.get("vk") << ": " << (verified.is_ok() ? "OK" : verified.message())
        << "\n";
    return verified.is_ok() ? 0 : 1;
  }
  out << "verified by the daemon before it was returned (self-verification)\n";
  return 0;
}

int batch(Client& client, const cli::Flags& flags, std::ostream& out, std::ostream& err) {
  const long count = std::strtol(flags.get("count", "8").c_str(), nullptr, 10);
  const auto priority = parse_priority_flag(flags.get("priority"));
  if (count < 1 || count > 100000 || !priority) {
    err << "cuzk bench batch: --count must be in [1, 100000] and --priority one of critical, high, normal, low\n";
    return 2;
  }
  std::vector<std::string> ids;
  const auto start = Clock::now();
  for (long i = 0; i < count; ++i) {
    std::string error;
    v1::SubmitProofRequest req =
        *prove_request(flags.get("circuit"), *priority, payload_from(flags, static_cast<uint64_t>(i) + 1, &error))
             .mutable_submit();
    if (!error.empty()) {
      err << "cuzk bench batch: " << error << "\n";
      return 2;
    }
    grpc::ClientContext ctx;
    v1::SubmitProofResponse resp;
    const grpc::Status s = client.stub().SubmitProof(&ctx, req, &resp);
    if (!s.ok()) {
      err << "cuzk bench batch: submit " << i << ": " << grpc_error(s) << "\n";
      return 1;
    }
    ids.push_back(resp.job_id());
  }
  PhaseSamples samples;
  std::mutex mutex;
  std::atomic<size_t> done{0}, failed{0};
  Progress progress(out, ids.size());
  std::vector<std::thread> waiters;
  for (const std::string& id : ids) {
    waiters.emplace_back([&, id] {
      grpc::ClientContext ctx;
      v1::AwaitProofRequest req;
      req.set_job_id(id);
      v1::AwaitProofResponse result;
      const grpc::Status s = client.stub().AwaitProof(&ctx, req, &result);
      std::lock_guard<std::mutex> lock(mutex);
      if (const std::string why = call_error(s, result); why.empty()) {
        samples.add(result.timings());
        ++done;
      } else {
        ++failed;
        err << "job " << id << ": " << why << "\n";
      }
      progress.tick(done, failed);
    });
  }
  for (auto& t : waiters) t.join();
  progress.finish();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  out << std::fixed << std::setprecision(1) << "batch: circuit=" << flags.get("circuit") << " proofs=" << done
      << " failed=" << failed << " wall=" << seconds << " s throughput=" << (60.0 * static_cast<double>(done) / seconds)
      << " proofs/min\n";
  samples.print(out);
  return failed == 0 ? 0 : 1;
}

int stress(Client& client, const cli::Flags& flags, std::ostream& out, std::ostream& err) {
  const double duration = std::strtod(flags.get("duration", "10").c_str(), nullptr);
  if (!(duration > 0 && duration <= 86400)) {
    err << "cuzk bench stress: --duration must be in (0, 86400] seconds\n";
    return 2;
  }
  // "id:priority,id:priority"
  std::vector<std::pair<std::string, v1::Priority>> mix;
  std::string spec = flags.get("mix", "synthetic-1024:low,synthetic-256:critical,synthetic-4096:normal");
  for (size_t begin = 0; begin <= spec.size();) {
    size_t end = spec.find(',', begin);
    if (end == std::string::npos) end = spec.size();
    const std::string item = spec.substr(begin, end - begin);
    const size_t colon = item.rfind(':');
    const auto p = colon == std::string::npos ? std::optional(v1::PRIORITY_UNSPECIFIED)
                                              : parse_priority_flag(item.substr(colon + 1));
    if (item.empty() || !p) {
      err << "cuzk bench stress: --mix item '" << item << "' is not circuit[:priority]\n";
      return 2;
    }
    mix.emplace_back(item.substr(0, colon), *p);
    begin = end + 1;
  }
  const size_t in_flight = std::max<size_t>(2, mix.size() * 2);
  const auto deadline = Clock::now() + std::chrono::duration<double>(duration);
  std::mutex mutex;
  std::map<std::string, std::vector<double>> latency;  // by "circuit:priority"
  std::atomic<size_t> done{0}, failed{0};
  Progress progress(out, 0);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < in_flight; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t + 1);
      while (Clock::now() < deadline) {
        const auto& [circuit, priority] = mix[rng() % mix.size()];
        const v1::ProveRequest req = prove_request(circuit, priority, std::to_string(rng()));
        grpc::ClientContext ctx;
        v1::ProveResponse response;
        const grpc::Status s = client.stub().Prove(&ctx, req, &response);
        std::lock_guard<std::mutex> lock(mutex);
        if (const std::string why = call_error(s, response.result()); why.empty()) {
          ++done;
          latency[circuit + ":" + v1::Priority_Name(priority)].push_back(
              static_cast<double>(response.result().timings().total_ms()));
        } else {
          ++failed;
          err << circuit << ": " << why << "\n";
        }
        progress.tick(done, failed);
      }
    });
  }
  for (auto& t : threads) t.join();
  progress.finish();
  out << std::fixed << std::setprecision(1) << "stress: " << done << " proofs, " << failed << " failed in " << duration
      << " s (" << (60.0 * static_cast<double>(done) / duration) << " proofs/min)\n";
  for (const auto& [key, samples] : latency) {
    out << "  " << key << ": " << samples.size() << " proofs, median latency " << std::setprecision(0) << median(samples)
        << " ms\n";
  }
  return failed == 0 ? 0 : 1;
}

std::string mib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

int status(Client& client, std::ostream& out, std::ostream& err) {
  grpc::ClientContext ctx;
  v1::GetStatusResponse s;
  const grpc::Status rpc = client.stub().GetStatus(&ctx, v1::GetStatusRequest(), &s);
  if (!rpc.ok()) {
    err << "cuzk bench status: " << grpc_error(rpc) << "\n";
    return 1;
  }
  out << "cuzk daemon " << s.version() << "\n  workers:\n";
  for (const auto& w : s.workers()) {
    out << "    " << w.name() << ": " << w.description() << "; " << (w.busy() ? "busy" : "idle") << ", " << w.proofs()
        << " proofs\n";
  }
  if (!s.gpu_note().empty()) out << "    (" << s.gpu_note() << ")\n";
  out << "  jobs: " << s.submitted() << " submitted, " << s.running() << " running, " << s.total_proofs_completed()
      << " done, " << s.total_proofs_failed() << " failed, " << s.cancelled() << " cancelled; "
      << s.retained_results() << " results kept for retries\n  queued:";
  for (const auto& q : s.priority_queues()) out << " " << v1::Priority_Name(q.priority()) << "=" << q.jobs();
  out << "\n  pinned: " << mib(s.pinned_memory_bytes()) << " of " << mib(s.pinned_memory_limit_bytes())
      << "; working memory: " << mib(s.working_used_bytes()) << " of " << mib(s.working_limit_bytes()) << "\n  srs:\n";
  for (const auto& srs : s.loaded_srs()) {
    std::string tier = v1::SRSStatus::Tier_Name(srs.tier());
    for (char& c : tier) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out << "    " << std::left << std::setw(5) << tier << " refs=" << srs.ref_count() << " " << mib(srs.size_bytes())
        << " load=" << std::fixed << std::setprecision(0) << srs.load_ms() << " ms  " << srs.path() << "\n";
  }
  out << "  circuits: " << s.circuits_size() << " registered (synthetic-<constraints>[x<partitions>] on demand)\n";
  return 0;
}

int srs_command(Client& client, std::string_view command, const cli::Flags& flags, std::ostream& out,
                std::ostream& err) {
  grpc::ClientContext ctx;
  grpc::Status s;
  if (command == "preload") {
    v1::PreloadSrsRequest req;
    req.set_circuit_id(flags.get("circuit"));
    v1::PreloadSrsResponse resp;
    s = client.stub().PreloadSRS(&ctx, req, &resp);
    if (s.ok()) {
      out << resp.circuit_id() << ": hot ("
          << (resp.already_loaded() ? "already loaded" : "loaded in " + std::to_string(resp.load_time_ms()) + " ms")
          << ")\n";
    }
  } else {
    v1::EvictSrsRequest req;
    req.set_circuit_id(flags.get("circuit"));
    v1::EvictSrsResponse resp;
    s = client.stub().EvictSRS(&ctx, req, &resp);
    if (s.ok()) out << resp.circuit_id() << ": evicted (" << mib(resp.freed_bytes()) << " freed)\n";
  }
  if (!s.ok()) err << "cuzk bench " << command << ": " << grpc_error(s) << "\n";
  return s.ok() ? 0 : 1;
}

}  // namespace

int run_bench_client(std::string_view command, std::span<const std::string_view> args, std::ostream& out,
                     std::ostream& err) {
  static constexpr cli::FlagSpec kSpecs[] = {{"addr", false},     {"circuit", false},  {"payload", false},
                                             {"priority", false}, {"count", false},    {"duration", false},
                                             {"mix", false},      {"vk", false},       {"proof-out", false},
                                             {"tls-ca", false},   {"tls-cert", false}, {"tls-key", false},
                                             {"token-file", false}};
  std::string error;
  const auto flags = cli::Flags::parse("bench " + std::string(command), args, kSpecs, &error);
  const bool needs_circuit = command == "single" || command == "batch" || command == "preload" || command == "evict";
  if (!flags || (needs_circuit && !flags->has("circuit"))) {
    err << (flags ? "cuzk bench " + std::string(command) + ": --circuit is required" : error)
        << "\nusage: cuzk bench single|batch|stress|status|preload|evict [--addr ADDRESS] [--circuit ID] …"
           " (see cuzk help)\n";
    return 2;
  }
  server::DaemonConfig target = server::default_config();
  if (flags->has("addr")) {
    if (Status s = server::set_listen(target, flags->get("addr")); !s.is_ok()) {
      err << "cuzk bench: --addr: " << s.message() << "\n";
      return 2;
    }
  }
  const ChannelSecurity security{flags->get("tls-ca"), flags->get("tls-cert"), flags->get("tls-key"),
                                 flags->get("token-file")};
  auto channel = daemon_channel(target.listen, security);
  if (!channel.is_ok()) {
    err << "cuzk bench: " << channel.status().message() << "\n";
    return 2;
  }
  Client client(*channel);
  if (command == "single") return single(client, *flags, out, err);
  if (command == "batch") return batch(client, *flags, out, err);
  if (command == "stress") return stress(client, *flags, out, err);
  if (command == "status") return status(client, out, err);
  return srs_command(client, command, *flags, out, err);
}

}  // namespace cuzk::cli
