// The NTT kernels of ntt_device.hpp (design note there): the four-step DIF/DIT passes with
// register rounds and fused scalings, bit reversal, and the elementwise quotient.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/arith/field_device.cuh"
#include "backend/cuda/ntt/ntt_device.hpp"

namespace cuzk::backend::cuda {
namespace {

// Stages per register round: 8 values per thread.
constexpr uint32_t kRoundLog = 3;
// Values per thread block: 2^10 (32 KiB of shared memory, 128 threads of 8 values; four
// blocks a multiprocessor, whose phases drift apart so that one block's loads and barriers
// overlap the others' products), or 2^11 for a pass of 10 stages, so that a block still holds
// two columns (contiguous runs of 64 bytes, not single 32-byte values at a large stride).
constexpr uint32_t kBlockLog = 10, kWideBlockLog = 11;
constexpr uint32_t block_log_for(uint32_t stages) { return std::max(kBlockLog, stages + 1); }
constexpr unsigned max_threads(uint32_t block_log) { return 1u << (block_log - kRoundLog); }
// Registers a thread of the pass kernel may use, and so the blocks a multiprocessor holds.
constexpr unsigned kPassRegisters = 128;
constexpr unsigned min_blocks(uint32_t block_log) { return (1u << 16) / (max_threads(block_log) * kPassRegisters); }
constexpr unsigned kElementwiseThreads = 256;

static_assert(sizeof(DeviceFr) == sizeof(FrWords));
static_assert(sizeof(DeviceFr) == 2 * sizeof(uint4));

// A table entry through the read-only cache as two 128-bit loads (an element's plain load
// compiles to eight 32-bit ones).
__device__ __forceinline__ DeviceFr load_table(const DeviceFr* __restrict__ entry) {
  DeviceFr x;
  uint4* halves = reinterpret_cast<uint4*>(&x);
  const uint4* source = reinterpret_cast<const uint4*>(entry);
  halves[0] = __ldg(source);
  halves[1] = __ldg(source + 1);
  return x;
}

__device__ __forceinline__ DeviceFr power(const DeviceFr* __restrict__ lo, const DeviceFr* __restrict__ hi,
                                          uint32_t lo_log, size_t e) {
  return load_table(lo + (e & ((size_t{1} << lo_log) - 1))) * load_table(hi + (e >> lo_log));
}

__device__ __forceinline__ size_t reverse(size_t i, uint32_t bits) {
  return bits == 0 ? 0 : static_cast<size_t>(__brevll(static_cast<unsigned long long>(i)) >> (64 - bits));
}

// Shared memory holds each value as two 16-byte halves in two planes (plane h at
// [h·count + index]), so a warp's 16-byte accesses to consecutive values are conflict-free.
struct SharedValues {
  uint4* base;
  uint32_t count;

