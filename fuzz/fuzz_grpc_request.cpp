// libFuzzer target: what the daemon does with a request's bytes before a job exists, without a
// network. The input is parsed as each request message the service decodes
// (SubmitProofRequest, ProveRequest, AwaitProofRequest, CancelProofRequest, PreloadSrsRequest);
// a SubmitProofRequest (bare, or ProveRequest.submit) then takes the service's path:
// check_request, job_request (Curio's proof kinds → circuit ids and payloads, proof_request.cpp),
// request_digest, and the engine's checks — the circuit looked up in the daemon's real kind
// catalog (Engine::submit) and its validate(payload) (the engine's validation stage).
// AwaitProof's and CancelProof's job ids go to the request registry over a real engine (CPU
// prover, nothing ever submitted), as the service passes them.
//
// Invariants checked:
//   * every refusal is INVALID_ARGUMENT (the catalog: NOT_FOUND for an unknown circuit,
//     OUT_OF_MEMORY for a payload too large to hold) with a message of at most kMaxMessageBytes
//     (a client's bytes are never echoed whole into an answer or a log line);
//   * an accepted request names a circuit the daemon has (CIRCUIT: the id asked for), keeps the
//     priority asked for, and carries the request's payload: PoRep's Commit-1 bytes as they
//     came, PoSt's and SnapDeals' values and vanilla proofs in a VanillaPayload that decodes
//     back to them;
//   * the digest ignores request_id and priority and survives a serialize/parse round trip;
//   * an id the registry does not know is NOT_FOUND, whatever its bytes or length;
//   * Curio's parameter names map to circuit ids idempotently.
#include <google/protobuf/stubs/logging.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "backend/prover_factory.hpp"
#include "cuzk/v1/proving.pb.h"
#include "engine/engine.hpp"
#include "fuzz_util.hpp"
#include "kinds/catalog.hpp"
#include "kinds/vanilla_payload.hpp"
#include "server/caller.hpp"
#include "server/proof_request.hpp"
#include "server/request_ids.hpp"

using namespace cuzk;

