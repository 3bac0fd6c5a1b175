// The GPU prover's staging policy, pure functions of sizes (no GPU needed, so these run in
// every build): the plan follows the device memory, plans are named both ways, a plan's
// reservation frees the MSMs' scratch only where free memory falls short, and the schedule
// never stages a circuit into a slot before the slot's previous circuit has passed its last
// read of it.
#include "backend/cuda/prover/staging_plan.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <vector>

namespace cuzk::backend::cuda {
namespace {

TEST(StagingPlan, PlanFollowsTheDeviceMemory) {
  constexpr size_t kGiB = size_t{1} << 30;
  const auto plan = [](size_t circuits, size_t abc, size_t witness, size_t working, size_t available) {
    return staging_plan_name(choose_staging_plan(circuits, abc, witness, working, available));
  };
  // a 2^27 PoRep partition: a, b, c 12 GiB, its assignment ≈ 4 GiB, 8 GiB of MSM scratch; after
  // ≈ 45 GiB of bases an 80 GB card has ≈ 33.7 GiB, a 141 GB one ≈ 94
  EXPECT_STREQ(plan(10, 12 * kGiB, 4 * kGiB, 8 * kGiB, 33 * kGiB), "shared-abc");
  EXPECT_STREQ(plan(10, 12 * kGiB, 4 * kGiB, 8 * kGiB, 94 * kGiB), "overlapped");
  EXPECT_STREQ(plan(2, 12 * kGiB, 4 * kGiB, 8 * kGiB, 40 * kGiB), "overlapped");  // exactly enough
  EXPECT_STREQ(plan(2, 12 * kGiB, 4 * kGiB, 8 * kGiB, 40 * kGiB - 1), "shared-abc");
  EXPECT_STREQ(plan(2, 12 * kGiB, 4 * kGiB, 8 * kGiB, 28 * kGiB), "shared-abc");  // exactly enough
  EXPECT_STREQ(plan(2, 12 * kGiB, 4 * kGiB, 8 * kGiB, 28 * kGiB - 1), "serial");
  EXPECT_STREQ(plan(1, 1, 1, 0, 94 * kGiB), "serial");  // one circuit: nothing to overlap
  EXPECT_STREQ(plan(0, 1, 1, 0, 94 * kGiB), "serial");
  // sizes near the top of size_t do not wrap into "fits"
  const size_t huge = ~size_t{0};
  EXPECT_STREQ(plan(2, huge / 2 + 1, 0, 0, huge), "shared-abc");
  EXPECT_STREQ(plan(2, huge / 2 + 1, huge / 4, 0, huge), "shared-abc");
  EXPECT_STREQ(plan(2, huge / 2 + 1, huge / 2, 0, huge), "serial");
  EXPECT_STREQ(plan(2, huge / 4, 0, huge, huge), "serial");
}

TEST(StagingPlan, PlansAreNamedBothWays) {
  for (const StagingPlan plan : {StagingPlan::kSerial, StagingPlan::kSharedAbc, StagingPlan::kOverlapped}) {
    EXPECT_EQ(staging_plan_named(staging_plan_name(plan)), plan);
  }
  for (const char* name : {"", "unknown", "Serial", "shared_abc", "overlapped ", "sharedabc"}) {
    EXPECT_EQ(staging_plan_named(name), std::nullopt) << "'" << name << "'";
  }
}

TEST(StagingPlan, ReservationFreesTheScratchOnlyWhereFreeMemoryFallsShort) {
  constexpr size_t kGiB = size_t{1} << 30;
  // a 2^27 PoRep partition on an 80 GB card after a first batch: one a, b, c buffer and one
  // assignment held, the MSMs' scratch grown into all but 2 GiB
  const auto shared = staging_reservation(StagingPlan::kSharedAbc, 12 * kGiB, 4 * kGiB, {12 * kGiB, 0},
                                                     {4 * kGiB, 0}, 2 * kGiB);
  EXPECT_EQ(shared.missing_bytes, 4 * kGiB);  // the second assignment
  EXPECT_TRUE(shared.release_scratch);
  const auto roomy = staging_reservation(StagingPlan::kSharedAbc, 12 * kGiB, 4 * kGiB, {12 * kGiB, 0},
                                                    {4 * kGiB, 0}, 4 * kGiB);
  EXPECT_EQ(roomy.missing_bytes, 4 * kGiB);
  EXPECT_FALSE(roomy.release_scratch);  // exactly enough free
  // kOverlapped also needs the second a, b, c buffer; larger buffers held count as enough
  const auto overlapped = staging_reservation(StagingPlan::kOverlapped, 12 * kGiB, 4 * kGiB,
                                                         {16 * kGiB, 1 * kGiB}, {8 * kGiB, 0}, 20 * kGiB);
  EXPECT_EQ(overlapped.missing_bytes, 11 * kGiB + 4 * kGiB);
  EXPECT_FALSE(overlapped.release_scratch);
  // nothing missing: nothing freed, even with no free memory at all
  const auto held = staging_reservation(StagingPlan::kOverlapped, 12 * kGiB, 4 * kGiB,
                                                   {12 * kGiB, 12 * kGiB}, {4 * kGiB, 4 * kGiB}, 0);
  EXPECT_EQ(held.missing_bytes, 0u);
  EXPECT_FALSE(held.release_scratch);
  // kSerial reserves nothing
  const auto serial =
      staging_reservation(StagingPlan::kSerial, 12 * kGiB, 4 * kGiB, {0, 0}, {0, 0}, 0);
  EXPECT_EQ(serial.missing_bytes, 0u);
  EXPECT_FALSE(serial.release_scratch);
}

// The compute side passes, per circuit c in order, staged(c), h_msm(c), proof(c): as one clock,
// 3·c + step. A circuit's staging starts at its trigger; the previous user of each of its slots
// must have passed that slot's last read (h_msm for a, b, c, proof for the assignment) by then,
// and a circuit is staged before it computes.
TEST(StagingPlan, ScheduleNeverReusesASlotBeforeItsLastRead) {
  const auto clock = [](size_t circuit, ComputeStep step) { return 3 * circuit + static_cast<size_t>(step); };
  for (const StagingPlan plan : {StagingPlan::kSerial, StagingPlan::kSharedAbc, StagingPlan::kOverlapped}) {
    for (size_t circuits : {size_t{0}, size_t{1}, size_t{2}, size_t{3}, size_t{10}, size_t{17}}) {
      const std::vector<StagingStep> steps = staging_schedule(plan, circuits);
      ASSERT_EQ(steps.size(), circuits);
      for (size_t k = 0; k < circuits; ++k) {
        EXPECT_LT(steps[k].abc_slot, abc_slots_of(plan));
        EXPECT_LT(steps[k].witness_slot, witness_slots_of(plan));
        if (k == 0) continue;  // stages at the batch's start
        const size_t starts = clock(k - 1, steps[k].after);
        EXPECT_LT(starts, clock(k, ComputeStep::kStaged)) << staging_plan_name(plan) << " circuit " << k;
        for (size_t j = 0; j < k; ++j) {
          if (steps[j].abc_slot == steps[k].abc_slot) {
            EXPECT_LE(clock(j, ComputeStep::kHMsm), starts) << staging_plan_name(plan) << " a, b, c of " << k;
          }
          if (steps[j].witness_slot == steps[k].witness_slot) {
            EXPECT_LE(clock(j, ComputeStep::kProof), starts) << staging_plan_name(plan) << " assignment of " << k;
          }
        }
      }
    }
  }
}

// kOverlapped stages the next circuit while this one computes, kSharedAbc once its H MSM is
// done, kSerial after its proof.
TEST(StagingPlan, ScheduleOverlapsAsMuchAsThePlanHolds) {
  EXPECT_EQ(staging_schedule(StagingPlan::kOverlapped, 3)[1].after, ComputeStep::kStaged);
  EXPECT_EQ(staging_schedule(StagingPlan::kSharedAbc, 3)[1].after, ComputeStep::kHMsm);
  EXPECT_EQ(staging_schedule(StagingPlan::kSerial, 3)[1].after, ComputeStep::kProof);
  EXPECT_EQ(staging_schedule(StagingPlan::kOverlapped, 3)[1].abc_slot, 1u);
  EXPECT_EQ(staging_schedule(StagingPlan::kSharedAbc, 3)[1].witness_slot, 1u);
}

}  // namespace
}  // namespace cuzk::backend::cuda
