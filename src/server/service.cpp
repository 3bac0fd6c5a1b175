// ProvingService: request checks, translation, the registry, status-code mapping.
#include "server/service.hpp"

#include <charconv>

#include "engine/metrics.hpp"
#include "server/await_reactor.hpp"
#include "server/proof_request.hpp"
#include "server/request_parse_errors.hpp"
#include "server/submit_reactor.hpp"

namespace cuzk::server {
namespace {

// GetStatus's circuits and loaded_srs: entries a call returns when list_limit is 0, and at most.
constexpr size_t kStatusListLimit = 100;
constexpr size_t kStatusListMax = 1000;

// A reactor that finishes at once with `status`.
grpc::ServerUnaryReactor* finished(grpc::CallbackServerContext* ctx, const grpc::Status& status) {
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  reactor->Finish(status);
  return reactor;
}

// An in-band FAILED answer for a request that never became a job.
grpc::ServerUnaryReactor* failed_in_band(grpc::CallbackServerContext* ctx, const std::string& id, const Status& why,
                                         v1::AwaitProofResponse* out) {
  engine::JobResult refused;
  refused.status = why;
  fill_response(refused, id, out);
  return finished(ctx, grpc::Status::OK);
}

v1::Priority to_proto(engine::Priority p) {
  switch (p) {
    case engine::Priority::kCritical: return v1::CRITICAL;
    case engine::Priority::kHigh: return v1::HIGH;
    case engine::Priority::kNormal: return v1::NORMAL;
    case engine::Priority::kLow: return v1::LOW;
  }
  return v1::PRIORITY_UNSPECIFIED;
}

v1::SRSStatus::Tier to_proto(engine::SrsTier t) {
  switch (t) {
    case engine::SrsTier::kHot: return v1::SRSStatus::HOT;
    case engine::SrsTier::kWarm: return v1::SRSStatus::WARM;
    case engine::SrsTier::kCold: return v1::SRSStatus::COLD;
  }
  return v1::SRSStatus::COLD;
}

// The SRS entry a circuit loaded, if the engine knows one.
std::optional<engine::SrsInfo> srs_of(const engine::EngineStatus& s, const std::string& circuit_id) {
  for (const auto& srs : s.srs) {
    if (srs.circuit_id == circuit_id) return srs;
  }
  return std::nullopt;
}

std::set<std::string> circuit_set(const engine::Engine& engine) {
  const std::vector<std::string> ids = engine.status().circuits;
  return {ids.begin(), ids.end()};
}

}  // namespace

grpc::Status to_grpc(const Status& status) {
  using grpc::StatusCode;
  StatusCode code = StatusCode::INTERNAL;
  switch (status.code()) {
    case cuzk::StatusCode::kOk: return grpc::Status::OK;
    case cuzk::StatusCode::kInvalidArgument:
    case cuzk::StatusCode::kUnsatisfiable: code = StatusCode::INVALID_ARGUMENT; break;
    case cuzk::StatusCode::kOutOfMemory: code = StatusCode::RESOURCE_EXHAUSTED; break;
    case cuzk::StatusCode::kCancelled: code = StatusCode::CANCELLED; break;
    case cuzk::StatusCode::kDeadlineExceeded: code = StatusCode::DEADLINE_EXCEEDED; break;
    case cuzk::StatusCode::kNotFound: code = StatusCode::NOT_FOUND; break;
    case cuzk::StatusCode::kFailedPrecondition: code = StatusCode::FAILED_PRECONDITION; break;
    case cuzk::StatusCode::kUnavailable: code = StatusCode::UNAVAILABLE; break;
    case cuzk::StatusCode::kDeviceError:
    case cuzk::StatusCode::kInternal: code = StatusCode::INTERNAL; break;
  }
  return {code, status.to_string()};
}

ProvingService::ProvingService(engine::Engine& engine, RequestRegistryOptions options, CallerIdentity identity)
    : engine_(engine), identity_(std::move(identity)), registry_(engine, options), circuits_(circuit_set(engine)) {}

void ProvingService::add_to(grpc::ServerBuilder& builder) {
  builder.RegisterService(this);
  builder.experimental().SetInterceptorCreators(request_parse_error_interceptors());
}

Result<engine::JobRequest> ProvingService::translate(const v1::SubmitProofRequest& req) const {
  return job_request(req, [this](const std::string& id) { return circuits_.count(id) != 0; });
}

grpc::ServerUnaryReactor* ProvingService::SubmitProof(grpc::CallbackServerContext* ctx,
                                                      const v1::SubmitProofRequest* req, v1::SubmitProofResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) {
    registry_.count_refusal(Refusal::kUnauthenticated);
    return finished(ctx, s);
  }
  if (Status s = check_request(*req); !s.is_ok()) {
    registry_.count_refusal(Refusal::kInvalidRequest);
    return finished(ctx, to_grpc(s));
  }
  auto request = translate(*req);
  if (!request.is_ok()) {
    registry_.count_refusal(Refusal::kInvalidRequest);
    return finished(ctx, to_grpc(request.status()));
  }
  const size_t queued_before = [&] {
    const engine::EngineStatus s = engine_.status();
    size_t n = s.validating;
    for (size_t q : s.queued) n += q;
    return n;
  }();
  // Answered once the engine has validated the payload (a refusal is the call's error).
  auto* reactor = new SubmitReactor(out, static_cast<uint32_t>(queued_before));
  reactor->start([&](RequestRegistry::Validated validated) {
    return registry_.submit(caller, req->request_id(), request_digest(*req), std::move(request).value(), nullptr,
                            false, std::move(validated));
  });
  return reactor;
}

