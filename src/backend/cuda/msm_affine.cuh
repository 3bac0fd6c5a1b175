// Batch-affine accumulation of the G1 MSM's buckets (msm_device.hpp's design note, step 3):
// rounds that add the points of every bucket pairwise in affine coordinates, all additions of
// a round sharing one field inversion (Montgomery's trick). An affine addition costs 3
// products (λ, λ², λ·(x1 − x3)) plus 3 for its share of the inversion (one forward, two
// backward), against 10 for the XYZZ mixed addition it replaces.
//
// A round turns runs (buckets) of items into runs of ⌈items/2⌉: output j of a run is items
// 2j + (2j + 1), or item 2j alone (the odd one out). A thread owns kPerThread consecutive
// outputs:
//   denominators_kernel: the running product of its additions' denominators (x2 − x1, or 2y1
//     for a doubling); the prefix up to each output is parked in that output's x slot, the
//     thread's total goes to the inversion tree;
//   the tree: the totals' inverses by the same trick over levels of kTreeFan, one Fermat
//     inversion at the root;
//   sums_kernel: backwards over its outputs, 1/den from the running inverse and the parked
//     prefix of the output before (read before that slot is overwritten), then the sum.
// Infinity ((0, 0)) and P + (−P) take no inversion (denominator 1, the result written as it
// is); P + P takes the doubling's 2y. Points are stored reduced, computed in the redundant
// form [0, 2p) (field_device.cuh). Rounds ping-pong between scratch.points_a and points_b.
// Internal to backend/cuda (msm_curve.cuh).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "backend/cuda/curve_device.cuh"
#include "backend/cuda/msm_device.hpp"
#include "backend/cuda/msm_scratch.cuh"

namespace cuzk::backend::cuda::msm_affine {

using Point = DeviceAffine<DeviceFq>;

// kAuto runs a round only when it holds this many additions and at least twice as many as
// copied odd items: a round costs ≈ 0.45 ms beyond its additions (a dozen launches, the plan's
// read-back, the serial Fermat inversion at the tree's root), and saves ≈ 0.12 ns per addition
// against the XYZZ mixed addition, so rounds below ≈ 2^22 additions do not pay.
constexpr size_t kMinPairs = size_t{1} << 22;
// Pairs per window group when the rounds run (msm_curve.cuh): its points take 72 bytes per
// pair (both ping-pong buffers), ≤ 9.7 GB here.
constexpr size_t kMaxPairs = size_t{1} << 27;

// Where the rounds left the buckets' items: run u holds cnt[u] points at points[off[u]...].
struct RoundsResult {
  size_t rounds = 0;
  const Point* points = nullptr;
  const uint32_t* cnt = nullptr;
  const uint32_t* off = nullptr;
};

// Batch-affine rounds over the sorted runs of one window group (scratch.vals_out, run_key,
// run_len, run_off; runs whose key is the sentinel hold digit-0 pairs and are dropped), as
// many as `mode` asks for (kAuto: while a round has ≥ kMinPairs additions and at least twice
// as many as copies). No rounds (result->rounds = 0) leaves the runs as they were.
Status rounds(MsmScratch& scratch, const Point* d_bases, size_t runs, uint32_t sentinel, MsmAccumulation mode,
              cudaStream_t stream, RoundsResult* result);

}  // namespace cuzk::backend::cuda::msm_affine
