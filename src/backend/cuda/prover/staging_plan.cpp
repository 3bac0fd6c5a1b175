// The staging policy (staging_plan.hpp): plan, reservation and schedule.
#include "backend/cuda/prover/staging_plan.hpp"

#include <algorithm>
#include <initializer_list>

namespace cuzk::backend::cuda {

const char* staging_plan_name(StagingPlan plan) {
  switch (plan) {
    case StagingPlan::kSerial: return "serial";
    case StagingPlan::kSharedAbc: return "shared-abc";
    case StagingPlan::kOverlapped: return "overlapped";
  }
  return "unknown";
}

std::optional<StagingPlan> staging_plan_named(std::string_view name) {
  for (const StagingPlan plan : {StagingPlan::kSerial, StagingPlan::kSharedAbc, StagingPlan::kOverlapped}) {
    if (name == staging_plan_name(plan)) return plan;
  }
  return std::nullopt;
}

StagingPlan choose_staging_plan(size_t circuits, size_t abc_bytes, size_t witness_bytes, size_t working_bytes,
                                size_t available_bytes) {
  // Σ of the parts, saturating: a sum past size_t's top never reads as "fits"
  const auto fits = [available_bytes](std::initializer_list<size_t> parts) {
    size_t total = 0;
    for (const size_t part : parts) {
      if (part > available_bytes - total) return false;
      total += part;
    }
    return true;
  };
  if (circuits < 2) return StagingPlan::kSerial;
  if (fits({abc_bytes, abc_bytes, witness_bytes, witness_bytes, working_bytes})) return StagingPlan::kOverlapped;
  if (fits({abc_bytes, witness_bytes, witness_bytes, working_bytes})) return StagingPlan::kSharedAbc;
  return StagingPlan::kSerial;
}

size_t abc_slots_of(StagingPlan plan) { return plan == StagingPlan::kOverlapped ? 2 : 1; }
size_t witness_slots_of(StagingPlan plan) { return plan == StagingPlan::kSerial ? 1 : 2; }

StagingReservation staging_reservation(StagingPlan plan, size_t abc_bytes, size_t witness_bytes,
                                       std::array<size_t, 2> held_abc, std::array<size_t, 2> held_witness,
                                       size_t free_bytes) {
  StagingReservation out;
  if (plan == StagingPlan::kSerial) return out;
  for (size_t k = 0; k < abc_slots_of(plan); ++k) out.missing_bytes += abc_bytes - std::min(abc_bytes, held_abc[k]);
  for (size_t k = 0; k < witness_slots_of(plan); ++k) {
    out.missing_bytes += witness_bytes - std::min(witness_bytes, held_witness[k]);
  }
  out.release_scratch = out.missing_bytes > free_bytes;
  return out;
}

std::vector<StagingStep> staging_schedule(StagingPlan plan, size_t circuits) {
  const ComputeStep after = plan == StagingPlan::kOverlapped  ? ComputeStep::kStaged
                            : plan == StagingPlan::kSharedAbc ? ComputeStep::kHMsm
                                                              : ComputeStep::kProof;
  std::vector<StagingStep> steps(circuits);
  for (size_t index = 0; index < circuits; ++index) {
    steps[index].abc_slot = index % abc_slots_of(plan);
    steps[index].witness_slot = index % witness_slots_of(plan);
    steps[index].after = after;
  }
  return steps;
}

}  // namespace cuzk::backend::cuda
