// StagingRing: where the GPU prover stages circuits. It holds the staging slots (up to two a,
// b, c buffers of 3·n values and two assignment buffers, StagingPlan), one staging thread that
// stages one circuit at a time on its own stream, and per a, b, c slot the event its staging
// records once the product is queued: the compute stream waits on that event, not the host.
// A circuit's staging (WitnessStaging) is answered by two futures: `queued` once its product and
// row check are queued and its slot's event recorded (the compute side may then queue H behind
// it), `done` once the check's answer is read (before anything of it is proved).
// C++ only: no CUDA types.
//
// Threading: one compute thread calls the ring (stage, drain, prepare, the slot accessors); the
// staging thread is the ring's own. A slot is only restaged after the compute side has passed
// its last read of it (staging_schedule guarantees it, the caller follows the schedule).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <span>
#include <thread>

#include "backend/cuda/msm/msm_gpu.hpp"
#include "backend/cuda/prover/resident_set.hpp"
#include "backend/cuda/prover/staging_plan.hpp"
#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_event.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/runtime/pinned_uploader.hpp"
#include "backend/cuda/witness/witness_staging.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::backend::cuda {

// What the staging of one circuit took on the staging thread.
struct StageTimes {
  double alloc_ms = 0;    // its slots grown
  double product_ms = 0;  // its witness up, expanded, filled, a, b, c made and checked
};

class StagingRing {
 public:
  // A ring on CUDA device `device` (current on the calling thread), its host copies on
  // `host_pool` (not owned, outlives the ring). Errors: kOutOfMemory, kDeviceError.
  static Result<std::unique_ptr<StagingRing>> create(int device, ThreadPool& host_pool);
  ~StagingRing();  // waits for the staging queued, then stops the staging thread
  StagingRing(const StagingRing&) = delete;
  StagingRing& operator=(const StagingRing&) = delete;

  // The plan of a batch of `circuits` whose largest needs a domain of `max_n` and `max_vars`
  // variables (choose_staging_plan, capped by `limit`), its slots sized for it. The MSMs'
  // scratch (`workspace`, which grows into free memory) counts as room: a plan of two slots of
  // a part reserves them now, before the MSMs grow it again, and gives the scratch back first
  // where they do not fit beside it. Slots the plan does not use are given back (a single
  // circuit leaves them: the next batch may use them). Errors: kOutOfMemory, kDeviceError.
  Result<StagingPlan> prepare(size_t circuits, size_t max_n, size_t max_vars, StagingPlan limit,
                              MsmWorkspace& workspace);

  struct Ticket {
    std::future<Status> queued;  // the product and row check queued, the slot's event recorded
    std::future<Status> done;    // the row check's answer
  };
  // Queues the staging of `partition` (matrices `matrices`, a domain of `n`) into `step`'s
  // slots, `times` filled as it runs; returns at once. `partition`, `matrices` and `times` live
  // until `done` is ready.
  Ticket stage(const witness::PartitionWitness& partition, const ResidentMatrices& matrices, bool input_rows,
               size_t n, const StagingStep& step, StageTimes& times);
  // Waits until no staging is queued or running.
  void drain();

  // The a, b, c of slot `slot` (n each, once staged for n).
  DeviceSpan<ff::Fr> abc(size_t slot, size_t n);
  // The assignment of slot `slot` ([inputs, aux], `vars` values once staged).
  DeviceSpan<const ff::Fr> scalars(size_t slot, size_t vars) const;
  // Recorded on the staging stream after the product and row check of the circuit last staged
  // into a, b, c slot `slot`.
  const DeviceEvent& staged(size_t slot) const { return staged_[slot]; }

 private:
  StagingRing() = default;
  void run();  // the staging thread
  // One circuit's staging, on the staging thread: queued, the event recorded, the answer read.
  void stage_now(const witness::PartitionWitness& partition, const ResidentMatrices& matrices, bool input_rows,
                 size_t n, const StagingStep& step, StageTimes& times, std::promise<Status>& queued,
                 std::promise<Status>& done);

  int device_ = 0;
  ThreadPool* host_pool_ = nullptr;
  std::unique_ptr<PinnedUploader> uploader_;
  DeviceStream stream_;  // the staging stream
  WitnessStaging witness_staging_;
  DeviceArray<ff::Fr> abc_[2];      // 3·n each: a, b, c
  DeviceArray<ff::Fr> scalars_[2];  // [inputs, aux]
  DeviceEvent staged_[2];
  Status thread_device_;  // the staging thread's device made current, set before its first job

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> queue_;  // GUARDED_BY(mutex_)
  bool busy_ = false;                        // GUARDED_BY(mutex_): a staging runs
  bool stopping_ = false;                    // GUARDED_BY(mutex_)
  std::thread thread_;
};

}  // namespace cuzk::backend::cuda
