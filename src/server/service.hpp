// ProvingService: the gRPC face of an Engine (proto/cuzk/v1/proving.proto), on gRPC's callback
// API: a Prove or AwaitProof that waits for its job holds no thread — the engine's completion
// callback (Engine::on_done) finishes the call, one shared timer ends calls whose timeout_ms
// passes, and a client that goes away drops its wait (the job goes on, its result stays to be
// awaited). Every RPC maps onto one engine call; engine Status codes map onto gRPC codes with
// the message kept; proofs and public inputs are encoded here, in the circuit's encoding.
#pragma once

#include <grpcpp/grpcpp.h>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"
#include "server/deadline_timer.hpp"

namespace cuzk::server {

grpc::Status to_grpc(const Status& status);

class ProvingService final : public cuzk::v1::ProvingEngine::CallbackService {
 public:
  explicit ProvingService(engine::Engine& engine) : engine_(engine) {}

  grpc::ServerUnaryReactor* SubmitProof(grpc::CallbackServerContext* ctx, const v1::ProofRequest* req,
                                        v1::SubmitProofResponse* out) override;
  grpc::ServerUnaryReactor* AwaitProof(grpc::CallbackServerContext* ctx, const v1::AwaitProofRequest* req,
                                       v1::ProofResult* out) override;
  grpc::ServerUnaryReactor* Prove(grpc::CallbackServerContext* ctx, const v1::ProveRequest* req,
                                  v1::ProofResult* out) override;
  grpc::ServerUnaryReactor* CancelProof(grpc::CallbackServerContext* ctx, const v1::CancelProofRequest* req,
                                        v1::CancelProofResponse* out) override;
  grpc::ServerUnaryReactor* GetStatus(grpc::CallbackServerContext* ctx, const v1::GetStatusRequest* req,
                                      v1::GetStatusResponse* out) override;
  grpc::ServerUnaryReactor* GetMetrics(grpc::CallbackServerContext* ctx, const v1::GetMetricsRequest* req,
                                       v1::GetMetricsResponse* out) override;
  grpc::ServerUnaryReactor* PreloadSRS(grpc::CallbackServerContext* ctx, const v1::PreloadSRSRequest* req,
                                       v1::PreloadSRSResponse* out) override;
  grpc::ServerUnaryReactor* EvictSRS(grpc::CallbackServerContext* ctx, const v1::EvictSRSRequest* req,
                                     v1::EvictSRSResponse* out) override;

 private:
  grpc::ServerUnaryReactor* await_job(grpc::CallbackServerContext* ctx, engine::JobId id, uint64_t timeout_ms,
                                      v1::ProofResult* out);

  engine::Engine& engine_;
  DeadlineTimer timer_;
};

}  // namespace cuzk::server