  __device__ __forceinline__ DeviceFr load(uint32_t index) const {
    DeviceFr x;
    uint4* halves = reinterpret_cast<uint4*>(&x);
    halves[0] = base[index];
    halves[1] = base[count + index];
    return x;
  }
  __device__ __forceinline__ void store(uint32_t index, const DeviceFr& x) const {
    const uint4* halves = reinterpret_cast<const uint4*>(&x);
    base[index] = halves[0];
    base[count + index] = halves[1];
  }
};

// Fused work, device view (ntt_device.hpp DifFusion; DIF only).
struct PassFusion {
  const DeviceFr* multiplier;  // first pass: v ← v·multiplier[i]
  const DeviceFr* input_lo;  // first pass: v ← v·x^i
  const DeviceFr* input_hi;
  uint32_t input_lo_log;
  const DeviceFr* output_lo;  // last pass: v ← v·x^rev(i)
  const DeviceFr* output_hi;
  uint32_t output_lo_log;
  bool scale_output;  // last pass, no output powers: v ← v·output_factor
  DeviceFr output_factor;
  const DeviceFr* subtrahend;  // last pass, after the scaling: v ← v − subtrahend[i]
};

// One pass's geometry: blocks of 2^high values, columns of 2^s values at stride 2^(high − s),
// 2^columns_log adjacent columns per thread block; the pass's place in the transform.
struct PassShape {
  uint32_t log_n, high, s, columns_log;
  bool first, last;
};

// One round of `kStages` radix-2 stages on stage bits [b, b + kStages) of every column in
// shared memory: each thread takes 2^kStages values m = base | (i << b), i < 2^kStages.
// The stage at bit c pairs (m, m + 2^c) with the root ω_(2^(c+1))^(m mod 2^c) =
// roots[2^c + (m mod 2^c)] (the stage-major table of NttRoots::column: a stage's roots
// contiguous, so a warp's loads of neighbouring roots share cache lines).
template <uint32_t kStages, bool kDit>
__device__ __forceinline__ void column_round(const SharedValues& shared, uint32_t values_log,
                                                  uint32_t columns_log, uint32_t b,
                                                  const DeviceFr* __restrict__ roots) {
  constexpr uint32_t kCount = 1u << kStages;
  const uint32_t slots = 1u << (values_log - kStages);
  for (uint32_t q = threadIdx.x; q < slots; q += blockDim.x) {
    const uint32_t column = q & ((1u << columns_log) - 1), rest = q >> columns_log;
    const uint32_t low = rest & ((1u << b) - 1), base = ((rest >> b) << (b + kStages)) | low;
    DeviceFr x[kCount];
#pragma unroll
    for (uint32_t i = 0; i < kCount; ++i) x[i] = shared.load(((base | (i << b)) << columns_log) + column);
#pragma unroll
    for (uint32_t k = 0; k < kStages; ++k) {
      const uint32_t h = kDit ? k : kStages - 1 - k;  // the stage's bit within i
      const uint32_t c = b + h;                        // and within the column
#pragma unroll
      for (uint32_t i = 0; i < kCount; ++i) {
        if (i & (1u << h)) continue;
        const uint32_t i_low = i & ((1u << h) - 1);
        // m mod 2^c = (i_low << b) | low: zero for every thread when b == 0 and i_low == 0
        const bool trivial = b == 0 && i_low == 0;
        DeviceFr& x0 = x[i];
        DeviceFr& x1 = x[i | (1u << h)];
        if constexpr (kDit) {
          const DeviceFr v = trivial ? x1 : x1 * load_table(roots + (1u << c) + ((i_low << b) | low));
          const DeviceFr u = x0;
          x0 = u + v;
          x1 = u - v;
        } else {
          const DeviceFr u = x0, v = x1;
          x0 = u + v;
          const DeviceFr d = u - v;
          x1 = trivial ? d : d * load_table(roots + (1u << c) + ((i_low << b) | low));
        }
      }
    }
#pragma unroll
    for (uint32_t i = 0; i < kCount; ++i) shared.store(((base | (i << b)) << columns_log) + column, x[i]);
  }
}

// A round of 1 ≤ stages ≤ kRoundLog stages (only those rounds are compiled: a larger one would
// hold more values than the register budget is set for).
template <bool kDit, uint32_t kStages = 1>
__device__ __forceinline__ void run_round(uint32_t stages, const SharedValues& shared, uint32_t values_log,
                                          uint32_t columns_log, uint32_t b, const DeviceFr* roots) {
  if constexpr (kStages < kRoundLog) {
    if (stages != kStages) return run_round<kDit, kStages + 1>(stages, shared, values_log, columns_log, b, roots);
  }
  column_round<kStages, kDit>(shared, values_log, columns_log, b, roots);
}

// One pass (ntt_device.hpp design note). kDit: twiddle on load, stages from bit 0 up;
// otherwise stages from the top bit down, twiddle on store, and the fused work.
template <bool kDit, uint32_t kPassBlockLog>
__global__ void __launch_bounds__(max_threads(kPassBlockLog), min_blocks(kPassBlockLog))
    pass_kernel(DeviceFr* __restrict__ d_a, PassShape shape, const DeviceFr* __restrict__ column_roots,
                const DeviceFr* __restrict__ twiddle_lo, const DeviceFr* __restrict__ twiddle_hi,
                uint32_t twiddle_lo_log, PassFusion fusion) {
  extern __shared__ uint4 shared_words[];
  const uint32_t s = shape.s, columns_log = shape.columns_log, values_log = s + columns_log;
  const uint32_t stride_log = shape.high - s;
  const size_t stride = size_t{1} << stride_log;
  const uint32_t columns = 1u << columns_log, values = 1u << values_log;
  const size_t first_column = size_t{blockIdx.x} << columns_log;
  const SharedValues shared{shared_words, values};
  // Value e of the block ↦ (column g, position m), so that consecutive e are contiguous in
  // memory: runs of `columns` adjacent columns, or whole blocks of 2^high when they fit.
  auto locate = [&](uint32_t e, uint32_t& g, uint32_t& m) {
    if (stride >= columns) {
      g = e & (columns - 1);
      m = e >> columns_log;
    } else {
      const uint32_t block = e >> shape.high, rem = e & ((1u << shape.high) - 1);
      m = rem >> stride_log;
      g = (block << stride_log) + (rem & static_cast<uint32_t>(stride - 1));
    }
  };
  auto global_index = [&](uint32_t g, uint32_t m, size_t& t) {
    const size_t column = first_column + g;
    t = column & (stride - 1);
    return ((column >> stride_log) << shape.high) + (size_t{m} << stride_log) + t;
  };
  // ω_N^(t·rev_s(p)) = ω_n^(t·rev_s(p)·2^shift), N = 2^high: one hi entry when shift ≥ lo_log
  const uint32_t shift = shape.log_n - shape.high;
  auto twiddle = [&](size_t t, uint32_t p) {
    const size_t e = t * reverse(p, s);
    return shift >= twiddle_lo_log ? load_table(twiddle_hi + (e << (shift - twiddle_lo_log)))
                                   : power(twiddle_lo, twiddle_hi, twiddle_lo_log, e << shift);
  };
  for (uint32_t e = threadIdx.x; e < values; e += blockDim.x) {
    uint32_t g, m;
    locate(e, g, m);
    size_t t;
    const size_t i = global_index(g, m, t);
    DeviceFr x = d_a[i];
    if constexpr (kDit) {
      if (stride_log > 0) x = x * twiddle(t, m);
    } else if (shape.first) {
      if (fusion.multiplier != nullptr) x = x * load_table(fusion.multiplier + i);
      if (fusion.input_lo != nullptr) x = x * power(fusion.input_lo, fusion.input_hi, fusion.input_lo_log, i);
    }
    shared.store((m << columns_log) + g, x);
  }
  __syncthreads();
  const uint32_t rounds = (s + kRoundLog - 1) / kRoundLog;
  uint32_t done = 0;
  for (uint32_t r = 0; r < rounds; ++r) {
    const uint32_t stages = (s - done) / (rounds - r);
    const uint32_t b = kDit ? done : s - done - stages;
    run_round<kDit>(stages, shared, values_log, columns_log, b, column_roots);
    done += stages;
    __syncthreads();
  }
  for (uint32_t e = threadIdx.x; e < values; e += blockDim.x) {
    uint32_t g, m;
    locate(e, g, m);
    size_t t;
    const size_t i = global_index(g, m, t);
    DeviceFr x = shared.load((m << columns_log) + g);
    if constexpr (!kDit) {
      if (stride_log > 0) x = x * twiddle(t, m);
      if (shape.last) {
        if (fusion.output_lo != nullptr) {
          x = x * power(fusion.output_lo, fusion.output_hi, fusion.output_lo_log, reverse(i, shape.log_n));
        } else if (fusion.scale_output) {
          x = x * fusion.output_factor;
        }
        if (fusion.subtrahend != nullptr) x = x - load_table(fusion.subtrahend + i);
      }
    }
    d_a[i] = x;
  }
}

// Bit reversal by pairs of tiles: i = (h, mid, l) with h and l of kTileLog bits goes to
// rev(i) = (rev(l), rev(mid), rev(h)). One thread block per mid ≤ rev(mid) reads the tiles
// {(h, mid, l)} and {(h, rev(mid), l)} (rows of 2^kTileLog contiguous values) and writes each
// into the other's place, transposed. In shared memory value (h, l) sits at row h, column
// l ^ rev(h): conflict-free for the row-wise stores and the transposed loads.
// Tiles of 8×8 (128 threads, one value each) up to kSmallTileMaxLog: more and smaller blocks,
// −1 % on a 2^20 transform; 16×16 (256 threads, two values each) above, where rows of 512
// bytes suit DRAM (8×8 tiles: +0.3 % at 2^27).
constexpr uint32_t kSmallTileLog = 3, kLargeTileLog = 4, kSmallTileMaxLog = 21;
constexpr unsigned tile_threads(uint32_t tile_log) { return tile_log == kSmallTileLog ? 128 : 256; }

template <uint32_t kTileLog>
__global__ void __launch_bounds__(tile_threads(kTileLog))
    bit_reverse_tiles_kernel(DeviceFr* __restrict__ d_a, uint32_t log_n) {
  constexpr uint32_t kTile = 1u << kTileLog;
  extern __shared__ uint4 shared_words[];
  const uint32_t mid_log = log_n - 2 * kTileLog;
  const size_t mid = blockIdx.x, mid_rev = reverse(mid, mid_log);
  if (mid > mid_rev) return;
  const uint32_t tiles = mid == mid_rev ? 1 : 2;
  const SharedValues shared{shared_words, 2 * kTile * kTile};
  auto global_index = [&](uint32_t which, uint32_t h, uint32_t l) {
    return (size_t{h} << (log_n - kTileLog)) + ((which == 0 ? mid : mid_rev) << kTileLog) + l;
  };
  auto shared_index = [](uint32_t which, uint32_t h, uint32_t l) {
    return (which << (2 * kTileLog)) + (h << kTileLog) + (l ^ static_cast<uint32_t>(reverse(h, kTileLog)));
  };
  const uint32_t values = tiles << (2 * kTileLog);
  for (uint32_t e = threadIdx.x; e < values; e += blockDim.x) {
    const uint32_t which = e >> (2 * kTileLog), h = (e >> kTileLog) & (kTile - 1), l = e & (kTile - 1);
    shared.store(shared_index(which, h, l), d_a[global_index(which, h, l)]);
  }
  __syncthreads();
  // (a, mid of tile `which`, b) ← (rev(b), mid of the other tile, rev(a))
  for (uint32_t e = threadIdx.x; e < values; e += blockDim.x) {
    const uint32_t which = e >> (2 * kTileLog), a = (e >> kTileLog) & (kTile - 1), b = e & (kTile - 1);
    const uint32_t other = tiles - 1 - which;
    d_a[global_index(which, a, b)] = shared.load(shared_index(
        other, static_cast<uint32_t>(reverse(b, kTileLog)), static_cast<uint32_t>(reverse(a, kTileLog))));
  }
}

// The plain swap, for sizes below two 8×8 tiles' bits.
__global__ void bit_reverse_kernel(DeviceFr* d_a, uint32_t log_n) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >> log_n) return;
  const size_t r = reverse(i, log_n);
  if (i < r) {
    const DeviceFr t = d_a[i];
    d_a[i] = d_a[r];
    d_a[r] = t;
  }
}

