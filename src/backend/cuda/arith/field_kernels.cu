// The elementwise field kernels and the throughput micro-benchmark (field_kernels.hpp) over
// the device field types.
#include "backend/cuda/arith/field_kernels.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/arith/field_device.cuh"
#include "backend/cuda/arith/fq2_lane_device.cuh"

namespace cuzk::backend::cuda {

static_assert(sizeof(DeviceFr) == kDeviceFrBytes && sizeof(DeviceFq) == kDeviceFqBytes);
static_assert(2 * sizeof(DeviceFq) == kDeviceFq2Bytes);

namespace {

// 256 threads a block, grid-stride loop; 65535 blocks at most, beyond which each thread
// takes several elements (an elementwise op is memory-bound long before that).
constexpr unsigned kThreadsPerBlock = 256;
constexpr size_t kMaxBlocks = 65535;

// d_out[i] = op(d_a[i], d_b[i]) for i < n (d_b unused for kSquare; the mul_subs also read
// element n − 1 − i); d_out may alias d_a/d_b except for the mul_subs.
template <class F, ElementwiseOp kOp>
__global__ void elementwise_kernel(const F* d_a, const F* d_b, F* d_out, size_t n) {
  const size_t stride = size_t{gridDim.x} * blockDim.x;
  for (size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    const F a = d_a[i];
    F result;
    if constexpr (kOp == ElementwiseOp::kMulSub) {
      F::mul_sub(result, a, d_b[i], d_a[n - 1 - i], d_b[n - 1 - i]);
    } else if constexpr (kOp == ElementwiseOp::kMulSubRedundant) {
      F::mul_sub_redundant(result, a, d_b[i], d_a[n - 1 - i], d_b[n - 1 - i]);
    } else if constexpr (kOp == ElementwiseOp::kSquare) {
      F::sqr(result, a);
    } else if constexpr (kOp == ElementwiseOp::kSquareRedundant) {
      F::sqr_redundant(result, a);
    } else {
      const F b = d_b[i];
      if constexpr (kOp == ElementwiseOp::kAdd) F::add(result, a, b);
      if constexpr (kOp == ElementwiseOp::kSub) F::sub(result, a, b);
      if constexpr (kOp == ElementwiseOp::kMul) F::mul(result, a, b);
      if constexpr (kOp == ElementwiseOp::kAddRedundant) F::add_redundant(result, a, b);
      if constexpr (kOp == ElementwiseOp::kSubRedundant) F::sub_redundant(result, a, b);
      if constexpr (kOp == ElementwiseOp::kMulRedundant) F::mul_redundant(result, a, b);
    }
    d_out[i] = result;
  }
}

template <class F, ElementwiseOp kOp>
Status launch(const void* d_a, const void* d_b, void* d_out, size_t n) {
  const size_t blocks = std::min(kMaxBlocks, (n + kThreadsPerBlock - 1) / kThreadsPerBlock);
  elementwise_kernel<F, kOp><<<static_cast<unsigned>(blocks), kThreadsPerBlock>>>(
      static_cast<const F*>(d_a), static_cast<const F*>(d_b), static_cast<F*>(d_out), n);
  CUZK_CUDA_TRY(cudaGetLastError());              // launch configuration errors
  CUZK_CUDA_TRY(cudaStreamSynchronize(nullptr));  // faults while it ran
  return Status::ok();
}

template <class F>
Status launch_for_field(ElementwiseOp op, const void* d_a, const void* d_b, void* d_out, size_t n) {
  switch (op) {
    case ElementwiseOp::kAdd: return launch<F, ElementwiseOp::kAdd>(d_a, d_b, d_out, n);
    case ElementwiseOp::kSub: return launch<F, ElementwiseOp::kSub>(d_a, d_b, d_out, n);
    case ElementwiseOp::kMul: return launch<F, ElementwiseOp::kMul>(d_a, d_b, d_out, n);
    case ElementwiseOp::kSquare: return launch<F, ElementwiseOp::kSquare>(d_a, d_b, d_out, n);
    case ElementwiseOp::kMulSub:
    case ElementwiseOp::kAddRedundant:
    case ElementwiseOp::kSubRedundant:
    case ElementwiseOp::kMulRedundant:
    case ElementwiseOp::kSquareRedundant:
    case ElementwiseOp::kMulSubRedundant: break;
  }
  if constexpr (F::kHasRedundantRoom) {
    switch (op) {
      case ElementwiseOp::kMulSub: return launch<F, ElementwiseOp::kMulSub>(d_a, d_b, d_out, n);
      case ElementwiseOp::kMulSubRedundant: return launch<F, ElementwiseOp::kMulSubRedundant>(d_a, d_b, d_out, n);
      case ElementwiseOp::kAddRedundant: return launch<F, ElementwiseOp::kAddRedundant>(d_a, d_b, d_out, n);
      case ElementwiseOp::kSubRedundant: return launch<F, ElementwiseOp::kSubRedundant>(d_a, d_b, d_out, n);
      case ElementwiseOp::kMulRedundant: return launch<F, ElementwiseOp::kMulRedundant>(d_a, d_b, d_out, n);
      case ElementwiseOp::kSquareRedundant: return launch<F, ElementwiseOp::kSquareRedundant>(d_a, d_b, d_out, n);
      default: break;
    }
  }
  return Status::invalid_argument(std::string("field op ") + elementwise_op_name(op) + ": not defined for this field");
}

// The Fq2 operations in the G2 MSM's form (DeviceFq2Lane): element i on a pair of lanes, each
// reading and writing its own coefficient (d_a[2i + k] is coefficient k of element i).
template <ElementwiseOp kOp>
__global__ void fq2_lane_kernel(const DeviceFq* d_a, const DeviceFq* d_b, DeviceFq* d_out, size_t n) {
  using L = DeviceFq2Lane;
  const size_t k = L::coefficient_index();
  const size_t stride = size_t{gridDim.x} * blockDim.x / 2;
  for (size_t i = (size_t{blockIdx.x} * blockDim.x + threadIdx.x) / 2; i < n; i += stride) {
    const L a{d_a[2 * i + k]}, b{d_b[2 * i + k]};
    L result;
    if constexpr (kOp == ElementwiseOp::kMulSubRedundant) {
      L::mul_sub(result, a, b, L{d_a[2 * (n - 1 - i) + k]}, L{d_b[2 * (n - 1 - i) + k]});
    } else if constexpr (kOp == ElementwiseOp::kSquareRedundant) {
      L::sqr(result, a);
    } else if constexpr (kOp == ElementwiseOp::kAddRedundant) {
      L::add(result, a, b);
    } else if constexpr (kOp == ElementwiseOp::kSubRedundant) {
      L::sub(result, a, b);
    } else {
      static_assert(kOp == ElementwiseOp::kMulRedundant);
      L::mul(result, a, b);
    }
    d_out[2 * i + k] = result.c;
  }
}

template <ElementwiseOp kOp>
Status launch_fq2_lanes(const void* d_a, const void* d_b, void* d_out, size_t n) {
  const size_t blocks = std::min(kMaxBlocks, (2 * n + kThreadsPerBlock - 1) / kThreadsPerBlock);
  fq2_lane_kernel<kOp><<<static_cast<unsigned>(blocks), kThreadsPerBlock>>>(
      static_cast<const DeviceFq*>(d_a), static_cast<const DeviceFq*>(d_b), static_cast<DeviceFq*>(d_out), n);
  CUZK_CUDA_TRY(cudaGetLastError());
  CUZK_CUDA_TRY(cudaStreamSynchronize(nullptr));
  return Status::ok();
}

Status launch_fq2_redundant(ElementwiseOp op, const void* d_a, const void* d_b, void* d_out, size_t n) {
  switch (op) {
    case ElementwiseOp::kAddRedundant: return launch_fq2_lanes<ElementwiseOp::kAddRedundant>(d_a, d_b, d_out, n);
    case ElementwiseOp::kSubRedundant: return launch_fq2_lanes<ElementwiseOp::kSubRedundant>(d_a, d_b, d_out, n);
    case ElementwiseOp::kMulRedundant: return launch_fq2_lanes<ElementwiseOp::kMulRedundant>(d_a, d_b, d_out, n);
    case ElementwiseOp::kSquareRedundant: return launch_fq2_lanes<ElementwiseOp::kSquareRedundant>(d_a, d_b, d_out, n);
    case ElementwiseOp::kMulSubRedundant: return launch_fq2_lanes<ElementwiseOp::kMulSubRedundant>(d_a, d_b, d_out, n);
    default: break;
  }
  return Status::invalid_argument(std::string("Fq2 op ") + elementwise_op_name(op) + ": only the redundant form exists");
}

// A value < m from a hash of (thread, salt): the top word is cut to 28 bits (both moduli's top
// words are larger), so no reduction is needed.
template <class F>
__device__ __forceinline__ F seed_value(uint32_t thread, uint32_t salt) {
  uint32_t words[F::kWords];
  uint32_t h = thread * 0x9e3779b9u + salt * 0x85ebca6bu + 1;
#pragma unroll
  for (size_t j = 0; j < F::kWords; ++j) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    words[j] = h;
  }
  words[F::kWords - 1] &= 0x0fffffffu;
  F out;
  static_assert(sizeof(words) == sizeof(F));
  memcpy(&out, words, sizeof(F));
  return out;
}

constexpr unsigned kThroughputChains = 8;  // independent multiply-add chains per thread

// x ← x·y (kSquare: x ← x²) `iterations` times; the result goes to d_sink so nothing is dead.
template <class F, bool kSquare>
__global__ void field_throughput_kernel(F* d_sink, unsigned iterations) {
  const uint32_t thread = blockIdx.x * blockDim.x + threadIdx.x;
  F x = seed_value<F>(thread, 0);
  const F y = seed_value<F>(thread, 1);
#pragma unroll 1
  for (unsigned i = 0; i < iterations; ++i) {
    if constexpr (kSquare) {
      F::sqr(x, x);
    } else {
      F::mul(x, x, y);
    }
  }
  d_sink[thread] = x;
}

// kThroughputChains independent chains of IMAD (acc = acc·x + y, 32-bit) or of IMAD.WIDE
// (acc = hi(acc)·x + acc, 64-bit), `iterations` steps each.
template <bool kWide>
__global__ void imad_throughput_kernel(uint64_t* d_sink, unsigned iterations) {
  const uint32_t thread = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t x = thread | 1u, y = thread ^ 0x5bd1e995u;
  uint64_t acc[kThroughputChains];
#pragma unroll
  for (unsigned k = 0; k < kThroughputChains; ++k) acc[k] = thread + k;
#pragma unroll 1
  for (unsigned i = 0; i < iterations; i += 8) {
#pragma unroll
    for (unsigned u = 0; u < 8; ++u) {
#pragma unroll
      for (unsigned k = 0; k < kThroughputChains; ++k) {
        if constexpr (kWide) {
          // a low/high pair in one carry chain: how the field products are written (ptxas emits
          // one IMAD.WIDE.U32 for it; `mad.wide.u32` becomes a multiply and two additions)
          uint32_t lo = static_cast<uint32_t>(acc[k]), hi = static_cast<uint32_t>(acc[k] >> 32);
          const uint32_t h = hi;
          asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.u32 %1, %2, %3, %1;" : "+r"(lo), "+r"(hi) : "r"(h), "r"(x));
          acc[k] = (uint64_t{hi} << 32) | lo;
        } else {
          uint32_t v = static_cast<uint32_t>(acc[k]);
          asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(v) : "r"(x), "r"(y));
          acc[k] = v;
        }
      }
    }
  }
  uint64_t sum = 0;
#pragma unroll
  for (unsigned k = 0; k < kThroughputChains; ++k) sum ^= acc[k];
  d_sink[thread] = sum;
}

