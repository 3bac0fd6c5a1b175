// The curve-dependent half of the GPU MSM (msm_device.hpp's design note, steps 2–4) over
// DeviceAffine<F> bases and DeviceXyzz<F> accumulators, F = DeviceFq (G1) or DeviceFq2 (G2):
// instantiated once per curve (msm_g1.cu, msm_g2.cu). Internal to backend/cuda.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "backend/cuda/arith/curve_device.cuh"
#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/arith/fq2_lane_device.cuh"
#include "backend/cuda/msm/msm_device.hpp"
#include "backend/cuda/msm/msm_scratch.cuh"

namespace cuzk::backend::cuda::msm_curve {

constexpr unsigned kThreads = 128;
// Accumulators of the strided first pass of the ones sum (a power of two): 2^16 keeps every SM
// busy (the pairwise folds after it are ~2^16 additions); Filecoin witnesses send most of
// their scalars here.
constexpr size_t kOnesSums = size_t{1} << 16;

inline unsigned blocks_for(size_t n) {
  return static_cast<unsigned>(std::max<size_t>(1, (n + kThreads - 1) / kThreads));
}

// The last u with offsets[u] ≤ s (offsets non-decreasing, offsets[0] = 0).
__device__ __forceinline__ size_t owner_of(const uint32_t* offsets, size_t count, uint32_t s) {
  size_t lo = 0, hi = count;  // answer in [lo, hi)
  while (hi - lo > 1) {
    const size_t mid = (lo + hi) / 2;
    if (offsets[mid] <= s) lo = mid; else hi = mid;
  }
  return lo;
}

// Items [begin, end) of segment s: kSegment consecutive items of the group that owns s.
__device__ __forceinline__ void segment_items(const uint32_t* d_item_off, const uint32_t* d_item_cnt,
                                              const uint32_t* d_seg_off, size_t runs, size_t s, size_t& begin,
                                              size_t& end) {
  const size_t u = owner_of(d_seg_off, runs, static_cast<uint32_t>(s));
  begin = d_item_off[u] + (s - d_seg_off[u]) * kSegment;
  const size_t limit = size_t{d_item_off[u]} + d_item_cnt[u];
  end = begin + kSegment < limit ? begin + kSegment : limit;
}

// How the accumulating kernels hold a point: in the form A of its field, on kLanes threads.
// G1 on one thread, Fq in the redundant form [0, 2p) (no final subtraction per product,
// field_device.cuh). G2 on a pair of adjacent lanes (DeviceFq2Lane, fq2_lane_device.cuh), each
// holding one coefficient of every coordinate: its registers fit a point and an addition with
// no stack frame, where one thread a point spilled ≈ 640 bytes per addition. Points are
// converted on the way in (a reduced value is a redundant one) and reduced on the way out, so
// every buffer holds reduced points in the host layout.
template <class F>
struct FieldLanes;
template <>
struct FieldLanes<DeviceFq> {
  using A = DeviceFqRedundant;
  static constexpr unsigned kLanes = 1;
  // the part of x this lane holds (here all of it), and that part as a lane value
  __device__ __forceinline__ static const DeviceFq& lane_part(const DeviceFq& x) { return x; }
  __device__ __forceinline__ static A from_part(const DeviceFq& part) { return A::from(part); }
  __device__ __forceinline__ static A load(const DeviceFq& x) { return from_part(lane_part(x)); }
  __device__ __forceinline__ static void store(DeviceFq& out, const A& x) { out = x.reduced(); }
};
template <>
struct FieldLanes<DeviceFq2> {
  using A = DeviceFq2Lane;
  static constexpr unsigned kLanes = 2;
  // this lane's coefficient of x (DeviceFq2 is c0 then c1), and that coefficient as a lane value
  __device__ __forceinline__ static const DeviceFq& lane_part(const DeviceFq2& x) {
    return (&x.c0)[A::coefficient_index()];
  }
  __device__ __forceinline__ static A from_part(const DeviceFq& part) { return {part}; }
  __device__ __forceinline__ static A load(const DeviceFq2& x) { return from_part(lane_part(x)); }
  __device__ __forceinline__ static void store(DeviceFq2& out, const A& x) {
    (&out.c0)[A::coefficient_index()] = x.c.reduced();
  }
};

template <class F>
struct Accumulation : FieldLanes<F> {
  using L = FieldLanes<F>;
  using A = typename L::A;
  using X = DeviceXyzz<A>;
  // the base from this lane's parts of x and y, or its negation
  __device__ __forceinline__ static DeviceAffine<A> base_from_parts(const DeviceFq& x, const DeviceFq& y, bool negate) {
    DeviceAffine<A> q{L::from_part(x), L::from_part(y)};
    if (negate) A::neg(q.y, q.y);
    return q;
  }
  __device__ __forceinline__ static X load(const DeviceXyzz<F>& p) {
    return {L::load(p.x), L::load(p.y), L::load(p.zz), L::load(p.zzz)};
  }
  // every lane of the point stores its part
  __device__ __forceinline__ static void store(DeviceXyzz<F>& out, const X& p) {
    L::store(out.x, p.x);
    L::store(out.y, p.y);
    L::store(out.zz, p.zz);
    L::store(out.zzz, p.zzz);
  }
};

// The point this thread works on (with the other lanes of its point), and the blocks that
// give n points their lanes.
template <class F>
__device__ __forceinline__ size_t point_index() {
  return (size_t{blockIdx.x} * blockDim.x + threadIdx.x) / Accumulation<F>::kLanes;
}
template <class F>
unsigned point_blocks(size_t n) {
  return blocks_for(n * Accumulation<F>::kLanes);
}

// Blocks of kThreads per SM the ones sum asks the compiler to fit. Without a bound ptxas
// gives these point kernels 134 registers (3 blocks, 12 warps per SM); with it ≤ 128 (4 blocks,
// 16 warps, 8 bytes spilled). Predicted: more warps hide the serial carry chains better.
// Measured on the H200 (2026-11-30): the ones sum got faster (G1 witness-like 2^27:
// 124 → 92.6 ms), the bucket accumulation slower (2^26 random: 247 → 280 ms per group of 4
// windows), so only the ones sum is bounded. G2 is not: on a pair of lanes its mixed addition
// needs ≈ 240 registers to keep a zero stack frame (two blocks per SM).
template <class F>
constexpr int kOnesBlocksPerSm = 4;
template <>
constexpr int kOnesBlocksPerSm<DeviceFq2> = 1;

// A lane's part of a base (its x and y parts, 2 × 48 bytes) on its way into shared memory by
// cp.async while the previous base is added: the copy holds no registers (loading the next
// point into registers instead was measured 40 % slower on the H200, G1 2^26 889 → 1243 ms,
// for its 24 more live registers). Slot k of thread t is six 16-byte chunks at
// chunk[k][j][t], so a warp's accesses to one chunk are consecutive (conflict-free).
template <class F>
struct StagedBases {
  static constexpr unsigned kChunks = 2 * sizeof(DeviceFq) / sizeof(uint4);
  uint4 chunk[2][kChunks][kThreads];