namespace {

// The longest answer a refusal may carry (the engine echoes circuit ids of up to 256 bytes).
constexpr size_t kMaxMessageBytes = 2048;

void check_refusal(const Status& s) {
  FUZZ_CHECK(!s.is_ok());
  FUZZ_CHECK(s.code() == StatusCode::kInvalidArgument || s.code() == StatusCode::kNotFound ||
             s.code() == StatusCode::kOutOfMemory);
  FUZZ_CHECK(!s.message().empty());
  FUZZ_CHECK(s.message().size() <= kMaxMessageBytes);
}

// The daemon's parts the service's path reaches: its catalog with the default synthetic
// circuits and no parameter files (validation reads none; generated parameters would go to a
// per-process folder that stays empty), an engine over it, the request registry. Made once,
// never destroyed (the engine's threads outlive the last input).
struct Daemon {
  std::shared_ptr<engine::CircuitCatalog> catalog;
  std::unique_ptr<engine::Engine> engine;
  std::unique_ptr<server::RequestRegistry> registry;
};

Daemon& daemon_parts() {
  static Daemon* const instance = [] {
    auto* d = new Daemon;
    kinds::KindsConfig kinds;
    kinds.params.generated_dir =
        (std::filesystem::temp_directory_path() / ("cuzk-fuzz-grpc-" + std::to_string(::getpid()))).string();
    kinds.synthetic_ids = {"synthetic-1024", "synthetic-4096"};
    auto catalog = kinds::make_catalog(kinds);
    FUZZ_CHECK(catalog.is_ok());
    d->catalog = *catalog;
    engine::EngineConfig config;
    config.synthesis_threads = 1;
    config.prover_threads = 1;
    config.log = [](engine::LogLevel, std::string_view) {};
    auto made = engine::Engine::create(config, engine::EngineParts{d->catalog, [](ThreadPool& pool, std::string*) {
                                                                     std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                                                     out.push_back(backend::make_cpu_prover(pool));
                                                                     return out;
                                                                   }});
    FUZZ_CHECK(made.is_ok());
    d->engine = std::move(made).value();
    d->registry = std::make_unique<server::RequestRegistry>(*d->engine, server::RequestRegistryOptions{});
    return d;
  }();
  return *instance;
}

engine::CircuitCatalog& catalog() { return *daemon_parts().catalog; }

bool has_circuit(const std::string& id) { return catalog().find(id) != nullptr; }

// AwaitProof and CancelProof of an id no job ever had, from a client on the unix socket.
void unknown_job(const std::string& id) {
  static const server::Caller kCaller{"uid:1000", false};
  server::RequestRegistry& registry = *daemon_parts().registry;
  Result<uint64_t> waited =
      registry.wait(kCaller, id, [](const server::RequestRegistry::Outcome&) { FUZZ_CHECK(false); });
  check_refusal(waited.status());
  FUZZ_CHECK(waited.status().code() == StatusCode::kNotFound);
  const Status cancelled = registry.cancel(kCaller, id);
  check_refusal(cancelled);
  FUZZ_CHECK(cancelled.code() == StatusCode::kNotFound);
}

std::vector<uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

std::array<uint8_t, 32> bytes32_or_zero(const std::string& s) {
  std::array<uint8_t, 32> out{};
  if (s.size() == 32) std::copy(s.begin(), s.end(), out.begin());
  return out;
}

// The payload of an accepted PoSt or SnapDeals request decodes to the request's values.
void check_vanilla_payload(const v1::SubmitProofRequest& req, const engine::JobRequest& job) {
  Result<kinds::VanillaPayload> p = kinds::decode_vanilla_payload(job.payload, static_cast<uint64_t>(req.vanilla_proofs_size()));
  FUZZ_CHECK(p.is_ok());
  FUZZ_CHECK(p->registered_proof == req.registered_proof());
  FUZZ_CHECK(p->miner_id == req.miner_id());
  FUZZ_CHECK(p->partition_index == req.partition_index());
  FUZZ_CHECK(p->proofs.size() == static_cast<size_t>(req.vanilla_proofs_size()));
  for (int i = 0; i < req.vanilla_proofs_size(); ++i) FUZZ_CHECK(p->proofs[i] == bytes_of(req.vanilla_proofs(i)));
  if (req.proof_kind() == v1::SNAP_DEALS_UPDATE) {
    FUZZ_CHECK(p->comm_r_old == bytes32_or_zero(req.comm_r_old()));
    FUZZ_CHECK(p->comm_r_new == bytes32_or_zero(req.comm_r_new()));
    FUZZ_CHECK(p->comm_d_new == bytes32_or_zero(req.comm_d_new()));
  } else {
    FUZZ_CHECK(p->randomness == bytes32_or_zero(req.randomness()));
  }
}

// The service's path for one SubmitProofRequest, up to the engine's queue.
void submit_path(const v1::SubmitProofRequest& req) {
  const gadgets::Sha256Digest digest = server::request_digest(req);
  v1::SubmitProofRequest again;
  FUZZ_CHECK(again.ParseFromString(req.SerializeAsString()));
  again.clear_request_id();
  again.clear_priority();
  FUZZ_CHECK(server::request_digest(again) == digest);

  if (Status s = server::check_request(req); !s.is_ok()) {
    check_refusal(s);
    FUZZ_CHECK(s.code() == StatusCode::kInvalidArgument);
    return;
  }
  Result<engine::JobRequest> job = server::job_request(req, has_circuit);
  if (!job.is_ok()) {
    check_refusal(job.status());
    FUZZ_CHECK(job.status().code() == StatusCode::kInvalidArgument);
    return;
  }
  FUZZ_CHECK(!job->circuit_id.empty());
  FUZZ_CHECK(job->priority.has_value() == (req.priority() != v1::PRIORITY_UNSPECIFIED));
  switch (req.proof_kind()) {
    case v1::CIRCUIT:
      FUZZ_CHECK(job->circuit_id == req.circuit_id());
      FUZZ_CHECK(job->payload == bytes_of(req.payload()));
      break;
    case v1::POREP_SEAL_COMMIT:
      FUZZ_CHECK(has_circuit(job->circuit_id));
      FUZZ_CHECK(job->payload == bytes_of(req.vanilla_proof()));
      break;
    default:
      FUZZ_CHECK(has_circuit(job->circuit_id));
      check_vanilla_payload(req, *job);
  }

  // The engine's checks: the circuit (Engine::submit), then its kind's validation of the payload
  // (the engine's validation stage).
  std::shared_ptr<const engine::CircuitDef> circuit = catalog().find(job->circuit_id);
  if (circuit == nullptr) {
    FUZZ_CHECK(req.proof_kind() == v1::CIRCUIT);
    return;
  }
  Result<engine::ValidatedPayload> validated = circuit->validate(job->payload, ThreadPool::shared());
  if (!validated.is_ok()) {
    check_refusal(validated.status());
    return;
  }
  FUZZ_CHECK(validated->partitions >= 1);
}

void curio_name(const std::string& name) {
  const std::string id = server::circuit_id_from_curio_name(name);
  FUZZ_CHECK(server::circuit_id_from_curio_name(id) == id);
}

}  // namespace

// The catalog computes its Filecoin circuits' sizes once (about 80 s under ASan on 2 cores):
// here, before libFuzzer's per-input timeout runs. Protobuf's complaints about invalid UTF-8 in
// string fields (the service gets the same parse failure, silently) are not printed.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  daemon_parts();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const int n = static_cast<int>(size);
  if (v1::SubmitProofRequest submit; submit.ParseFromArray(data, n)) submit_path(submit);
  if (v1::ProveRequest prove; prove.ParseFromArray(data, n) && prove.has_submit()) submit_path(prove.submit());
  if (v1::AwaitProofRequest await; await.ParseFromArray(data, n)) unknown_job(await.job_id());
  if (v1::CancelProofRequest cancel; cancel.ParseFromArray(data, n)) unknown_job(cancel.job_id());
  if (v1::PreloadSrsRequest preload; preload.ParseFromArray(data, n)) curio_name(preload.circuit_id());
  return 0;
}
