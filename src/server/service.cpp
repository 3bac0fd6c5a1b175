// ProvingService: request validation, engine calls, status-code mapping, on the callback API.
#include "server/service.hpp"

#include <chrono>

#include "server/await_reactor.hpp"

namespace cuzk::server {
namespace {

std::optional<engine::Priority> priority_from(v1::Priority p) {
  switch (p) {
    case v1::PRIORITY_CRITICAL: return engine::Priority::kCritical;
    case v1::PRIORITY_HIGH: return engine::Priority::kHigh;
    case v1::PRIORITY_NORMAL: return engine::Priority::kNormal;
    case v1::PRIORITY_LOW: return engine::Priority::kLow;
    default: return std::nullopt;
  }
}

Result<engine::JobRequest> job_request(const v1::ProofRequest& req) {
  if (req.circuit_id().empty()) return Status::invalid_argument("circuit_id is empty");
  if (req.priority() != v1::PRIORITY_UNSPECIFIED && !priority_from(req.priority())) {
    return Status::invalid_argument("priority " + std::to_string(static_cast<int>(req.priority())) + " is not a Priority");
  }
  engine::JobRequest out;
  out.circuit_id = req.circuit_id();
  out.priority = priority_from(req.priority());
  out.payload.assign(req.payload().begin(), req.payload().end());
  return out;
}

// A reactor that finishes at once with `status`.
grpc::ServerUnaryReactor* finished(grpc::CallbackServerContext* ctx, const grpc::Status& status) {
  grpc::ServerUnaryReactor* reactor = ctx->DefaultReactor();
  reactor->Finish(status);
  return reactor;
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

grpc::ServerUnaryReactor* ProvingService::SubmitProof(grpc::CallbackServerContext* ctx, const v1::ProofRequest* req,
                                                      v1::SubmitProofResponse* out) {
  auto request = job_request(*req);
  if (!request.is_ok()) return finished(ctx, to_grpc(request.status()));
  auto id = engine_.submit(std::move(request).value());
  if (!id.is_ok()) return finished(ctx, to_grpc(id.status()));
  out->set_job_id(*id);
  return finished(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ProvingService::await_job(grpc::CallbackServerContext*, engine::JobId id, uint64_t timeout_ms,
                                                    v1::ProofResult* out) {
  auto* reactor = new AwaitReactor(engine_, timer_, id, out);
  reactor->start(timeout_ms);
  return reactor;
}

grpc::ServerUnaryReactor* ProvingService::AwaitProof(grpc::CallbackServerContext* ctx,
                                                     const v1::AwaitProofRequest* req, v1::ProofResult* out) {
  return await_job(ctx, req->job_id(), req->timeout_ms(), out);
}

grpc::ServerUnaryReactor* ProvingService::Prove(grpc::CallbackServerContext* ctx, const v1::ProveRequest* req,
                                                v1::ProofResult* out) {
  auto request = job_request(req->request());
  if (!request.is_ok()) return finished(ctx, to_grpc(request.status()));
  auto id = engine_.submit(std::move(request).value());
  if (!id.is_ok()) return finished(ctx, to_grpc(id.status()));
  return await_job(ctx, *id, req->timeout_ms(), out);
}

grpc::ServerUnaryReactor* ProvingService::CancelProof(grpc::CallbackServerContext* ctx,
                                                      const v1::CancelProofRequest* req, v1::CancelProofResponse*) {
  return finished(ctx, to_grpc(engine_.cancel(req->job_id())));
}

grpc::ServerUnaryReactor* ProvingService::GetStatus(grpc::CallbackServerContext* ctx, const v1::GetStatusRequest*,
                                                    v1::GetStatusResponse* out) {
  const engine::EngineStatus s = engine_.status();
  out->set_version(CUZK_VERSION);
  for (const auto& w : s.workers) {
    auto* o = out->add_workers();
    o->set_name(w.name);
    o->set_busy(w.busy);
    o->set_proofs(w.proofs);
    o->set_description(w.description);
  }
  out->set_gpu_note(s.gpu_note);
  for (const auto& srs : s.srs) {
    auto* o = out->add_srs();
    o->set_path(srs.path);
    o->set_circuit_id(srs.circuit_id);
    o->set_tier(std::string(engine::srs_tier_name(srs.tier)));
    o->set_refcount(static_cast<uint32_t>(srs.refcount));
    o->set_bytes(srs.bytes);
    o->set_load_ms(srs.load_ms);
  }
  for (size_t p = 0; p < s.queued.size(); ++p) {
    auto* q = out->add_queues();
    q->set_priority(std::string(engine::priority_name(static_cast<engine::Priority>(p))));
    q->set_jobs(s.queued[p]);
  }
  out->set_submitted(s.submitted);
  out->set_done(s.done);
  out->set_failed(s.failed);
  out->set_cancelled(s.cancelled);
  out->set_running(s.running);
  out->set_pinned_used_bytes(s.pinned_used);
  out->set_pinned_limit_bytes(s.pinned_limit);
  out->set_working_used_bytes(s.working_used);
  out->set_working_limit_bytes(s.working_limit);
  for (const auto& c : s.circuits) out->add_circuits(c);
  return finished(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ProvingService::GetMetrics(grpc::CallbackServerContext* ctx, const v1::GetMetricsRequest*,
                                                     v1::GetMetricsResponse* out) {
  out->set_text(engine_.metrics_text());
  return finished(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ProvingService::PreloadSRS(grpc::CallbackServerContext* ctx,
                                                     const v1::PreloadSRSRequest* req, v1::PreloadSRSResponse* out) {
  if (Status s = engine_.preload(req->circuit_id()); !s.is_ok()) return finished(ctx, to_grpc(s));
  for (const auto& srs : engine_.status().srs) {
    if (srs.circuit_id == req->circuit_id()) {
      out->set_tier(std::string(engine::srs_tier_name(srs.tier)));
      out->set_load_ms(srs.load_ms);
    }
  }
  return finished(ctx, grpc::Status::OK);
}

grpc::ServerUnaryReactor* ProvingService::EvictSRS(grpc::CallbackServerContext* ctx, const v1::EvictSRSRequest* req,
                                                   v1::EvictSRSResponse*) {
  return finished(ctx, to_grpc(engine_.evict(req->circuit_id())));
}

}  // namespace cuzk::server