  // issues the copy of `base`'s lane part into slot k (one commit group)
  __device__ __forceinline__ void fetch(unsigned k, const DeviceAffine<F>& base) {
    const uint4* x = reinterpret_cast<const uint4*>(&FieldLanes<F>::lane_part(base.x));
    const uint4* y = reinterpret_cast<const uint4*>(&FieldLanes<F>::lane_part(base.y));
#pragma unroll
    for (unsigned j = 0; j < kChunks; ++j) {
      const uint4* source = j < kChunks / 2 ? x + j : y + (j - kChunks / 2);
      const auto target = static_cast<uint32_t>(__cvta_generic_to_shared(&chunk[k][j][threadIdx.x]));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(target), "l"(source) : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  }
  // waits until at most kPending of this thread's copies are in flight
  template <int kPending>
  __device__ __forceinline__ static void wait() {
    asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
  }
  // slot k's base (a finished copy), negated if asked
  __device__ __forceinline__ DeviceAffine<typename Accumulation<F>::A> base(unsigned k, bool negate) const {
    DeviceFq part[2];
    uint4* words = reinterpret_cast<uint4*>(part);
#pragma unroll
    for (unsigned j = 0; j < kChunks; ++j) words[j] = chunk[k][j][threadIdx.x];
    return Accumulation<F>::base_from_parts(part[0], part[1], negate);
  }
};

// acc += Σ ±bases[i & 0x7fffffff] over the `count` packed entries entry(0), …, entry(count − 1)
// (bit 31: negate), each base fetched into shared memory while the one before it is added.
template <class F, class Entry>
__device__ __forceinline__ void add_staged_bases(typename Accumulation<F>::X& acc, StagedBases<F>& staged,
                                                 const DeviceAffine<F>* d_bases, size_t count, Entry entry) {
  if (count == 0) return;
  uint32_t next = entry(0);
  staged.fetch(0, d_bases[next & 0x7fffffffu]);
  for (size_t i = 0; i < count; ++i) {
    const unsigned k = static_cast<unsigned>(i) & 1u;
    const bool negate = (next >> 31) != 0;
    if (i + 1 < count) {
      next = entry(i + 1);
      staged.fetch(k ^ 1u, d_bases[next & 0x7fffffffu]);
      StagedBases<F>::template wait<1>();
    } else {
      StagedBases<F>::template wait<0>();
    }
    acc.add_mixed(staged.base(k, negate));
  }
}

// Level 0: segment s of bucket run u sums ≤ kSegment of its sorted points.
template <class F>
__global__ void accumulate_points_kernel(const DeviceAffine<F>* d_bases, const uint32_t* d_vals,
                                         const uint32_t* d_item_off, const uint32_t* d_item_cnt,
                                         const uint32_t* d_seg_off, size_t runs, size_t segments,
                                         DeviceXyzz<F>* d_out) {
  __shared__ StagedBases<F> staged;
  const size_t s = point_index<F>();
  if (s >= segments) return;
  size_t begin, end;
  segment_items(d_item_off, d_item_cnt, d_seg_off, runs, s, begin, end);
  using Acc = Accumulation<F>;
  typename Acc::X acc = Acc::X::identity();
  add_staged_bases<F>(acc, staged, d_bases, end - begin, [&](size_t i) { return d_vals[begin + i]; });
  Acc::store(d_out[s], acc);
}

// Level k ≥ 1: segment s of group u sums ≤ kSegment of the previous level's sums.
template <class F>
__global__ void accumulate_sums_kernel(const DeviceXyzz<F>* d_items, const uint32_t* d_item_off,
                                       const uint32_t* d_item_cnt, const uint32_t* d_seg_off, size_t runs,
                                       size_t segments, DeviceXyzz<F>* d_out) {
  const size_t s = point_index<F>();
  if (s >= segments) return;
  size_t begin, end;
  segment_items(d_item_off, d_item_cnt, d_seg_off, runs, s, begin, end);
  using Acc = Accumulation<F>;
  typename Acc::X acc = Acc::load(d_items[begin]);
  for (size_t p = begin + 1; p < end; ++p) acc.add(Acc::load(d_items[p]));
  Acc::store(d_out[s], acc);
}

// Bucket run u (one sum left, at d_item_off[u], unless it has none) → its bucket.
template <class F>
__global__ void scatter_kernel(const DeviceXyzz<F>* d_items, const uint32_t* d_item_off, const uint32_t* d_item_cnt,
                               const uint32_t* d_run_key, size_t runs, DeviceXyzz<F>* d_buckets) {
  const size_t u = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (u < runs && d_item_cnt[u] != 0) d_buckets[d_run_key[u]] = d_items[d_item_off[u]];
}

// Accumulator (w, chunk): Σ_{b ∈ [lo, lo + len)} (b + 1)·B_b of window w, bucket b holding digit
// b + 1: running sums give Σ (b − lo + 1)·B_b and Σ B_b; plus lo·Σ B_b.
template <class F>
__global__ void reduce_buckets_kernel(const DeviceXyzz<F>* d_buckets, size_t windows, uint32_t buckets_per_window,
                                      uint32_t len, DeviceXyzz<F>* d_out) {
  const uint32_t chunks = buckets_per_window / len;
  const size_t t = point_index<F>();
  if (t >= windows * chunks) return;
  const size_t w = t / chunks;
  const uint32_t lo = static_cast<uint32_t>(t % chunks) * len;
  const DeviceXyzz<F>* window = d_buckets + w * buckets_per_window;
  using Acc = Accumulation<F>;
  using X = typename Acc::X;
  X running = X::identity(), sum = X::identity();
  for (uint32_t b = lo + len; b-- > lo;) {
    running.add(Acc::load(window[b]));
    sum.add(running);
  }
  if (lo != 0) sum.add(running.times(lo));
  Acc::store(d_out[t], sum);
}

// d_out[g·half + i] = d_in[g·2·half + 2i] + d_in[g·2·half + 2i + 1] for g < groups, i < half.
template <class F>
__global__ void pairwise_kernel(const DeviceXyzz<F>* d_in, size_t groups, size_t half, DeviceXyzz<F>* d_out) {
  const size_t t = point_index<F>();
  if (t >= groups * half) return;
  using Acc = Accumulation<F>;
  typename Acc::X a = Acc::load(d_in[2 * t]);
  a.add(Acc::load(d_in[2 * t + 1]));
  Acc::store(d_out[t], a);
}

// Accumulator t of T (on its lanes): Σ bases[ones[j]] for j ≡ t mod T.
template <class F>
__global__ void __launch_bounds__(kThreads, kOnesBlocksPerSm<F>)
    ones_kernel(const DeviceAffine<F>* d_bases, const uint32_t* d_ones, size_t count, size_t sums,
                DeviceXyzz<F>* d_out) {
  __shared__ StagedBases<F> staged;
  const size_t t = point_index<F>();
  if (t >= sums) return;
  using Acc = Accumulation<F>;
  typename Acc::X acc = Acc::X::identity();
  // the ones list holds base indices (< 2^31: bit 31 clear, no negation)
  const size_t mine = t < count ? (count - t + sums - 1) / sums : 0;
  add_staged_bases<F>(acc, staged, d_bases, mine, [&](size_t i) { return d_ones[t + i * sums]; });
  Acc::store(d_out[t], acc);
}

// Host ec::Affine<C> record (x, y, bool infinity) → device affine ((0, 0) for infinity).
template <class F>
__global__ void convert_bases_kernel(const unsigned char* d_raw, size_t stride, size_t count, DeviceAffine<F>* d_out) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const unsigned char* record = d_raw + i * stride;
  DeviceAffine<F> p;
  uint32_t* words = reinterpret_cast<uint32_t*>(&p);
  const uint32_t* in = reinterpret_cast<const uint32_t*>(record);
  const bool infinity = record[2 * sizeof(F)] != 0;
#pragma unroll
  for (size_t j = 0; j < 2 * sizeof(F) / 4; ++j) words[j] = infinity ? 0u : in[j];
  d_out[i] = p;
}

// With CUZK_MSM_TIMING=1, the milliseconds of each step on stderr ("CUZK_MSM: step=… ms=…"),
// the stream synchronised at every lap: for tuning, not for production runs.
class StepTimer {
 public:
  explicit StepTimer(cudaStream_t stream) : stream_(stream) {
    const char* value = std::getenv("CUZK_MSM_TIMING");
    on_ = value != nullptr && value[0] == '1';
  }
  void lap(const char* step) {
    if (!on_) return;
    static_cast<void>(cudaStreamSynchronize(stream_));
    const auto now = std::chrono::steady_clock::now();
    std::fprintf(stderr, "CUZK_MSM: step=%s ms=%.2f\n", step,
                 std::chrono::duration<double, std::milli>(now - last_).count());
    last_ = now;
  }

