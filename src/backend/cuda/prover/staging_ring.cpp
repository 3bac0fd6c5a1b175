// StagingRing (staging_ring.hpp): the slots, the staging thread and its queue.
#include "backend/cuda/prover/staging_ring.hpp"

#include <algorithm>
#include <utility>

#include "common/stopwatch.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;

// Pinned staging per buffer of the upload ring (two of them): large enough that the DMA of
// one and the host copy into the other both run at full speed, small enough to pin cheaply.
constexpr size_t kUploadChunkBytes = size_t{64} << 20;

// Device memory a proof needs beyond its slots and the resident bases, per constraint of its
// domain: the MSMs' sort of one window (kScratchBytesPerPair a pair) with its buckets and
// runs, rounded up. The MSMs take more where it is free (window groups); this is their floor.
constexpr size_t kWorkingBytesPerConstraint = kScratchBytesPerPair + 16;

size_t abc_bytes_for(size_t n) { return 3 * n * sizeof(Fr); }
size_t scalar_bytes_for(size_t vars) { return vars * sizeof(Fr); }

}  // namespace

Result<std::unique_ptr<StagingRing>> StagingRing::create(int device, ThreadPool& host_pool) {
  std::unique_ptr<StagingRing> ring(new StagingRing());
  ring->device_ = device;
  ring->host_pool_ = &host_pool;
  CUZK_ASSIGN_OR_RETURN(ring->uploader_, PinnedUploader::create(kUploadChunkBytes));
  CUZK_ASSIGN_OR_RETURN(ring->stream_, DeviceStream::create());
  for (DeviceEvent& event : ring->staged_) {
    CUZK_ASSIGN_OR_RETURN(event, DeviceEvent::create());
  }
  ring->thread_ = std::thread([raw = ring.get()] { raw->run(); });
  return ring;
}

StagingRing::~StagingRing() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void StagingRing::run() {
  thread_device_ = set_current_device(device_);
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    std::function<void()> job = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    job();
    lock.lock();
    busy_ = false;
    changed_.notify_all();
  }
}

StagingRing::Ticket StagingRing::stage(const witness::PartitionWitness& partition, const ResidentMatrices& matrices,
                                       bool input_rows, size_t n, const StagingStep& step, StageTimes& times) {
  auto queued = std::make_shared<std::promise<Status>>();
  auto done = std::make_shared<std::promise<Status>>();
  Ticket ticket{queued->get_future(), done->get_future()};
  {
    std::lock_guard lock(mutex_);
    queue_.push_back([this, &partition, &matrices, input_rows, n, step, &times, queued, done] {
      stage_now(partition, matrices, input_rows, n, step, times, *queued, *done);
    });
  }
  changed_.notify_all();
  return ticket;
}

void StagingRing::stage_now(const witness::PartitionWitness& partition, const ResidentMatrices& matrices,
                            bool input_rows, size_t n, const StagingStep& step, StageTimes& times,
                            std::promise<Status>& queued, std::promise<Status>& done) {
  if (!thread_device_.is_ok()) {
    queued.set_value(thread_device_);
    done.set_value(thread_device_);
    return;
  }
  Stopwatch phase;
  const size_t vars = partition.num_inputs() + partition.num_aux();
  DeviceArray<Fr>& abc_slot = abc_[step.abc_slot];
  DeviceArray<Fr>& scalar_slot = scalars_[step.witness_slot];
  Status s = reserve(abc_slot, 3 * n);
  if (s.is_ok()) s = reserve(scalar_slot, vars);
  times.alloc_ms += phase.lap_ms();
  // the packed witness up, w, a, b, c (padded to n) made and their rows checked on the device;
  // the compute stream may queue H behind the event (after the check's reads) before the answer
  const DeviceSpan<Fr> d_abc = abc_slot.span();
  if (s.is_ok()) {
    s = witness_staging_.stage(partition, matrices.device, input_rows, scalar_slot.span().first(vars),
                               d_abc.subspan(0, n), d_abc.subspan(n, n), d_abc.subspan(2 * n, n), *uploader_,
                               *host_pool_, stream_);
  }
  if (s.is_ok()) s = staged_[step.abc_slot].record(stream_);
  queued.set_value(s);
  if (s.is_ok()) s = witness_staging_.rows_checked(matrices.device, input_rows, stream_);
  times.product_ms += phase.lap_ms();
  done.set_value(s);
}

void StagingRing::drain() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return queue_.empty() && !busy_; });
}

Result<StagingPlan> StagingRing::prepare(size_t circuits, size_t max_n, size_t max_vars, StagingPlan limit,
                                         MsmWorkspace& workspace) {
  if (circuits < 2) return StagingPlan::kSerial;
  const size_t abc_bytes = abc_bytes_for(max_n), witness_bytes = scalar_bytes_for(max_vars);
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_RETURN_IF_ERROR(device_memory(&free_bytes, &total_bytes));
  size_t held = workspace.bytes();
  for (size_t k = 0; k < 2; ++k) held += abc_[k].size_bytes() + scalars_[k].size_bytes();
  const StagingPlan plan = std::min(
      limit, choose_staging_plan(circuits, abc_bytes, witness_bytes, max_n * kWorkingBytesPerConstraint,
                                 free_bytes + held));
  if (abc_slots_of(plan) < 2) abc_[1] = DeviceArray<Fr>{};
  if (witness_slots_of(plan) < 2) scalars_[1] = DeviceArray<Fr>{};
  if (plan == StagingPlan::kSerial) return plan;
  const StagingReservation reservation =
      staging_reservation(plan, abc_bytes, witness_bytes, {abc_[0].size_bytes(), abc_[1].size_bytes()},
                          {scalars_[0].size_bytes(), scalars_[1].size_bytes()}, free_bytes);
  if (reservation.release_scratch) workspace.release();
  for (size_t k = 0; k < abc_slots_of(plan); ++k) CUZK_RETURN_IF_ERROR(reserve(abc_[k], 3 * max_n));
  for (size_t k = 0; k < witness_slots_of(plan); ++k) CUZK_RETURN_IF_ERROR(reserve(scalars_[k], max_vars));
  return plan;
}

DeviceSpan<Fr> StagingRing::abc(size_t slot, size_t n) {
  return DeviceSpan<Fr>(abc_[slot].data(), std::min(abc_[slot].size(), 3 * n));
}

DeviceSpan<const Fr> StagingRing::scalars(size_t slot, size_t vars) const {
  return DeviceSpan<const Fr>(scalars_[slot].data(), std::min(scalars_[slot].size(), vars));
}

}  // namespace cuzk::backend::cuda
