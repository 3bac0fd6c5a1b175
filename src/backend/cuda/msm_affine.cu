// The batch-affine rounds of msm_affine.cuh: kernels, the inversion tree, the round driver.
#include "backend/cuda/msm_affine.cuh"

#include <algorithm>
#include <vector>

#include "backend/cuda/msm_points.cuh"

namespace cuzk::backend::cuda::msm_affine {
namespace {

using R = DeviceFqRedundant;

// Consecutive outputs per thread: one running product (a longer chain means fewer totals).
constexpr uint32_t kPerThread = 16;
// Elements per thread in every level of the inversion tree.
constexpr uint32_t kTreeFan = 32;
constexpr unsigned kThreads = 128;
unsigned blocks_for(size_t threads) {
  return static_cast<unsigned>(std::max<size_t>(1, (threads + kThreads - 1) / kThreads));
}

// The items of a round: runs of in_cnt items at in_off, their outputs at out_off.
struct RoundPlan {
  const uint32_t* in_cnt;
  const uint32_t* in_off;
  const uint32_t* out_off;
  size_t runs;
  size_t outputs;
};

// The last u with offsets[u] ≤ s (offsets non-decreasing, offsets[0] = 0).
__device__ __forceinline__ size_t run_of(const uint32_t* offsets, size_t count, size_t s) {
  size_t lo = 0, hi = count;
  while (hi - lo > 1) {
    const size_t mid = (lo + hi) / 2;
    if (offsets[mid] <= s) lo = mid; else hi = mid;
  }
  return lo;
}

// First input item of output o (of run u), and whether a second one follows it.
__device__ __forceinline__ size_t first_item(const RoundPlan& plan, size_t u, size_t o, bool& pair) {
  const size_t j = o - plan.out_off[u];
  pair = 2 * j + 1 < plan.in_cnt[u];
  return plan.in_off[u] + 2 * j;
}

enum class PairKind : uint8_t { kAdd, kDouble, kFirst, kSecond, kInfinity };

// What a + b needs; den (for kAdd and kDouble only) is the denominator of λ.
__device__ __forceinline__ PairKind classify(const Point& a, const Point& b, R& den) {
  if (a.is_identity()) return PairKind::kSecond;
  if (b.is_identity()) return PairKind::kFirst;
  if (a.x == b.x) {
    // P + P (y = 0 would be a point of order 2: none on G1) or P + (−P)
    if (a.y == b.y && !a.y.is_zero()) {
      R::dbl(den, R::from(a.y));
      return PairKind::kDouble;
    }
    return PairKind::kInfinity;
  }
  R::sub(den, R::from(b.x), R::from(a.x));
  return PairKind::kAdd;
}

// a + b from 1/den: λ = (yb − ya)/den or 3xa²/den, x3 = λ² − xa − xb, y3 = λ(xa − x3) − ya.
__device__ __forceinline__ Point affine_sum(const Point& a, const Point& b, PairKind kind, const R& inv_den) {
  const R xa = R::from(a.x), ya = R::from(a.y);
  R num, lambda, t, x3, y3;
  if (kind == PairKind::kDouble) {
    R::sqr(t, xa);
    R::dbl(num, t);
    R::add(num, num, t);
  } else {
    R::sub(num, R::from(b.y), ya);
  }
  R::mul(lambda, num, inv_den);
  R::sqr(x3, lambda);
  R::sub(x3, x3, xa);
  R::sub(x3, x3, R::from(b.x));
  R::sub(t, xa, x3);
  R::mul(y3, lambda, t);
  R::sub(y3, y3, ya);
  return {x3.reduced(), y3.reduced()};
}

// The rare denominators (an infinity, P + P, P + (−P)) as a call, so that they take no
// registers from the common case; false when the pair needs no inversion.
template <class Source>
__device__ __noinline__ bool rare_denominator(Source src, size_t i, R& den) {
  const PairKind kind = classify(src.point(i), src.point(i + 1), den);
  return kind == PairKind::kAdd || kind == PairKind::kDouble;
}

// One product per addition and a chain of dependent loads: bound by latency, so it asks for
// 8 blocks (≤ 64 registers) per SM. Measured on the H200 (2^22, 2026-12-02) without the bound:
// 96-104 registers, 25 % occupancy, 39-50 cycles per issued instruction, 45 % of a round.
template <class Source>
__global__ void __launch_bounds__(kThreads, 8) denominators_kernel(Source src, RoundPlan plan, Point* out, R* totals) {
  const size_t t = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const size_t begin = t * kPerThread;
  if (begin >= plan.outputs) return;
  const size_t end = begin + kPerThread < plan.outputs ? begin + kPerThread : plan.outputs;
  size_t u = run_of(plan.out_off, plan.runs, begin);
  R acc = R::one();
  bool started = false;
  for (size_t o = begin; o < end; ++o) {
    while (u + 1 < plan.runs && plan.out_off[u + 1] <= o) ++u;
    bool pair = false;
    const size_t i = first_item(plan, u, o, pair);
    if (pair) {
      const DeviceFq xa = src.x(i), xb = src.x(i + 1);
      R den;
      bool invert = true;
      if (xa.is_zero() || xb.is_zero() || xa == xb) {
        invert = rare_denominator(src, i, den);
      } else {
        R::sub(den, R::from(xb), R::from(xa));
      }
      if (invert) {
        if (started) {
          R::mul(acc, acc, den);
        } else {
          acc = den;
          started = true;
        }
      }
    }
    out[o].x = acc.v;  // the prefix, parked until sums_kernel overwrites the slot
  }
  totals[t] = acc;
}

template <class Source>
__global__ void __launch_bounds__(kThreads)
    sums_kernel(Source src, RoundPlan plan, const R* inv_totals, Point* out) {
  const size_t t = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const size_t begin = t * kPerThread;
  if (begin >= plan.outputs) return;
  const size_t end = begin + kPerThread < plan.outputs ? begin + kPerThread : plan.outputs;
  size_t u = run_of(plan.out_off, plan.runs, end - 1);
  R inv = inv_totals[t];  // 1 / (the denominators of outputs [begin, o])
  for (size_t o = end; o-- > begin;) {
    while (plan.out_off[u] > o) --u;
    bool pair = false;
    const size_t i = first_item(plan, u, o, pair);
    const Point a = src.point(i);
    if (!pair) {
      out[o] = a;
      continue;
    }
    const Point b = src.point(i + 1);
    R den;
    const PairKind kind = classify(a, b, den);
    if (kind == PairKind::kFirst || kind == PairKind::kSecond || kind == PairKind::kInfinity) {
      out[o] = kind == PairKind::kFirst ? a : kind == PairKind::kSecond ? b : Point{DeviceFq::zero(), DeviceFq::zero()};
      continue;
    }
    R inv_den = inv;
    if (o != begin) R::mul(inv_den, inv, R{out[o - 1].x});  // × the prefix of [begin, o − 1]
    R::mul(inv, inv, den);
    out[o] = affine_sum(a, b, kind, inv_den);
  }
}

// Level of the inversion tree: prefix[i] = Π v[first of i's thread .. i], totals[t] = the
// thread's product.
__global__ void __launch_bounds__(kThreads) tree_prefix_kernel(const R* v, size_t n, R* prefix, R* totals) {
  const size_t t = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const size_t begin = t * kTreeFan;
  if (begin >= n) return;
  const size_t end = begin + kTreeFan < n ? begin + kTreeFan : n;
  R acc = v[begin];
  prefix[begin] = acc;
  for (size_t i = begin + 1; i < end; ++i) {
    R::mul(acc, acc, v[i]);
    prefix[i] = acc;
  }
  totals[t] = acc;
}

// The same level backwards: prefix[i] ← 1/v[i] from the inverses of the totals.
__global__ void __launch_bounds__(kThreads) tree_inverse_kernel(const R* v, size_t n, const R* inv_totals, R* prefix) {
  const size_t t = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const size_t begin = t * kTreeFan;
  if (begin >= n) return;
  const size_t end = begin + kTreeFan < n ? begin + kTreeFan : n;
  R inv = inv_totals[t];
  for (size_t i = end; i-- > begin;) {
    R out = inv;
    if (i != begin) R::mul(out, inv, prefix[i - 1]);
    R::mul(inv, inv, v[i]);
    prefix[i] = out;
  }
}

__global__ void root_inverse_kernel(R* v) { v[0] = R::from(v[0].reduced().inverse()); }

// The inversion tree over n totals: level k has sizes[k] values (level 0: the totals, the
// top level one value) at value_at[k] of scratch.tree_values, and, below the top, as many
// prefixes (then inverses) at prefix_at[k] of scratch.tree_prefixes.
struct TreeLayout {
  std::vector<size_t> sizes, value_at, prefix_at;

