// The NTT kernels of ntt_device.hpp: shared-memory radix-2 passes, bit reversal, scaling by
// powers, and the H quotient.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "backend/cuda/device.hpp"
#include "backend/cuda/field_device.cuh"
#include "backend/cuda/ntt_device.hpp"

namespace cuzk::backend::cuda {
namespace {

// Stages per global pass: 2^10 elements (32 KiB) of shared memory per thread block.
constexpr uint32_t kMaxPassLog = 10;
constexpr unsigned kThreads = 256;

static_assert(sizeof(DeviceFr) == sizeof(FrWords));

__device__ __forceinline__ DeviceFr power(const DeviceFr* lo, const DeviceFr* hi, size_t e) {
  return lo[e & ((size_t{1} << kPowerLoLog) - 1)] * hi[e >> kPowerLoLog];
}

// ω^e (or ω^(−e) = −ω^(n/2 − e)) for e < n/2 from the table of ω^e.
template <bool kInverse>
__device__ __forceinline__ DeviceFr root(const DeviceFr* table, size_t e, size_t half_n) {
  if (!kInverse || e == 0) return table[e];
  DeviceFr w;
  DeviceFr::neg(w, table[half_n - e]);
  return w;
}

__device__ __forceinline__ size_t reverse(size_t i, uint32_t bits) {
  return static_cast<size_t>(__brevll(static_cast<unsigned long long>(i)) >> (64 - bits));
}

// One pass: groups of 2^s elements at stride 2^(high − s) within blocks of 2^high; each
// thread block takes `per_block` consecutive groups (group id = o·stride + t).
template <bool kDit, bool kInverse>
__global__ void pass_kernel(DeviceFr* d_a, uint32_t log_n, uint32_t high, uint32_t s, uint32_t per_block,
                            const DeviceFr* roots) {
  extern __shared__ DeviceFr shared[];
  const uint32_t stride_log = high - s;
  const size_t stride = size_t{1} << stride_log;
  const uint32_t points = 1u << s;
  const uint32_t elements = points * per_block;
  const size_t first_group = size_t{blockIdx.x} * per_block;
  // Element e of the block ↦ (group g, point m); contiguous global runs either way.
  auto locate = [&](uint32_t e, uint32_t& g, uint32_t& m) {
    if (stride >= per_block) {  // per_block adjacent t's for each m
      g = e % per_block;
      m = e / per_block;
    } else {  // whole blocks of 2^high: memory order
      const uint32_t o_rel = e >> high, rem = e & ((1u << high) - 1);
      m = rem >> stride_log;
      g = (o_rel << stride_log) + (rem & static_cast<uint32_t>(stride - 1));
    }
  };
  auto global_index = [&](uint32_t g, uint32_t m) {
    const size_t gid = first_group + g;
    const size_t o = gid >> stride_log, t = gid & (stride - 1);
    return (o << high) + (size_t{m} << stride_log) + t;
  };
  for (uint32_t e = threadIdx.x; e < elements; e += blockDim.x) {
    uint32_t g, m;
    locate(e, g, m);
    shared[m * per_block + g] = d_a[global_index(g, m)];
  }
  __syncthreads();
  for (uint32_t k = 0; k < s; ++k) {
    const uint32_t half_log = kDit ? k : s - 1 - k;  // pairs (m, m + 2^half_log)
    const uint32_t half = 1u << half_log;
    // block length 2^(half_log + 1 + stride_log); twiddle ω_len^j = ω_n^(j·n/len)
    const uint32_t exp_shift = log_n - (half_log + 1 + stride_log);
    for (uint32_t q = threadIdx.x; q < elements / 2; q += blockDim.x) {
      const uint32_t g = q % per_block, r = q / per_block;
      const uint32_t m_lo = r & (half - 1), m0 = ((r >> half_log) << (half_log + 1)) + m_lo, m1 = m0 + half;
      const size_t t = (first_group + g) & (stride - 1);
      const size_t j = (size_t{m_lo} << stride_log) + t;
      const DeviceFr w = root<kInverse>(roots, j << exp_shift, size_t{1} << (log_n - 1));
      DeviceFr& x0 = shared[m0 * per_block + g];
      DeviceFr& x1 = shared[m1 * per_block + g];
      if constexpr (kDit) {
        const DeviceFr v = x1 * w, u = x0;
        x0 = u + v;
        x1 = u - v;
      } else {
        const DeviceFr u = x0, v = x1;
        x0 = u + v;
        x1 = (u - v) * w;
      }
    }
    __syncthreads();
  }
  for (uint32_t e = threadIdx.x; e < elements; e += blockDim.x) {
    uint32_t g, m;
    locate(e, g, m);
    d_a[global_index(g, m)] = shared[m * per_block + g];
  }
}

__global__ void expand_kernel(const DeviceFr* lo, const DeviceFr* hi, size_t count, DeviceFr* d_out) {
  const size_t e = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (e < count) d_out[e] = power(lo, hi, e);
}

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

__global__ void scale_kernel(DeviceFr* d_a, uint32_t log_n, const DeviceFr* lo, const DeviceFr* hi, DeviceFr factor,
                             bool bit_reversed) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >> log_n) return;
  DeviceFr f = factor;
  if (lo != nullptr) f = f * power(lo, hi, bit_reversed ? reverse(i, log_n) : i);
  d_a[i] = d_a[i] * f;
}

