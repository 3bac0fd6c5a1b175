// The GPU MSM on device data: Σ k_i·P_i with bases and scalars already in device memory
// (raw pointers), the interface between the host API (msm_gpu.hpp) and the kernels
// (msm_curve.cuh). C++ only: no CUDA types (a stream travels as void*).
//
// Design note
// -----------
// Pippenger with signed windows, as the CPU MSM (src/msm/msm.cpp), laid out for the GPU:
//  1. classify (one thread per scalar): density rank → base index (popcount prefix per word
//     + popcount within it), scalar 0 / no base → dropped, 1 → the "ones" list, others → a
//     compact list and their plain values (Montgomery → canonical, one product by 1), each
//     folded to min(k, r − k) < 2^254 with a flag that negates its point (so ⌈255/c⌉
//     windows suffice, msm_scratch.cuh kDigitBits);
//  2. ones: Σ P over the ones list by strided mixed additions and a pairwise tree;
//  3. for each group of windows (≤ kMaxPairs pairs, fewer where the device's free memory
//     holds fewer: group_pairs_limit): one (bucket, point) pair per window and
//     scalar with a non-zero signed digit, sorted by bucket (CUB radix sort on 32-bit keys),
//     run-length encoded; every bucket's points are summed by threads of kSegment points
//     each (mixed additions, negation from the sign bit), segment sums folded until one per
//     bucket; buckets scattered into a dense array;
//  4. bucket reduction: each thread folds kReduceChunk buckets by running sums (Σ (b+1)·B_b
//     within the chunk, plus lo·ΣB_b by double-and-add), then pairwise per window;
//  5. the window sums (and the ones sum) come back to the host for Horner's rule (msm_gpu.cpp).
// Infinity bases (stored as (0, 0)) are skipped inside the additions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

enum class CurveKind { kG1, kG2 };

struct MsmScratch;  // msm_scratch.cuh

// Device bytes a sorted (bucket, point) pair of a window group costs at most: the pairs, their
// sorted copies and runs (7 × 4 B), the sort's own temporary copy (8 B) and the segment sums
// (≤ 384 B per kSegment pairs: 12 B). One window of n scalars is n pairs.
inline constexpr size_t kScratchBytesPerPair = 48;

// Bytes of one device affine base and one XYZZ accumulator (= host ec::Xyzz<C>).
constexpr size_t device_affine_bytes(CurveKind curve) { return curve == CurveKind::kG1 ? 96 : 192; }
constexpr size_t device_xyzz_bytes(CurveKind curve) { return curve == CurveKind::kG1 ? 192 : 384; }

// Device scratch reused across MSMs (grown on demand, freed with the workspace). One user at
// a time; the device current when it first grows must stay current.
class MsmWorkspace {
 public:
  MsmWorkspace();
  ~MsmWorkspace();
  MsmWorkspace(MsmWorkspace&&) noexcept;
  MsmWorkspace& operator=(MsmWorkspace&&) noexcept;
  MsmScratch& scratch() { return *scratch_; }
  // Device bytes held.
  size_t bytes() const;
  // Frees the scratch; the next MSM grows it again within what is free then (for a caller
  // that needs the memory first, e.g. for buffers that must not compete with it).
  void release();

 private:
  std::unique_ptr<MsmScratch> scratch_;
};

struct DeviceMsmInput {
  const void* d_bases = nullptr;  // device affine bases (device layout)
  size_t num_bases = 0;
  const void* d_scalars = nullptr;  // Fr, Montgomery form, num_scalars of them
  size_t num_scalars = 0;
  const uint64_t* d_density = nullptr;  // optional: ⌈num_scalars/64⌉ words; set bits = num_bases
  unsigned window_bits = 0;             // 0 → gpu_msm_window_bits()
  // The scalars in bit-reversed order (num_scalars = 2^L): position i holds scalar rev_L(i),
  // the L-bit reversal of i, which the density and the base numbering see (no data moves).
  // Without a density, scalars whose index is ≥ num_bases contribute nothing (the H MSM: n
  // coefficients, n − 1 bases).
  bool scalars_bit_reversed = false;
  // Most (bucket, point) pairs sorted at once: windows go in groups of ⌊max_group_pairs / m⌋
  // (at least one) for m scalars through the buckets. 0: kMaxPairs (msm_scratch.cuh), fewer
  // if the device's free memory holds fewer (an 80 GB card beside a 2^27 key).
  size_t max_group_pairs = 0;
};

// What the device computed; the host finishes with Horner's rule (w from high to low):
// Σ_w 2^(w·c)·window_sums[w] + ones_sum. Points are host-layout XYZZ bytes.
struct DeviceMsmResult {
  unsigned window_bits = 0;
  size_t windows = 0;
  std::vector<std::byte> window_sums;  // windows × device_xyzz_bytes
  std::vector<std::byte> ones_sum;     // one XYZZ
  size_t others = 0, ones = 0;         // scalars through the buckets / summed as 1
};

// The window c for m scalars through the bucket method: minimises ⌈255/c⌉·(m + kReduce·2^(c−1))
// (the pairs sorted and added vs the buckets folded), c ∈ [4, 22].
unsigned gpu_msm_window_bits(size_t m);

// Runs steps 1–4 of the design note on `stream` (a cudaStream_t, null for the legacy
// default stream) and waits for it. Preconditions as msm::check_msm_sizes(), num_bases < 2^31,
// num_scalars < 2^32 − 1. Errors: kOutOfMemory, kDeviceError.
Status run_device_msm(CurveKind curve, const DeviceMsmInput& input, MsmWorkspace& workspace, void* stream,
                      DeviceMsmResult* result);

// Converts `count` host ec::Affine<C> records (x, y, bool infinity; `host_stride` bytes
// apart) already copied to device memory at d_raw into device affine bases at d_out.
Status convert_bases(CurveKind curve, const void* d_raw, size_t host_stride, size_t count, void* d_out, void* stream);

}  // namespace cuzk::backend::cuda