  explicit TreeLayout(size_t n) : sizes{n}, value_at{0}, prefix_at{0} {
    while (sizes.back() > 1) sizes.push_back((sizes.back() + kTreeFan - 1) / kTreeFan);
    for (size_t k = 0; k + 1 < sizes.size(); ++k) {
      value_at.push_back(value_at.back() + sizes[k]);
      prefix_at.push_back(prefix_at.back() + sizes[k]);
    }
  }
  size_t levels() const { return sizes.size() - 1; }
  Status allocate(MsmScratch& scratch) const {
    if (Status s = ensure_bytes(scratch.tree_values, (value_at.back() + 1) * sizeof(R)); !s.is_ok()) return s;
    return ensure_bytes(scratch.tree_prefixes, std::max<size_t>(prefix_at.back(), 1) * sizeof(R));
  }
};

// The inverses of the totals at scratch.tree_values (level 0 of `tree`, already allocated).
Status invert_totals(MsmScratch& scratch, const TreeLayout& tree, cudaStream_t stream, const R** inverses) {
  R* values = as<R>(scratch.tree_values);
  R* prefixes = as<R>(scratch.tree_prefixes);
  const size_t levels = tree.levels();
  for (size_t k = 0; k < levels; ++k) {
    tree_prefix_kernel<<<blocks_for(tree.sizes[k + 1]), kThreads, 0, stream>>>(
        values + tree.value_at[k], tree.sizes[k], prefixes + tree.prefix_at[k], values + tree.value_at[k + 1]);
    if (Status s = launch_status("tree_prefix_kernel"); !s.is_ok()) return s;
  }
  root_inverse_kernel<<<1, 1, 0, stream>>>(values + tree.value_at[levels]);
  if (Status s = launch_status("root_inverse_kernel"); !s.is_ok()) return s;
  const R* above = values + tree.value_at[levels];  // the inverses of level k + 1
  for (size_t k = levels; k-- > 0;) {
    tree_inverse_kernel<<<blocks_for(tree.sizes[k + 1]), kThreads, 0, stream>>>(
        values + tree.value_at[k], tree.sizes[k], above, prefixes + tree.prefix_at[k]);
    if (Status s = launch_status("tree_inverse_kernel"); !s.is_ok()) return s;
    above = prefixes + tree.prefix_at[k];
  }
  *inverses = above;
  return Status::ok();
}

template <class Source>
Status run_round(MsmScratch& scratch, const Source& src, const RoundPlan& plan, DeviceBuffer& out_points,
                 cudaStream_t stream) {
  const size_t threads = (plan.outputs + kPerThread - 1) / kPerThread;
  if (Status s = ensure_bytes(out_points, plan.outputs * sizeof(Point)); !s.is_ok()) return s;
  const TreeLayout tree(threads);
  if (Status s = tree.allocate(scratch); !s.is_ok()) return s;
  Point* out = as<Point>(out_points);
  denominators_kernel<Source><<<blocks_for(threads), kThreads, 0, stream>>>(src, plan, out, as<R>(scratch.tree_values));
  if (Status s = launch_status("denominators_kernel"); !s.is_ok()) return s;
  const R* inverses = nullptr;
  if (Status s = invert_totals(scratch, tree, stream, &inverses); !s.is_ok()) return s;
  sums_kernel<Source><<<blocks_for(threads), kThreads, 0, stream>>>(src, plan, inverses, out);
  return launch_status("sums_kernel");
}

}  // namespace

Status rounds(MsmScratch& scratch, const Point* d_bases, size_t runs, uint32_t sentinel,
                     MsmAccumulation mode, cudaStream_t stream, RoundsResult* result) {
  *result = RoundsResult{};
  DeviceBuffer* cnt_buffers[2] = {&scratch.pair_cnt_a, &scratch.pair_cnt_b};
  DeviceBuffer* off_buffers[2] = {&scratch.pair_off_a, &scratch.pair_off_b};
  DeviceBuffer* point_buffers[2] = {&scratch.points_a, &scratch.points_b};
  for (DeviceBuffer* b : {cnt_buffers[0], cnt_buffers[1], off_buffers[0], off_buffers[1]}) {
    if (Status s = ensure_bytes(*b, runs * sizeof(uint32_t)); !s.is_ok()) return s;
  }
  const uint32_t* in_cnt = as<uint32_t>(scratch.run_len);
  const uint32_t* in_off = as<uint32_t>(scratch.run_off);
  for (size_t round = 0;; ++round) {
    uint32_t* out_cnt = as<uint32_t>(*cnt_buffers[round % 2]);
    uint32_t* out_off = as<uint32_t>(*off_buffers[round % 2]);
    size_t outputs = 0, pairs = 0;
    if (Status s = plan_pairs(scratch, round == 0 ? as<uint32_t>(scratch.run_key) : nullptr, sentinel, in_cnt, runs,
                              out_cnt, out_off, stream, &outputs, &pairs);
        !s.is_ok()) {
      return s;
    }
    const size_t copies = outputs - pairs;
    if (pairs == 0 || (mode == MsmAccumulation::kAuto && (pairs < kMinPairs || pairs < 2 * copies))) return Status::ok();
    const RoundPlan plan{in_cnt, in_off, out_off, runs, outputs};
    DeviceBuffer& out_points = *point_buffers[round % 2];
    Status s = round == 0 ? run_round(scratch, SignedBases<DeviceFq>{d_bases, as<uint32_t>(scratch.vals_out)}, plan, out_points,
                                      stream)
                          : run_round(scratch, PointArray<DeviceFq>{result->points}, plan, out_points, stream);
    if (!s.is_ok()) return s;
    *result = RoundsResult{round + 1, as<Point>(out_points), out_cnt, out_off};
    in_cnt = out_cnt;
    in_off = out_off;
  }
}

}  // namespace cuzk::backend::cuda::msm_affine