 private:
  cudaStream_t stream_;
  bool on_ = false;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Folds `groups` rows of `width` (a power of two) XYZZ in d_a pairwise into d_a[0..groups)
// (d_b is scratch of the same size). Returns the buffer holding the result.
template <class F>
Status fold_pairwise(DeviceXyzz<F>* d_a, DeviceXyzz<F>* d_b, size_t groups, size_t width, cudaStream_t stream,
                     DeviceXyzz<F>** result) {
  while (width > 1) {
    const size_t half = width / 2;
    pairwise_kernel<F><<<point_blocks<F>(groups * half), kThreads, 0, stream>>>(d_a, groups, half, d_b);
    if (Status s = launch_status("pairwise_kernel"); !s.is_ok()) return s;
    std::swap(d_a, d_b);
    width = half;
  }
  *result = d_a;
  return Status::ok();
}

template <class F>
Status download(const DeviceXyzz<F>* d_src, size_t count, std::vector<std::byte>& out, cudaStream_t stream) {
  const size_t at = out.size();
  out.resize(at + count * sizeof(DeviceXyzz<F>));
  CUZK_CUDA_TRY(cudaMemcpyAsync(out.data() + at, d_src, count * sizeof(DeviceXyzz<F>), cudaMemcpyDeviceToHost, stream));
  return Status::ok();
}

// The Σ over the ones list (an identity when empty).
template <class F>
Status ones_sum(MsmScratch& scratch, const DeviceAffine<F>* d_bases, size_t count, cudaStream_t stream,
                std::vector<std::byte>& out) {
  using X = DeviceXyzz<F>;
  size_t sums = 1;
  while (sums < count && sums < kOnesSums) sums *= 2;
  if (Status s = ensure_bytes(scratch.chunks_a, sums * sizeof(X)); !s.is_ok()) return s;
  if (Status s = ensure_bytes(scratch.chunks_b, sums * sizeof(X)); !s.is_ok()) return s;
  ones_kernel<F><<<point_blocks<F>(sums), kThreads, 0, stream>>>(d_bases, as<uint32_t>(scratch.ones), count, sums,
                                                                 as<X>(scratch.chunks_a));
  if (Status s = launch_status("ones_kernel"); !s.is_ok()) return s;
  X* result = nullptr;
  if (Status s = fold_pairwise<F>(as<X>(scratch.chunks_a), as<X>(scratch.chunks_b), 1, sums, stream, &result);
      !s.is_ok()) {
    return s;
  }
  return download<F>(result, 1, out, stream);
}

// Windows [w0, w0 + wg) of the m other scalars → wg window sums appended to `out`.
template <class F>
Status window_group(MsmScratch& scratch, const DeviceAffine<F>* d_bases, size_t m, unsigned c, size_t w0, size_t wg,
                    cudaStream_t stream, std::vector<std::byte>& out) {
  using X = DeviceXyzz<F>;
  StepTimer timer(stream);
  size_t runs = 0;
  if (Status s = sorted_bucket_runs(scratch, m, c, w0, wg, stream, &runs); !s.is_ok()) return s;
  timer.lap("pairs+sort+runs");
  const uint32_t per_window = 1u << (c - 1);
  const uint32_t sentinel = static_cast<uint32_t>(wg) * per_window;
  for (DeviceBuffer* b : {&scratch.cnt_a, &scratch.off_a, &scratch.cnt_b, &scratch.off_b}) {
    if (Status s = ensure_bytes(*b, runs * sizeof(uint32_t)); !s.is_ok()) return s;
  }
  // Level 0: points → segment sums (plan A); then fold while a bucket has several sums.
  size_t segments = 0;
  if (Status s = plan_segments(scratch, as<uint32_t>(scratch.run_key), sentinel, as<uint32_t>(scratch.run_len), runs,
                               as<uint32_t>(scratch.cnt_a), as<uint32_t>(scratch.off_a), stream, &segments);
      !s.is_ok()) {
    return s;
  }
  if (Status s = ensure_bytes(scratch.level_a, std::max<size_t>(segments, 1) * sizeof(X)); !s.is_ok()) return s;
  accumulate_points_kernel<F><<<point_blocks<F>(segments), kThreads, 0, stream>>>(
      d_bases, as<uint32_t>(scratch.vals_out), as<uint32_t>(scratch.run_off), as<uint32_t>(scratch.run_len),
      as<uint32_t>(scratch.off_a), runs, segments, as<X>(scratch.level_a));
  if (Status s = launch_status("accumulate_points_kernel"); !s.is_ok()) return s;
  DeviceBuffer* items = &scratch.level_a;
  DeviceBuffer* sums = &scratch.level_b;
  DeviceBuffer *item_cnt = &scratch.cnt_a, *item_off = &scratch.off_a;
  DeviceBuffer *seg_cnt = &scratch.cnt_b, *seg_off = &scratch.off_b;
  size_t items_total = segments;
  while (true) {
    size_t next = 0;
    if (Status s = plan_segments(scratch, nullptr, 0, as<uint32_t>(*item_cnt), runs, as<uint32_t>(*seg_cnt),
                                 as<uint32_t>(*seg_off), stream, &next);
        !s.is_ok()) {
      return s;
    }
    if (next == items_total) break;  // every bucket has at most one sum
    if (Status s = ensure_bytes(*sums, std::max<size_t>(next, 1) * sizeof(X)); !s.is_ok()) return s;
    accumulate_sums_kernel<F><<<point_blocks<F>(next), kThreads, 0, stream>>>(
        as<X>(*items), as<uint32_t>(*item_off), as<uint32_t>(*item_cnt), as<uint32_t>(*seg_off), runs, next,
        as<X>(*sums));
    if (Status s = launch_status("accumulate_sums_kernel"); !s.is_ok()) return s;
    std::swap(items, sums);
    std::swap(item_cnt, seg_cnt);
    std::swap(item_off, seg_off);
    items_total = next;
  }
  timer.lap("accumulate");
  const size_t bucket_count = wg * per_window;
  if (Status s = ensure_bytes(scratch.buckets, bucket_count * sizeof(X)); !s.is_ok()) return s;
  CUZK_CUDA_TRY(cudaMemsetAsync(scratch.buckets.data(), 0, bucket_count * sizeof(X), stream));  // identities
  scatter_kernel<F><<<blocks_for(runs), kThreads, 0, stream>>>(as<X>(*items), as<uint32_t>(*item_off),
                                                               as<uint32_t>(*item_cnt), as<uint32_t>(scratch.run_key),
                                                               runs, as<X>(scratch.buckets));
  if (Status s = launch_status("scatter_kernel"); !s.is_ok()) return s;
  // Bucket reduction: chunks of len buckets, then pairwise per window.
  const uint32_t len = std::min(kReduceChunk, per_window);
  const size_t chunks = per_window / len;
  if (Status s = ensure_bytes(scratch.chunks_a, wg * chunks * sizeof(X)); !s.is_ok()) return s;
  if (Status s = ensure_bytes(scratch.chunks_b, wg * chunks * sizeof(X)); !s.is_ok()) return s;
  reduce_buckets_kernel<F><<<point_blocks<F>(wg * chunks), kThreads, 0, stream>>>(as<X>(scratch.buckets), wg, per_window,
                                                                              len, as<X>(scratch.chunks_a));
  if (Status s = launch_status("reduce_buckets_kernel"); !s.is_ok()) return s;
  X* result = nullptr;
  if (Status s = fold_pairwise<F>(as<X>(scratch.chunks_a), as<X>(scratch.chunks_b), wg, chunks, stream, &result);
      !s.is_ok()) {
    return s;
  }
  if (Status s = download<F>(result, wg, out, stream); !s.is_ok()) return s;
  CUZK_CUDA_TRY(cudaStreamSynchronize(stream));  // `out` and the scratch are reused next
  timer.lap("scatter+reduce");
  return Status::ok();
}

template <class F>
Status run(const DeviceMsmInput& input, MsmScratch& scratch, cudaStream_t stream,
           DeviceMsmResult* result) {
  using X = DeviceXyzz<F>;
  *result = DeviceMsmResult{};
  const auto* d_bases = static_cast<const DeviceAffine<F>*>(input.d_bases);
  if (input.num_scalars == 0) {
    result->ones_sum.assign(sizeof(X), std::byte{0});
    return Status::ok();
  }
  StepTimer timer(stream);
  size_t others = 0, ones = 0;
  if (Status s = classify_scalars(input, scratch, stream, &others, &ones); !s.is_ok()) {
    return s;
  }
  result->others = others;
  result->ones = ones;
  timer.lap("classify");
  if (Status s = ones_sum<F>(scratch, d_bases, ones, stream, result->ones_sum); !s.is_ok()) return s;
  CUZK_CUDA_TRY(cudaStreamSynchronize(stream));
  timer.lap("ones");
  if (others == 0) return Status::ok();
  const unsigned c = input.window_bits != 0 ? input.window_bits : gpu_msm_window_bits(others);
  const size_t windows = windows_for(c);
  Result<size_t> pairs_limit = group_pairs_limit(scratch, input.max_group_pairs);
  if (!pairs_limit.is_ok()) return pairs_limit.status();
  const size_t group = std::clamp<size_t>(*pairs_limit / others, 1, windows);
  result->window_bits = c;
  result->windows = windows;
  for (size_t w0 = 0; w0 < windows; w0 += group) {
    const size_t wg = std::min(group, windows - w0);
    if (Status s = window_group<F>(scratch, d_bases, others, c, w0, wg, stream, result->window_sums); !s.is_ok()) {
      return s;
    }
  }
  return Status::ok();
}

template <class F>
Status convert(const void* d_raw, size_t host_stride, size_t count, void* d_out, cudaStream_t stream) {
  if (count == 0) return Status::ok();
  convert_bases_kernel<F><<<blocks_for(count), kThreads, 0, stream>>>(static_cast<const unsigned char*>(d_raw),
                                                                       host_stride, count,
                                                                       static_cast<DeviceAffine<F>*>(d_out));
  return launch_status("convert_bases_kernel");
}

}  // namespace cuzk::backend::cuda::msm_curve