Status launch_throughput(ThroughputOp op, unsigned blocks, unsigned iterations, void* d_sink) {
  switch (op) {
    case ThroughputOp::kFrMul:
      field_throughput_kernel<DeviceFr, false><<<blocks, kThreadsPerBlock>>>(static_cast<DeviceFr*>(d_sink), iterations);
      break;
    case ThroughputOp::kFrSquare:
      field_throughput_kernel<DeviceFr, true><<<blocks, kThreadsPerBlock>>>(static_cast<DeviceFr*>(d_sink), iterations);
      break;
    case ThroughputOp::kFqMul:
      field_throughput_kernel<DeviceFq, false><<<blocks, kThreadsPerBlock>>>(static_cast<DeviceFq*>(d_sink), iterations);
      break;
    case ThroughputOp::kFqSquare:
      field_throughput_kernel<DeviceFq, true><<<blocks, kThreadsPerBlock>>>(static_cast<DeviceFq*>(d_sink), iterations);
      break;
    case ThroughputOp::kImad:
      imad_throughput_kernel<false><<<blocks, kThreadsPerBlock>>>(static_cast<uint64_t*>(d_sink), iterations);
      break;
    case ThroughputOp::kImadWide:
      imad_throughput_kernel<true><<<blocks, kThreadsPerBlock>>>(static_cast<uint64_t*>(d_sink), iterations);
      break;
  }
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace

const char* elementwise_op_name(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kAdd: return "add";
    case ElementwiseOp::kSub: return "sub";
    case ElementwiseOp::kMul: return "mul";
    case ElementwiseOp::kSquare: return "square";
    case ElementwiseOp::kAddRedundant: return "add (redundant)";
    case ElementwiseOp::kSubRedundant: return "sub (redundant)";
    case ElementwiseOp::kMulRedundant: return "mul (redundant)";
    case ElementwiseOp::kSquareRedundant: return "square (redundant)";
    case ElementwiseOp::kMulSub: return "mul_sub";
    case ElementwiseOp::kMulSubRedundant: return "mul_sub (redundant)";
  }
  return "?";
}

