// SubmitReactor: the submission and its validation racing the client's going away to finish
// one call.
#include "server/submit_reactor.hpp"

#include "server/service.hpp"

namespace cuzk::server {

void SubmitReactor::start(const Submit& submit) {
  // Only locals after submitting: the call may have finished, and gRPC deleted this, by then.
  std::shared_ptr<Shared> shared = shared_;
  {
    std::lock_guard<std::recursive_mutex> lock(shared->mutex);
    shared->reactor = this;
  }
  Result<RequestRegistry::Submitted> submitted = submit([shared](const Status& validated) {
    std::lock_guard<std::recursive_mutex> lock(shared->mutex);
    shared->validated = validated;
    answer_locked(shared);
  });
  std::lock_guard<std::recursive_mutex> lock(shared->mutex);
  if (!submitted.is_ok()) {
    finish_locked(shared, to_grpc(submitted.status()));
    return;
  }
  shared->submitted = std::move(submitted).value();
  answer_locked(shared);
}

void SubmitReactor::answer_locked(const std::shared_ptr<Shared>& shared) {
  if (shared->validated && !shared->validated->is_ok()) {
    finish_locked(shared, to_grpc(*shared->validated));
    return;
  }
  if (!shared->validated || !shared->submitted || shared->finished || shared->reactor == nullptr) return;
  SubmitReactor* reactor = shared->reactor;
  reactor->out_->set_job_id(shared->submitted->id);
  reactor->out_->set_queue_position(reactor->queue_position_);
  reactor->out_->set_attached(shared->submitted->attached);
  finish_locked(shared, grpc::Status::OK);
}

void SubmitReactor::finish_locked(const std::shared_ptr<Shared>& shared, const grpc::Status& status) {
  if (shared->finished || shared->reactor == nullptr) return;
  shared->finished = true;
  shared->reactor->Finish(status);
}

void SubmitReactor::OnCancel() {
  std::lock_guard<std::recursive_mutex> lock(shared_->mutex);
  finish_locked(shared_, {grpc::StatusCode::CANCELLED, "the client went away before its request was validated"});
}

void SubmitReactor::OnDone() {
  {
    std::lock_guard<std::recursive_mutex> lock(shared_->mutex);
    shared_->reactor = nullptr;
  }
  delete this;
}

}  // namespace cuzk::server