grpc::ServerUnaryReactor* ProvingService::AwaitProof(grpc::CallbackServerContext* ctx,
                                                     const v1::AwaitProofRequest* req, v1::AwaitProofResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) return finished(ctx, s);
  auto* reactor = new AwaitReactor(registry_, timer_, caller, req->job_id(), out);
  const std::string id = req->job_id();
  reactor->start(
      [this, caller, id](RequestRegistry::Waiter waiter) { return registry_.wait(caller, id, std::move(waiter)); },
      req->timeout_ms());
  return reactor;
}

grpc::ServerUnaryReactor* ProvingService::Prove(grpc::CallbackServerContext* ctx, const v1::ProveRequest* req,
                                                v1::ProveResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) {
    registry_.count_refusal(Refusal::kUnauthenticated);
    return finished(ctx, s);
  }
  if (!req->has_submit()) {
    registry_.count_refusal(Refusal::kInvalidRequest);
    return finished(ctx, {grpc::StatusCode::INVALID_ARGUMENT, "missing submit field"});
  }
  const v1::SubmitProofRequest& submit = req->submit();
  if (Status s = check_request(submit); !s.is_ok()) {
    registry_.count_refusal(Refusal::kInvalidRequest);
    return finished(ctx, to_grpc(s));
  }
  // Without a request id nobody else can know the job: the caller's going away cancels it.
  const bool private_id = submit.request_id().empty();
  const std::string id = private_id ? make_uuid() : submit.request_id();
  auto request = translate(submit);
  if (!request.is_ok()) {
    registry_.count_refusal(Refusal::kInvalidRequest);
    return failed_in_band(ctx, id, request.status(), out->mutable_result());
  }
  const gadgets::Sha256Digest digest = request_digest(submit);
  // gRPC keeps the request until the call finishes, which for a Prove is when its proof is
  // done: the job has the payload, so the message's copy (up to max_message_mib) goes now.
  // gRPC allocated the message mutable; the handler is only handed a const view of it.
  const_cast<v1::ProveRequest*>(req)->clear_submit();
  auto* reactor = new AwaitReactor(registry_, timer_, caller, id, out->mutable_result());
  reactor->start(
      [this, caller, id, digest, private_id, &request](RequestRegistry::Waiter waiter) -> Result<uint64_t> {
        RequestRegistry::Waiter refused = waiter;
        auto submitted =
            registry_.submit(caller, id, digest, std::move(request).value(), std::move(waiter), private_id);
        if (submitted.is_ok()) return submitted->token;
        // Shutting down, or over an admission limit: a gRPC status, so the client retries later.
        const StatusCode code = submitted.status().code();
        if (code == StatusCode::kUnavailable || code == StatusCode::kOutOfMemory) return submitted.status();
        // Refused before a job existed (an unknown circuit, a payload over the size limit):
        // FAILED. A payload the engine's validation rejects comes to the waiter as a FAILED
        // outcome.
        engine::JobResult why;
        why.status = submitted.status();
        refused(std::make_shared<const engine::JobResult>(std::move(why)), false);
        return uint64_t{0};
      },
      req->timeout_ms());
  return reactor;
}