__global__ void quotient_kernel(DeviceFr* d_a, const DeviceFr* d_b, const DeviceFr* d_c, size_t n, DeviceFr factor) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < n) d_a[i] = (d_a[i] * d_b[i] - d_c[i]) * factor;
}

__global__ void expand_powers_kernel(DeviceFr* out, const DeviceFr* lo, const DeviceFr* hi, uint32_t lo_log,
                                     size_t count) {
  const size_t e = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (e < count) out[e] = power(lo, hi, lo_log, e);
}

unsigned elementwise_blocks(size_t n) {
  return static_cast<unsigned>(std::max<size_t>(1, (n + kElementwiseThreads - 1) / kElementwiseThreads));
}

DeviceFr to_device(const FrWords& x) {
  DeviceFr out;
  static_assert(std::is_trivially_copyable_v<DeviceFr>);
  std::memcpy(static_cast<void*>(&out), &x, sizeof(out));
  return out;
}

// Stages per pass for a DIF, from the longest block: ≤ kMaxPassLog each, balanced
// (27 → 9, 9, 9; 26 → 8, 9, 9).
std::vector<uint32_t> dif_pass_stages(uint32_t log_n) {
  const uint32_t passes = (log_n + kMaxPassLog - 1) / kMaxPassLog;
  std::vector<uint32_t> out;
  uint32_t done = 0;
  for (uint32_t p = 0; p < passes; ++p) {
    out.push_back((log_n - done) / (passes - p));
    done += out.back();
  }
  return out;
}

