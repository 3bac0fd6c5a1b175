// AwaitReactor: one waiting Prove/AwaitProof call. It registers a waiter for the job's outcome
// with the request registry and, with a timeout, a deadline with the service's timer;
// whichever of the outcome, the deadline or the client's going away comes first finishes the
// call, exactly once, and withdraws the others (a client going away abandons its wait:
// RequestRegistry::abandon). The outcome comes in-band, as Curio expects:
// COMPLETED with the proof, FAILED with error_message, CANCELLED, or TIMEOUT (the job goes
// on). Deletes itself when gRPC is done with it.
#pragma once

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "cuzk/v1/proving.grpc.pb.h"
#include "server/deadline_timer.hpp"
#include "server/request_ids.hpp"

namespace cuzk::server {

// Fills a response from a finished job under request id `id`: COMPLETED (the partitions'
// proofs concatenated in `proof` and one by one in `proofs`, in the circuit's encoding;
// decimal public inputs; timings), CANCELLED, or FAILED with error_message; `attached`: the
// call's request attached to a job an earlier request started (RequestRegistry::Waiter).
void fill_response(const engine::JobResult& r, const std::string& id, v1::AwaitProofResponse* out,
                   bool attached = false);

class AwaitReactor final : public grpc::ServerUnaryReactor {
 public:
  AwaitReactor(RequestRegistry& registry, DeadlineTimer& timer, Caller caller, std::string id,
               v1::AwaitProofResponse* out)
      : registry_(registry), timer_(timer), caller_(std::move(caller)), id_(std::move(id)), out_(out) {}
  // Registers the waiter it is given (RequestRegistry::submit or wait) and returns its token;
  // an error finishes the call with that gRPC status.
  using Register = std::function<Result<uint64_t>(RequestRegistry::Waiter)>;
  // Starts the wait (the call may finish before this returns). timeout_ms 0: no timeout.
  void start(const Register& register_waiter, uint64_t timeout_ms);

  void OnCancel() override;
  void OnDone() override;

 private:
  // What the registry's and the timer's callbacks hold: they may outlive the reactor (gRPC
  // deletes it after Finish), so they reach it only through here, under the lock.
  struct Shared {
    std::recursive_mutex mutex;       // OnDone may run inside Finish, on the same thread
    AwaitReactor* reactor = nullptr;  // null once gRPC is done with the call
    bool finished = false;
    uint64_t timer_token = 0;             // guarded by mutex
    std::atomic<uint64_t> wait_token{0};  // read without the lock (see time_out())
  };
  // Withdraws the waiter and, if it had not run, finishes the call with an in-band TIMEOUT
  // after `timeout_ms`.
  static void time_out(const std::shared_ptr<Shared>& shared, RequestRegistry& registry, const Caller& caller,
                       const std::string& id, uint64_t timeout_ms);
  // Finishes the call once (filling the response from `outcome` first, if given, with
  // `attached`); later calls do nothing.
  static void finish(const std::shared_ptr<Shared>& shared, grpc::Status status,
                     const engine::JobResult* outcome = nullptr, bool attached = false, uint64_t timed_out_ms = 0);

  RequestRegistry& registry_;
  DeadlineTimer& timer_;
  const Caller caller_;
  const std::string id_;
  v1::AwaitProofResponse* const out_;
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

}  // namespace cuzk::server
