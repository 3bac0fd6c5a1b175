// SubmitReactor: one SubmitProof call. The request goes to the request registry at once and the
// call is answered when the engine has validated its payload — OK with the job id, or the
// refusal as a gRPC error (INVALID_ARGUMENT naming the problem) — from the engine's validator,
// so no gRPC thread waits for a payload to be parsed and checked. A client that goes away first
// gets CANCELLED; its job goes on (its id is the client's to await). Deletes itself when gRPC
// is done with it.
#pragma once

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include "cuzk/v1/proving.grpc.pb.h"
#include "server/request_ids.hpp"

namespace cuzk::server {

class SubmitReactor final : public grpc::ServerUnaryReactor {
 public:
  // `queue_position`: jobs ahead of this one when it came.
  SubmitReactor(v1::SubmitProofResponse* out, uint32_t queue_position) : out_(out), queue_position_(queue_position) {}
  // Submits through `submit` (RequestRegistry::submit with the `validated` callback it is
  // given); the call may finish before this returns.
  using Submit = std::function<Result<RequestRegistry::Submitted>(RequestRegistry::Validated validated)>;
  void start(const Submit& submit);

  void OnCancel() override;
  void OnDone() override;

 private:
  // What the registry's callback holds: it may outlive the reactor (gRPC deletes it after
  // Finish), so it reaches it only through here, under the lock.
  struct Shared {
    std::recursive_mutex mutex;         // OnDone may run inside Finish, on the same thread
    SubmitReactor* reactor = nullptr;   // null once gRPC is done with the call
    bool finished = false;
    std::optional<Status> validated;    // the registry's word on the payload
    std::optional<RequestRegistry::Submitted> submitted;  // what RequestRegistry::submit returned
  };
  // Answers once both the submission and the validation are known (a refusal at once); later
  // calls do nothing. Requires shared->mutex.
  static void answer_locked(const std::shared_ptr<Shared>& shared);
  // Finishes the call once with `status`. Requires shared->mutex.
  static void finish_locked(const std::shared_ptr<Shared>& shared, const grpc::Status& status);

  v1::SubmitProofResponse* const out_;
  const uint32_t queue_position_;
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

}  // namespace cuzk::server