grpc::ServerUnaryReactor* ProvingService::CancelProof(grpc::CallbackServerContext* ctx,
                                                      const v1::CancelProofRequest* req, v1::CancelProofResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) return finished(ctx, s);
  const Status s = registry_.cancel(caller, req->job_id());
  if (!s.is_ok()) return finished(ctx, to_grpc(s));
  out->set_was_running(true);
  return finished(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ProvingService::GetStatus(grpc::CallbackServerContext* ctx,
                                                    const v1::GetStatusRequest* req, v1::GetStatusResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) return finished(ctx, s);
  const engine::EngineStatus s = engine_.status();
  // The lists that grow with the deployment (parameter files, circuits) come a page at a time.
  const size_t offset = req->list_offset();
  const size_t limit = req->list_limit() == 0 ? kStatusListLimit : std::min<size_t>(req->list_limit(), kStatusListMax);
  auto in_page = [&](size_t index) { return index >= offset && index - offset < limit; };
  for (const auto& w : s.workers) {
    // What it proves now: the request ids this caller may see, and their kind (anyone's).
    const std::vector<std::string> job_ids = registry_.request_ids(caller, w.jobs);
    const std::string kind = w.busy ? engine::curio_kind_name(w.kind) : std::string();
    auto* o = out->add_workers();
    o->set_name(w.name);
    o->set_busy(w.busy);
    o->set_proofs(w.proofs);
    o->set_description(w.description);
    for (const std::string& id : job_ids) o->add_job_ids(id);
    o->set_proof_kind(kind);
    uint32_t ordinal = 0;
    const std::string_view name = w.name;
    if (!name.starts_with("cuda:") ||
        std::from_chars(name.data() + 5, name.data() + name.size(), ordinal).ec != std::errc()) {
      continue;
    }
    auto* g = out->add_gpus();
    g->set_ordinal(ordinal);
    g->set_name(w.description.substr(0, w.description.find(',')));  // "<device>, <memory>, …"
    g->set_vram_total_bytes(w.memory.total_bytes);
    g->set_vram_free_bytes(w.memory.free_bytes);
    if (!job_ids.empty()) g->set_current_job_id(job_ids.front());
    g->set_current_proof_kind(kind);
    g->set_busy(w.busy);
    g->set_proofs(w.proofs);
    g->set_description(w.description);
  }
  for (size_t i = 0; i < s.srs.size(); ++i) {
    if (!in_page(i)) continue;
    const engine::SrsInfo& srs = s.srs[i];
    auto* o = out->add_loaded_srs();
    o->set_circuit_id(srs.circuit_id);
    o->set_tier(to_proto(srs.tier));
    o->set_size_bytes(srs.bytes);
    o->set_ref_count(static_cast<uint32_t>(srs.refcount));
    o->set_path(srs.path);
    o->set_load_ms(srs.load_ms);
  }
  for (const auto& [kind, load] : s.by_kind) {
    auto* q = out->add_queues();
    q->set_proof_kind(engine::curio_kind_name(kind));
    q->set_pending(static_cast<uint32_t>(load.queued));
    q->set_in_progress(static_cast<uint32_t>(load.running));
  }
  out->set_total_proofs_completed(s.done);
  out->set_total_proofs_failed(s.failed);
  out->set_uptime_seconds(static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started_).count()));
  out->set_pinned_memory_bytes(s.pinned_used);
  out->set_pinned_memory_limit_bytes(s.pinned_limit);

  out->set_version(CUZK_VERSION);
  out->set_gpu_note(s.gpu_note);
  for (size_t p = 0; p < s.queued.size(); ++p) {
    auto* q = out->add_priority_queues();
    q->set_priority(to_proto(static_cast<engine::Priority>(p)));
    q->set_jobs(s.queued[p]);
  }
  out->set_submitted(s.submitted);
  out->set_cancelled(s.cancelled);
  out->set_running(s.running);
  out->set_working_used_bytes(s.working_used);
  out->set_working_limit_bytes(s.working_limit);
  for (size_t i = 0; i < s.circuits.size(); ++i) {
    if (in_page(i)) out->add_circuits(s.circuits[i]);
  }
  out->set_loaded_srs_total(s.srs.size());
  out->set_circuits_total(s.circuits.size());
  out->set_retained_results(registry_.retained());
  const RequestRegistry::Admitted admitted = registry_.admitted();
  out->set_admitted_jobs(admitted.jobs);
  out->set_admitted_payload_bytes(admitted.bytes);
  return finished(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ProvingService::GetMetrics(grpc::CallbackServerContext* ctx, const v1::GetMetricsRequest*,
                                                     v1::GetMetricsResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) return finished(ctx, s);
  out->set_prometheus_text(metrics_text());
  return finished(ctx, grpc::Status::OK);
}

