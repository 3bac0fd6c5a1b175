// ProvingService: the gRPC face of an Engine (proto/cuzk/v1/proving.proto). Every RPC maps
// onto one engine call; engine Status codes map onto gRPC codes with the message kept.
#pragma once

#include <grpcpp/grpcpp.h>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"

namespace cuzk::server {

grpc::Status to_grpc(const Status& status);

class ProvingService final : public cuzk::v1::ProvingEngine::Service {
 public:
  explicit ProvingService(engine::Engine& engine) : engine_(engine) {}

  grpc::Status SubmitProof(grpc::ServerContext* ctx, const v1::ProofRequest* req, v1::SubmitProofResponse* out) override;
  grpc::Status AwaitProof(grpc::ServerContext* ctx, const v1::AwaitProofRequest* req, v1::ProofResult* out) override;
  grpc::Status Prove(grpc::ServerContext* ctx, const v1::ProveRequest* req, v1::ProofResult* out) override;
  grpc::Status CancelProof(grpc::ServerContext* ctx, const v1::CancelProofRequest* req,
                           v1::CancelProofResponse* out) override;
  grpc::Status GetStatus(grpc::ServerContext* ctx, const v1::GetStatusRequest* req, v1::GetStatusResponse* out) override;
  grpc::Status GetMetrics(grpc::ServerContext* ctx, const v1::GetMetricsRequest* req,
                          v1::GetMetricsResponse* out) override;
  grpc::Status PreloadSRS(grpc::ServerContext* ctx, const v1::PreloadSRSRequest* req,
                          v1::PreloadSRSResponse* out) override;
  grpc::Status EvictSRS(grpc::ServerContext* ctx, const v1::EvictSRSRequest* req, v1::EvictSRSResponse* out) override;

 private:
  grpc::Status await_job(grpc::ServerContext* ctx, engine::JobId id, uint64_t timeout_ms, v1::ProofResult* out);

  engine::Engine& engine_;
};

}  // namespace cuzk::server
