// ProvingService: the gRPC face of an Engine (proto/cuzk/v1/proving.proto, wire-compatible
// with Curio's client), on gRPC's callback API. Requests go through proof_request (Curio's
// proof kinds → circuit ids and payloads) and the RequestRegistry (request ids as idempotency
// keys) to the engine; a Prove or AwaitProof that waits holds no thread — the registry's
// waiter finishes the call, one shared timer ends calls whose timeout_ms passes (in-band
// TIMEOUT), and a client that goes away drops its wait (the job goes on, its result is kept
// for a retry; a Prove without request id, whose job nobody else can know, cancels it). Every
// call is identified first (CallerIdentity: the unix peer's uid, or an authenticated TCP
// client): jobs belong to their caller. GetStatus answers with summaries and at most
// `list_limit` circuits and parameter files a call; what each worker proves now (its jobs'
// request ids where the caller may see them, their kind) and each GPU's memory. No handler
// waits: PreloadSRS and EvictSRS are answered from the engine's parameter thread (concurrent
// preloads of one circuit are one load), a submission from its validator. Job outcomes come
// in-band (COMPLETED / FAILED / CANCELLED / TIMEOUT); gRPC status codes only for calls that
// cannot become a job (the proto's header lists them). Requests refused at submission are
// counted by reason (metrics_text()).
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <set>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"
#include "server/caller_identity.hpp"
#include "server/deadline_timer.hpp"
#include "server/request_ids.hpp"

namespace cuzk::server {

// An engine Status as a gRPC status, the message kept.
grpc::Status to_grpc(const Status& status);

class ProvingService final : public cuzk::v1::ProvingEngine::CallbackService {
 public:
  // `engine` outlives the service; its catalog is read once, here.
  ProvingService(engine::Engine& engine, RequestRegistryOptions options, CallerIdentity identity);
  // Registers the service on `builder`, with the interceptor that answers unparsable requests
  // and unknown methods with a message (server/request_parse_errors.hpp).
  void add_to(grpc::ServerBuilder& builder);

  grpc::ServerUnaryReactor* SubmitProof(grpc::CallbackServerContext* ctx, const v1::SubmitProofRequest* req,
                                        v1::SubmitProofResponse* out) override;
  grpc::ServerUnaryReactor* AwaitProof(grpc::CallbackServerContext* ctx, const v1::AwaitProofRequest* req,
                                       v1::AwaitProofResponse* out) override;
  grpc::ServerUnaryReactor* Prove(grpc::CallbackServerContext* ctx, const v1::ProveRequest* req,
                                  v1::ProveResponse* out) override;
  grpc::ServerUnaryReactor* CancelProof(grpc::CallbackServerContext* ctx, const v1::CancelProofRequest* req,
                                        v1::CancelProofResponse* out) override;
  grpc::ServerUnaryReactor* GetStatus(grpc::CallbackServerContext* ctx, const v1::GetStatusRequest* req,
                                      v1::GetStatusResponse* out) override;
  grpc::ServerUnaryReactor* GetMetrics(grpc::CallbackServerContext* ctx, const v1::GetMetricsRequest* req,
                                       v1::GetMetricsResponse* out) override;
  grpc::ServerUnaryReactor* PreloadSRS(grpc::CallbackServerContext* ctx, const v1::PreloadSrsRequest* req,
                                       v1::PreloadSrsResponse* out) override;
  grpc::ServerUnaryReactor* EvictSRS(grpc::CallbackServerContext* ctx, const v1::EvictSrsRequest* req,
                                     v1::EvictSrsResponse* out) override;

  // Prometheus text: the engine's metrics and the requests refused at submission, by reason
  // (GetMetrics, and the daemon's HTTP /metrics).
  std::string metrics_text() const;

 private:
  // The engine job a request asks for, or why it cannot be one (see proof_request.hpp).
  Result<engine::JobRequest> translate(const v1::SubmitProofRequest& req) const;

  engine::Engine& engine_;
  const CallerIdentity identity_;
  RequestRegistry registry_;
  DeadlineTimer timer_;
  const std::set<std::string> circuits_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace cuzk::server