template <bool kDit, uint32_t kPassBlockLog>
Status launch_pass(void* d_values, const PassShape& shape, const NttRoots& roots, const PassFusion& fusion,
                   cudaStream_t stream) {
  const uint32_t values_log = shape.s + shape.columns_log;
  const size_t shared_bytes = sizeof(DeviceFr) << values_log;
  // per device (cheap): the block's values may exceed the default 48 KiB of shared memory
  CUZK_CUDA_TRY(cudaFuncSetAttribute(pass_kernel<kDit, kPassBlockLog>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(shared_bytes)));
  const unsigned threads = std::max(1u, std::min(max_threads(kPassBlockLog), (1u << values_log) >> kRoundLog));
  const size_t blocks = size_t{1} << (shape.log_n - values_log);
  pass_kernel<kDit, kPassBlockLog><<<static_cast<unsigned>(blocks), threads, shared_bytes, stream>>>(
      static_cast<DeviceFr*>(d_values), shape, static_cast<const DeviceFr*>(roots.column),
      static_cast<const DeviceFr*>(roots.twiddles.lo), static_cast<const DeviceFr*>(roots.twiddles.hi),
      roots.twiddles.lo_log, fusion);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

template <bool kDit>
Status launch_pass(void* d_values, const PassShape& shape, const NttRoots& roots, const PassFusion& fusion,
                   cudaStream_t stream) {
  static_assert(block_log_for(kMaxPassLog) <= kWideBlockLog);
  return block_log_for(shape.s) == kWideBlockLog
             ? launch_pass<kDit, kWideBlockLog>(d_values, shape, roots, fusion, stream)
             : launch_pass<kDit, kBlockLog>(d_values, shape, roots, fusion, stream);
}

// The passes of one transform: DIF from the longest block, DIT its transpose in reverse order.
template <bool kDit>
Status run_passes(void* d_values, uint32_t log_n, const NttRoots& roots, const PassFusion& fusion,
                  cudaStream_t stream) {
  if (log_n == 0 || log_n > 30) return Status::invalid_argument("ntt: log size out of range");
  const std::vector<uint32_t> stages = dif_pass_stages(log_n);
  const size_t passes = stages.size();
  uint32_t high = log_n;  // the DIF's block size before pass p
  std::vector<PassShape> shapes;
  for (size_t p = 0; p < passes; ++p) {
    const uint32_t s = stages[p];
    const uint32_t columns_log = std::min(log_n - s, block_log_for(s) - s);
    shapes.push_back(PassShape{log_n, high, s, columns_log, p == 0, p + 1 == passes});
    high -= s;
  }
  if constexpr (kDit) {
    for (size_t p = passes; p-- > 0;) CUZK_RETURN_IF_ERROR(launch_pass<true>(d_values, shapes[p], roots, fusion, stream));
  } else {
    for (const PassShape& shape : shapes) CUZK_RETURN_IF_ERROR(launch_pass<false>(d_values, shape, roots, fusion, stream));
  }
  return Status::ok();
}

template <uint32_t kTileLog>
Status launch_bit_reverse_tiles(DeviceFr* d_a, uint32_t log_n, cudaStream_t stream) {
  constexpr size_t shared_bytes = 2 * sizeof(DeviceFr) << (2 * kTileLog);
  static_assert(shared_bytes <= 48 * 1024, "within the default dynamic shared memory: no attribute to set");
  bit_reverse_tiles_kernel<kTileLog><<<static_cast<unsigned>(size_t{1} << (log_n - 2 * kTileLog)),
                                       tile_threads(kTileLog), shared_bytes, stream>>>(d_a, log_n);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace

uint32_t ntt_power_lo_log(uint32_t log_n) { return log_n == 0 ? 0 : dif_pass_stages(log_n).front(); }

Status ntt_dif(void* d_values, uint32_t log_n, const NttRoots& roots, const DifFusion& fusion, void* stream) {
  const PassFusion device_fusion{static_cast<const DeviceFr*>(fusion.multiplier),
                                 static_cast<const DeviceFr*>(fusion.input_powers.lo),
                                 static_cast<const DeviceFr*>(fusion.input_powers.hi),
                                 fusion.input_powers.lo_log,
                                 static_cast<const DeviceFr*>(fusion.output_powers.lo),
                                 static_cast<const DeviceFr*>(fusion.output_powers.hi),
                                 fusion.output_powers.lo_log,
                                 fusion.scale_output,
                                 to_device(fusion.output_factor),
                                 static_cast<const DeviceFr*>(fusion.subtrahend)};
  return run_passes<false>(d_values, log_n, roots, device_fusion, static_cast<cudaStream_t>(stream));
}

Status ntt_dit(void* d_values, uint32_t log_n, const NttRoots& roots, void* stream) {
  return run_passes<true>(d_values, log_n, roots, PassFusion{}, static_cast<cudaStream_t>(stream));
}

Status ntt_bit_reverse(void* d_values, uint32_t log_n, void* stream) {
  auto* s = static_cast<cudaStream_t>(stream);
  auto* d_a = static_cast<DeviceFr*>(d_values);
  if (log_n > kSmallTileMaxLog) return launch_bit_reverse_tiles<kLargeTileLog>(d_a, log_n, s);
  if (log_n >= 2 * kSmallTileLog) return launch_bit_reverse_tiles<kSmallTileLog>(d_a, log_n, s);
  bit_reverse_kernel<<<elementwise_blocks(size_t{1} << log_n), kElementwiseThreads, 0, s>>>(d_a, log_n);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status ntt_expand_powers(void* d_out, const DevicePowers& powers, size_t count) {
  expand_powers_kernel<<<elementwise_blocks(count), kElementwiseThreads>>>(
      static_cast<DeviceFr*>(d_out), static_cast<const DeviceFr*>(powers.lo), static_cast<const DeviceFr*>(powers.hi),
      powers.lo_log, count);
  CUZK_CUDA_TRY(cudaGetLastError());
  CUZK_CUDA_TRY(cudaStreamSynchronize(nullptr));
  return Status::ok();
}

Status ntt_quotient(void* d_a, const void* d_b, const void* d_c, size_t n, const FrWords& factor, void* stream) {
  quotient_kernel<<<elementwise_blocks(n), kElementwiseThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<DeviceFr*>(d_a), static_cast<const DeviceFr*>(d_b), static_cast<const DeviceFr*>(d_c), n,
      to_device(factor));
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