std::string ProvingService::metrics_text() const { return engine_.metrics_text() + registry_.refusals().render(); }

grpc::ServerUnaryReactor* ProvingService::PreloadSRS(grpc::CallbackServerContext* ctx,
                                                     const v1::PreloadSrsRequest* req, v1::PreloadSrsResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) return finished(ctx, s);
  const std::string id = circuit_id_from_curio_name(req->circuit_id());
  const auto before = srs_of(engine_.status(), id);
  const bool hot = before && before->tier == engine::SrsTier::kHot;
  const auto begin = std::chrono::steady_clock::now();
  // Loaded (or generated) on the engine's parameter thread; the call is answered from there.
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  engine_.preload_async(id, [reactor, out, id, hot, begin](const Status& s) {
    if (!s.is_ok()) return reactor->Finish(to_grpc(s));
    out->set_circuit_id(id);
    out->set_already_loaded(hot);
    if (!hot) {
      out->set_load_time_ms(static_cast<uint64_t>(
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begin).count()));
    }
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

grpc::ServerUnaryReactor* ProvingService::EvictSRS(grpc::CallbackServerContext* ctx, const v1::EvictSrsRequest* req,
                                                   v1::EvictSrsResponse* out) {
  Caller caller;
  if (grpc::Status s = identity_.identify(*ctx, &caller); !s.ok()) return finished(ctx, s);
  const std::string id = circuit_id_from_curio_name(req->circuit_id());
  const auto before = srs_of(engine_.status(), id);
  const bool was_loaded = before && before->tier != engine::SrsTier::kCold;
  const uint64_t bytes = before ? before->bytes : 0;
  // Dropping device copies may wait for a proof on that device: on the engine's parameter thread.
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  engine_.evict_async(id, [reactor, out, id, was_loaded, bytes](const Status& s) {
    if (!s.is_ok()) return reactor->Finish(to_grpc(s));
    out->set_circuit_id(id);
    out->set_was_loaded(was_loaded);
    out->set_freed_bytes(bytes);
    reactor->Finish(grpc::Status::OK);
  });
  return reactor;
}

}  // namespace cuzk::server