__global__ void quotient_kernel(DeviceFr* d_a, const DeviceFr* d_b, const DeviceFr* d_c, size_t n, DeviceFr z_inv) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < n) d_a[i] = (d_a[i] * d_b[i] - d_c[i]) * z_inv;
}

unsigned blocks_for(size_t n) { return static_cast<unsigned>(std::max<size_t>(1, (n + kThreads - 1) / kThreads)); }

DeviceFr to_device(const FrWords& x) {
  DeviceFr out;
  static_assert(std::is_trivially_copyable_v<DeviceFr>);
  std::memcpy(static_cast<void*>(&out), &x, sizeof(out));
  return out;
}

// Passes of ≤ kMaxPassLog stages, balanced: log_n = 27 → 9 + 9 + 9.
template <bool kDit, bool kInverse>
Status run_passes(void* d_values, uint32_t log_n, const void* roots, cudaStream_t stream) {
  const uint32_t passes = (log_n + kMaxPassLog - 1) / kMaxPassLog;
  uint32_t done = 0;
  for (uint32_t p = 0; p < passes; ++p) {
    const uint32_t s = (log_n - done) / (passes - p);  // the remaining stages, evenly
    const uint32_t high = kDit ? done + s : log_n - done;
    const size_t groups = size_t{1} << (log_n - s);
    const uint32_t per_block =
        static_cast<uint32_t>(std::min<size_t>(groups, size_t{1} << (kMaxPassLog - s)));
    const uint32_t elements = per_block << s;
    const unsigned threads = std::min<unsigned>(kThreads, std::max<uint32_t>(1, elements / 2));
    const size_t blocks = groups / per_block;
    pass_kernel<kDit, kInverse><<<static_cast<unsigned>(blocks), threads, elements * sizeof(DeviceFr), stream>>>(
        static_cast<DeviceFr*>(d_values), log_n, high, s, per_block, static_cast<const DeviceFr*>(roots));
    CUZK_CUDA_TRY(cudaGetLastError());
    done += s;
  }
  return Status::ok();
}

}  // namespace

Status ntt_expand_powers(const DevicePowers& powers, size_t count, void* d_out, void* stream) {
  expand_kernel<<<blocks_for(count), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<const DeviceFr*>(powers.lo), static_cast<const DeviceFr*>(powers.hi), count,
      static_cast<DeviceFr*>(d_out));
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status ntt_dif(void* d_values, uint32_t log_n, const void* d_roots, bool inverse, void* stream) {
  auto* s = static_cast<cudaStream_t>(stream);
  return inverse ? run_passes<false, true>(d_values, log_n, d_roots, s)
                 : run_passes<false, false>(d_values, log_n, d_roots, s);
}

Status ntt_dit(void* d_values, uint32_t log_n, const void* d_roots, bool inverse, void* stream) {
  auto* s = static_cast<cudaStream_t>(stream);
  return inverse ? run_passes<true, true>(d_values, log_n, d_roots, s)
                 : run_passes<true, false>(d_values, log_n, d_roots, s);
}

Status ntt_bit_reverse(void* d_values, uint32_t log_n, void* stream) {
  bit_reverse_kernel<<<blocks_for(size_t{1} << log_n), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<DeviceFr*>(d_values), log_n);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status ntt_scale(void* d_values, uint32_t log_n, const DevicePowers& powers, const FrWords& factor,
                 bool bit_reversed, void* stream) {
  scale_kernel<<<blocks_for(size_t{1} << log_n), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<DeviceFr*>(d_values), log_n, static_cast<const DeviceFr*>(powers.lo),
      static_cast<const DeviceFr*>(powers.hi), to_device(factor), bit_reversed);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status ntt_quotient(void* d_a, const void* d_b, const void* d_c, size_t n, const FrWords& z_inv, void* stream) {
  quotient_kernel<<<blocks_for(n), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<DeviceFr*>(d_a), static_cast<const DeviceFr*>(d_b), static_cast<const DeviceFr*>(d_c), n,
      to_device(z_inv));
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
