// How the GPU prover stages the circuits of a batch (a pure policy, no CUDA): which plan the
// device memory allows, what the plan reserves, and the schedule that says, per circuit, into
// which staging slots it goes and after which step of the previous circuit its staging starts.
//
// A circuit's inputs on the device are two parts: its a, b, c (the H chain's buffers, then the
// H MSM's scalars) and its assignment (the A, B and L MSMs' scalars). The compute side passes,
// per circuit c and in this order: staged(c) (its staging is joined), h_msm(c) (the last read
// of its a, b, c) and proof(c) (the last read of its assignment); the staging of circuit c + 1
// starts at one of those steps of circuit c, by plan:
//   kSerial      one slot of each part: after proof(c)
//   kSharedAbc   one a, b, c slot, two assignment slots: after h_msm(c)
//   kOverlapped  two of each: after staged(c), while circuit c computes
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace cuzk::backend::cuda {

// From the least device memory to the most.
enum class StagingPlan { kSerial, kSharedAbc, kOverlapped };
const char* staging_plan_name(StagingPlan plan);
// The plan staging_plan_name() calls `name`, or nullopt where no plan is called that.
std::optional<StagingPlan> staging_plan_named(std::string_view name);

// kOverlapped when `available_bytes` fits two a, b, c slots of `abc_bytes` and two assignment
// slots of `witness_bytes` (the batch's largest circuit) beside `working_bytes` (the H chain's
// and MSMs' scratch); else kSharedAbc when one a, b, c slot and two assignment slots fit; else
// kSerial. A single circuit is kSerial.
StagingPlan choose_staging_plan(size_t circuits, size_t abc_bytes, size_t witness_bytes, size_t working_bytes,
                                size_t available_bytes);

// The slots of each part a plan holds.
size_t abc_slots_of(StagingPlan plan);
size_t witness_slots_of(StagingPlan plan);

// What a batch reserves for `plan` before its MSMs grow their scratch again: the bytes its
// slots (holding `held_abc` and `held_witness` bytes now) lack for `abc_bytes` and
// `witness_bytes` each, and whether the MSMs' scratch is freed first, as those bytes are more
// than `free_bytes`. kSerial reserves nothing (its one circuit's slots grow as it stages).
struct StagingReservation {
  size_t missing_bytes = 0;
  bool release_scratch = false;
};
StagingReservation staging_reservation(StagingPlan plan, size_t abc_bytes, size_t witness_bytes,
                                       std::array<size_t, 2> held_abc, std::array<size_t, 2> held_witness,
                                       size_t free_bytes);

// The compute side's steps of one circuit, in the order it passes them.
enum class ComputeStep { kStaged, kHMsm, kProof };

// Where circuit `index` of a batch stages, and when.
struct StagingStep {
  size_t abc_slot = 0;
  size_t witness_slot = 0;
  // the previous circuit's step its staging waits for; circuit 0 stages at the batch's start
  ComputeStep after = ComputeStep::kStaged;
};
// One step per circuit. The steps never put a circuit into a slot before the slot's previous
// circuit has passed its last read of it (h_msm for a, b, c, proof for the assignment).
std::vector<StagingStep> staging_schedule(StagingPlan plan, size_t circuits);

}  // namespace cuzk::backend::cuda