Status launch_elementwise(DeviceFieldKind field, ElementwiseOp op, const void* d_a, const void* d_b, void* d_out,
                          size_t n) {
  if (n == 0) return Status::ok();
  switch (field) {
    case DeviceFieldKind::kFr: return launch_for_field<DeviceFr>(op, d_a, d_b, d_out, n);
    case DeviceFieldKind::kFq: return launch_for_field<DeviceFq>(op, d_a, d_b, d_out, n);
    case DeviceFieldKind::kFq2: return launch_fq2_redundant(op, d_a, d_b, d_out, n);
  }
  return Status::internal("unknown device field");
}

Result<ThroughputRun> time_throughput(ThroughputOp op, unsigned iterations) {
  if (iterations == 0 || iterations % 8 != 0) {
    return Status::invalid_argument("field throughput: iterations must be a positive multiple of 8, got " +
                                    std::to_string(iterations));
  }
  int device = 0, sms = 0;
  CUZK_CUDA_TRY(cudaGetDevice(&device));
  CUZK_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const unsigned blocks = 8 * static_cast<unsigned>(sms);
  void* d_sink = nullptr;
  CUZK_CUDA_TRY(cudaMalloc(&d_sink, size_t{blocks} * kThreadsPerBlock * sizeof(DeviceFq)));
  cudaEvent_t start = nullptr, stop = nullptr;
  float ms = 0;
  const Status status = [&]() -> Status {
    CUZK_CUDA_TRY(cudaEventCreate(&start));
    CUZK_CUDA_TRY(cudaEventCreate(&stop));
    CUZK_RETURN_IF_ERROR(launch_throughput(op, blocks, iterations, d_sink));  // warm-up
    CUZK_CUDA_TRY(cudaEventRecord(start, nullptr));
    CUZK_RETURN_IF_ERROR(launch_throughput(op, blocks, iterations, d_sink));
    CUZK_CUDA_TRY(cudaEventRecord(stop, nullptr));
    CUZK_CUDA_TRY(cudaEventSynchronize(stop));
    CUZK_CUDA_TRY(cudaEventElapsedTime(&ms, start, stop));
    return Status::ok();
  }();
  if (start != nullptr) cudaEventDestroy(start);
  if (stop != nullptr) cudaEventDestroy(stop);
  cudaFree(d_sink);
  if (!status.is_ok()) return status;
  const bool integer = op == ThroughputOp::kImad || op == ThroughputOp::kImadWide;
  return ThroughputRun{ms, double(blocks) * kThreadsPerBlock * iterations * (integer ? kThroughputChains : 1)};
}

}  // namespace cuzk::backend::cuda
