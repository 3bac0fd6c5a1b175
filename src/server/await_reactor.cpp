// AwaitReactor: completion, deadline and cancellation racing to finish one call.
#include "server/await_reactor.hpp"

#include <algorithm>

#include "kinds/result_encoding.hpp"
#include "server/service.hpp"

namespace cuzk::server {
namespace {

// Longer timeouts are treated as this (a uint64 of milliseconds would overflow the clock).
constexpr uint64_t kMaxTimeoutMs = uint64_t{365} * 24 * 3600 * 1000;

}  // namespace

void fill_result(const engine::JobResult& r, v1::ProofResult* out) {
  out->set_job_id(r.id);
  out->set_circuit_id(r.circuit_id);
  out->set_kind(r.kind);
  for (const auto& p : r.partitions) {
    const std::vector<uint8_t> bytes = kinds::encode_proof(r.encoding, p.proof);
    out->add_proofs(std::string(bytes.begin(), bytes.end()));
    for (const std::string& s : kinds::public_inputs_to_decimal(p.public_inputs)) out->add_public_inputs(s);
  }
  auto ms = [](double v) { return static_cast<uint64_t>(v + 0.5); };
  v1::Timings* t = out->mutable_timings();
  t->set_queue_ms(ms(r.timings.queue_ms));
  t->set_srs_ms(ms(r.timings.srs_ms));
  t->set_synth_ms(ms(r.timings.synth_ms));
  t->set_gpu_ms(ms(r.timings.gpu_ms));
  t->set_verify_ms(ms(r.timings.verify_ms));
  t->set_total_ms(ms(r.timings.total_ms));
  out->set_batch_size(static_cast<uint32_t>(r.batch_size));
  out->set_worker(r.worker);
  out->set_timings_line(engine::format_timings(r.timings));
}

void AwaitReactor::start(uint64_t timeout_ms) {
  // Only locals after on_done(): the call may have finished, and gRPC deleted this, by then.
  std::shared_ptr<Shared> shared = shared_;
  engine::Engine* engine = &engine_;
  DeadlineTimer* timer = &timer_;
  const engine::JobId id = id_;
  {
    std::lock_guard<std::recursive_mutex> lock(shared->mutex);
    shared->reactor = this;
  }
  shared->callback_token = engine->on_done(id, [shared](Result<engine::JobResult> result) {
    if (!result.is_ok()) {
      finish(shared, to_grpc(result.status()));
    } else if (!result->status.is_ok()) {
      finish(shared, to_grpc(result->status));
    } else {
      finish(shared, grpc::Status::OK, &*result);
    }
  });
  if (timeout_ms == 0) return;
  const uint64_t capped = std::min(timeout_ms, kMaxTimeoutMs);
  std::lock_guard<std::recursive_mutex> lock(shared->mutex);
  if (shared->finished) return;
  shared->timer_token = timer->schedule(DeadlineTimer::Clock::now() + std::chrono::milliseconds(capped),
                                        [shared, engine, id, capped] {
                                          forget(shared, *engine, id,
                                                 {grpc::StatusCode::DEADLINE_EXCEEDED,
                                                  "job " + std::to_string(id) + " is still running after " +
                                                      std::to_string(capped) + " ms (it goes on; await it again)"});
                                        });
}

void AwaitReactor::forget(const std::shared_ptr<Shared>& shared, engine::Engine& engine, engine::JobId id,
                          grpc::Status status) {
  if (!engine.forget_callback(id, shared->callback_token)) return;  // it ran, or is finishing the call now
  finish(shared, std::move(status));
}

void AwaitReactor::finish(const std::shared_ptr<Shared>& shared, grpc::Status status, const engine::JobResult* result) {
  std::lock_guard<std::recursive_mutex> lock(shared->mutex);
  if (shared->finished || shared->reactor == nullptr) return;
  shared->finished = true;
  AwaitReactor* reactor = shared->reactor;
  if (shared->timer_token != 0) reactor->timer_.cancel(shared->timer_token);
  if (result != nullptr) fill_result(*result, reactor->out_);
  reactor->Finish(std::move(status));
}

void AwaitReactor::OnCancel() {
  // The client went away: the job goes on and its result stays to be awaited.
  forget(shared_, engine_, id_,
         {grpc::StatusCode::CANCELLED, "the client went away; job " + std::to_string(id_) + " goes on and can be awaited"});
}

void AwaitReactor::OnDone() {
  {
    std::lock_guard<std::recursive_mutex> lock(shared_->mutex);
    shared_->reactor = nullptr;
  }
  delete this;
}

}  // namespace cuzk::server
