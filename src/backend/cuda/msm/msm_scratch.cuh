// Device scratch of the GPU MSM (msm_device.hpp) and its curve-independent steps: scalar
// classification, bucket pairs, sorting, runs and segment plans. The curve-dependent point
// kernels live in msm_curve.cuh. Internal to backend/cuda (.cu files only).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "backend/cuda/runtime/device_buffer.hpp"
#include "backend/cuda/msm/msm_device.hpp"
#include "common/status.hpp"

namespace cuzk::backend::cuda {

// Points summed by one thread of the bucket accumulation: a bucket's points are cut into
// segments of this many, so a heavy bucket (skewed scalars) spreads over many threads;
// segment sums are folded again, kSegment at a time, until one sum per bucket is left.
// 32 keeps ≥ 2^20 threads busy at 2^26 points with c = 20 windows.
inline constexpr uint32_t kSegment = 32;
// Buckets folded serially by one thread of the bucket reduction (then pairwise across threads).
inline constexpr uint32_t kReduceChunk = 32;
// Bits the signed digits must cover. Every scalar k of the bucket method is first folded to
// min(k, r − k) < r/2 < 2^254 (r − k with its point negated: k·P = (r − k)·(−P)), so the
// digits telescope once W·c ≥ 255 (the carry out of the top window is bit W·c − 1 of the
// folded scalar, 0). Against 256 bits unfolded, c = 15 and c = 17 need one window less.
inline constexpr unsigned kDigitBits = 255;
// Windows of c bits over kDigitBits.
constexpr size_t windows_for(unsigned c) { return (kDigitBits + c - 1) / c; }
// Largest number of (bucket, point) pairs sorted at once (16 B each with the sort's second
// buffers: 4 GiB); windows are processed in groups that fit.
inline constexpr size_t kMaxPairs = size_t{1} << 28;

// Grown on demand, never shrunk; one per MsmWorkspace (one user at a time).
struct MsmScratch {
  DeviceBuffer word_offsets;  // u32 per density word: set bits before it
  DeviceBuffer base_index;    // u32 per scalar: its base
  DeviceBuffer other_key;     // u32 per scalar: its index if neither 0 nor 1, else ~0
  DeviceBuffer ones_key;      // u32 per scalar: its base if the scalar is 1, else ~0
  DeviceBuffer others;        // compacted scalar indices of the other scalars
  DeviceBuffer ones;          // compacted base indices of the scalars equal to 1
  DeviceBuffer counts;        // u32[4]: selected counts, runs
  DeviceBuffer canon;         // folded plain scalars of `others` (FoldedScalar, msm_scratch.cu)
  DeviceBuffer keys_in, keys_out, vals_in, vals_out;  // bucket pairs
  DeviceBuffer run_key, run_len, run_off;             // runs of equal bucket keys
  DeviceBuffer cnt_a, off_a, cnt_b, off_b;            // segment plans, ping-pong
  DeviceBuffer level_a, level_b;                      // segment sums, ping-pong
  DeviceBuffer buckets;                               // one accumulator per bucket
  DeviceBuffer chunks_a, chunks_b;                    // bucket-reduction partials
  DeviceBuffer cub_temp;

  // Bytes held by every buffer above
  size_t bytes() const;
  // Bytes held by the buffers that grow with a group's pairs (kScratchBytesPerPair)
  size_t pair_bytes() const;
};

// Makes `buffer` at least `bytes` long (contents lost when it grows).
Status ensure_bytes(DeviceBuffer& buffer, size_t bytes);

template <class T>
T* as(DeviceBuffer& buffer) {
  return static_cast<T*>(buffer.data());
}

// Classifies input.num_scalars scalars (Fr, Montgomery form, 8 words each, at positions i; the
// scalar's index is i, or rev(i) when input.scalars_bit_reversed) with an optional density
// bitmap (bit v: scalar v has a base; bases are numbered by rank among the set bits, else base
// v): fills scratch.base_index (per position), scratch.others (positions; + scratch.canon, their
// folded plain values) and scratch.ones. Scalars 0 and scalars without a base (no density bit,
// or a base ≥ input.num_bases) are dropped.
Status classify_scalars(const DeviceMsmInput& input, MsmScratch& scratch, cudaStream_t stream, size_t* others,
                        size_t* ones);

// Bucket pairs of windows [w0, w0 + wg) of the m other scalars with window c: pair
// (w − w0)·m + j has key (w − w0)·2^(c−1) + |d| − 1 (or the sentinel wg·2^(c−1) for d = 0)
// and value base | sign·2^31, d the signed digit of window w of scalar j. Sorted by key into
// keys_out/vals_out; runs of equal keys in run_key/run_len/run_off. Returns the run count.
Status sorted_bucket_runs(MsmScratch& scratch, size_t m, unsigned c, size_t w0, size_t wg, cudaStream_t stream,
                          size_t* runs);

// Pairs a group of windows may hold: `requested` if not 0, else min(kMaxPairs, what the
// device's free memory and the pair buffers already held fit at kScratchBytesPerPair).
Result<size_t> group_pairs_limit(const MsmScratch& scratch, size_t requested);

// Segment plan over `runs` groups with item counts d_cnt: seg_cnt[u] = ⌈cnt[u]/kSegment⌉
// (0 for groups whose key is the sentinel when d_key is given), seg_off = exclusive scan.
// Returns the total number of segments.
Status plan_segments(MsmScratch& scratch, const uint32_t* d_key, uint32_t sentinel, const uint32_t* d_cnt,
                     size_t runs, uint32_t* d_seg_cnt, uint32_t* d_seg_off, cudaStream_t stream, size_t* total);

// The curve entry points behind msm_device.hpp (msm_g1.cu, msm_g2.cu).
Status run_msm_g1(const DeviceMsmInput& input, MsmScratch& scratch, cudaStream_t stream, DeviceMsmResult* result);
Status run_msm_g2(const DeviceMsmInput& input, MsmScratch& scratch, cudaStream_t stream, DeviceMsmResult* result);
Status convert_bases_g1(const void* d_raw, size_t host_stride, size_t count, void* d_out, cudaStream_t stream);
Status convert_bases_g2(const void* d_raw, size_t host_stride, size_t count, void* d_out, cudaStream_t stream);

// Checks the launch and returns its error, if any.
Status launch_status(const char* what);

}  // namespace cuzk::backend::cuda
