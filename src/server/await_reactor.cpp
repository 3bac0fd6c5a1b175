// AwaitReactor: outcome, deadline and cancellation racing to finish one call.
#include "server/await_reactor.hpp"

#include <algorithm>
#include <chrono>

#include "common/client_text.hpp"
#include "kinds/result_encoding.hpp"
#include "server/service.hpp"

namespace cuzk::server {
namespace {

// Longer timeouts are treated as this (a uint64 of milliseconds would overflow the clock).
constexpr uint64_t kMaxTimeoutMs = uint64_t{365} * 24 * 3600 * 1000;

uint64_t ms(double v) { return static_cast<uint64_t>(v + 0.5); }

}  // namespace

void fill_response(const engine::JobResult& r, const std::string& id, v1::AwaitProofResponse* out,
                   bool attached) {
  out->set_job_id(id);
  out->set_attached(attached);
  out->set_circuit_id(r.circuit_id);
  out->set_kind(r.kind);
  if (r.status.is_ok()) {
    out->set_status(v1::AwaitProofResponse::COMPLETED);
  } else if (r.status.code() == StatusCode::kCancelled) {
    out->set_status(v1::AwaitProofResponse::CANCELLED);
    // The client knows its job by the request id, not by the engine's own number (which
    // restarts with the daemon).
    out->set_error_message("job " + quote_client_text(id) + " was cancelled");
  } else {
    out->set_status(v1::AwaitProofResponse::FAILED);
    out->set_error_message(r.status.to_string());
  }
  std::string* all = out->mutable_proof();
  for (const auto& p : r.partitions) {
    const std::vector<uint8_t> bytes = kinds::encode_proof(r.encoding, p.proof);
    all->append(bytes.begin(), bytes.end());
    out->add_proofs(std::string(bytes.begin(), bytes.end()));
    for (const std::string& s : kinds::public_inputs_to_decimal(p.public_inputs)) out->add_public_inputs(s);
  }
  out->set_queue_wait_ms(ms(r.timings.queue_ms));
  out->set_srs_load_ms(ms(r.timings.srs_ms));
  out->set_synthesis_ms(ms(r.timings.synth_ms));
  out->set_gpu_compute_ms(ms(r.timings.gpu_ms));
  out->set_total_ms(ms(r.timings.total_ms));
  v1::Timings* t = out->mutable_timings();
  t->set_queue_ms(ms(r.timings.queue_ms));
  t->set_validate_ms(ms(r.timings.validate_ms));
  t->set_srs_ms(ms(r.timings.srs_ms));
  t->set_synth_ms(ms(r.timings.synth_ms));
  t->set_gpu_ms(ms(r.timings.gpu_ms));
  t->set_verify_ms(ms(r.timings.verify_ms));
  t->set_total_ms(ms(r.timings.total_ms));
  out->set_batch_size(static_cast<uint32_t>(r.batch_size));
  out->set_worker(r.worker);
  out->set_timings_line(engine::format_timings(r.timings));
}

void AwaitReactor::start(const Register& register_waiter, uint64_t timeout_ms) {
  // Only locals after registering: the call may have finished, and gRPC deleted this, by then.
  std::shared_ptr<Shared> shared = shared_;
  RequestRegistry* registry = &registry_;
  DeadlineTimer* timer = &timer_;
  const Caller caller = caller_;
  const std::string id = id_;
  {
    std::lock_guard<std::recursive_mutex> lock(shared->mutex);
    shared->reactor = this;
  }
  Result<uint64_t> token = register_waiter([shared](const RequestRegistry::Outcome& outcome, bool attached) {
    finish(shared, grpc::Status::OK, &*outcome, attached);
  });
  if (!token.is_ok()) {
    finish(shared, to_grpc(token.status()));
    return;
  }
  shared->wait_token = *token;
  if (timeout_ms == 0 || *token == 0) return;
  const uint64_t capped = std::min(timeout_ms, kMaxTimeoutMs);
  std::lock_guard<std::recursive_mutex> lock(shared->mutex);
  if (shared->finished) return;
  shared->timer_token =
      timer->schedule(DeadlineTimer::Clock::now() + std::chrono::milliseconds(capped),
                      [shared, registry, caller, id, capped] { time_out(shared, *registry, caller, id, capped); });
}

void AwaitReactor::time_out(const std::shared_ptr<Shared>& shared, RequestRegistry& registry, const Caller& caller,
                            const std::string& id, uint64_t timeout_ms) {
  if (!registry.forget(caller, id, shared->wait_token)) return;  // it ran, or is finishing the call now
  finish(shared, grpc::Status::OK, nullptr, false, timeout_ms);
}

void AwaitReactor::finish(const std::shared_ptr<Shared>& shared, grpc::Status status,
                          const engine::JobResult* outcome, bool attached, uint64_t timed_out_ms) {
  std::lock_guard<std::recursive_mutex> lock(shared->mutex);
  if (shared->finished || shared->reactor == nullptr) return;
  shared->finished = true;
  AwaitReactor* reactor = shared->reactor;
  if (shared->timer_token != 0) reactor->timer_.cancel(shared->timer_token);
  if (outcome != nullptr) fill_response(*outcome, reactor->id_, reactor->out_, attached);
  if (timed_out_ms != 0) {
    reactor->out_->set_job_id(reactor->id_);
    reactor->out_->set_status(v1::AwaitProofResponse::TIMEOUT);
    reactor->out_->set_error_message("job " + quote_client_text(reactor->id_) + " is still running after " +
                                     std::to_string(timed_out_ms) + " ms (it goes on; await it again)");
  }
  reactor->Finish(std::move(status));
}

void AwaitReactor::OnCancel() {
  // The client went away: a job it alone knew is cancelled; any other goes on, its result kept.
  if (!registry_.abandon(caller_, id_, shared_->wait_token)) return;  // it ran, or is finishing the call now
  finish(shared_, {grpc::StatusCode::CANCELLED, "the client went away from job " + quote_client_text(id_)});
}

void AwaitReactor::OnDone() {
  {
    std::lock_guard<std::recursive_mutex> lock(shared_->mutex);
    shared_->reactor = nullptr;
  }
  delete this;
}

}  // namespace cuzk::server
