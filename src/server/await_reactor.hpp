// AwaitReactor: one waiting Prove/AwaitProof call. It registers for the job's completion with
// the engine and, with a timeout, for a deadline with the service's timer; whichever of
// completion, deadline or the client's going away comes first finishes the call, exactly once,
// and withdraws the others. Deletes itself when gRPC is done with it.
#pragma once

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>

#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"
#include "server/deadline_timer.hpp"

namespace cuzk::server {

// Fills a ProofResult from a finished job (proofs in the circuit's encoding, decimal inputs).
void fill_result(const engine::JobResult& r, v1::ProofResult* out);

class AwaitReactor final : public grpc::ServerUnaryReactor {
 public:
  AwaitReactor(engine::Engine& engine, DeadlineTimer& timer, engine::JobId id, v1::ProofResult* out)
      : engine_(engine), timer_(timer), id_(id), out_(out) {}
  // Starts the wait (the call may finish before this returns). timeout_ms 0: no timeout.
  void start(uint64_t timeout_ms);

  void OnCancel() override;
  void OnDone() override;

 private:
  // What the engine's and the timer's callbacks hold: they may outlive the reactor (gRPC
  // deletes it after Finish), so they reach it only through here, under the lock.
  struct Shared {
    std::recursive_mutex mutex;  // OnDone may run inside Finish, on the same thread
    AwaitReactor* reactor = nullptr;  // null once gRPC is done with the call
    bool finished = false;
    uint64_t timer_token = 0;                // guarded by mutex
    std::atomic<uint64_t> callback_token{0};  // read without the lock (see forget())
  };
  // Withdraws the engine callback (without the lock: the engine calls back under its own
  // lock, which then takes ours) and, if it had not run, finishes the call with `status`.
  static void forget(const std::shared_ptr<Shared>& shared, engine::Engine& engine, engine::JobId id,
                     grpc::Status status);
  // Finishes the call once (filling the response from `result` first, if given); later calls
  // do nothing.
  static void finish(const std::shared_ptr<Shared>& shared, grpc::Status status,
                     const engine::JobResult* result = nullptr);

  engine::Engine& engine_;
  DeadlineTimer& timer_;
  const engine::JobId id_;
  v1::ProofResult* const out_;
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

}  // namespace cuzk::server
