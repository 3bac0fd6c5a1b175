// The elementwise field kernels (field_kernels.hpp) over the device field types.
#include "backend/cuda/field_kernels.hpp"

#include <cuda_runtime.h>

#include <algorithm>

#include "backend/cuda/device.hpp"
#include "backend/cuda/field_device.cuh"

namespace cuzk::backend::cuda {

static_assert(sizeof(DeviceFr) == kDeviceFrBytes && sizeof(DeviceFq) == kDeviceFqBytes);

namespace {

// 256 threads a block, grid-stride loop; 65535 blocks at most, beyond which each thread
// takes several elements (an elementwise op is memory-bound long before that).
constexpr unsigned kThreadsPerBlock = 256;
constexpr size_t kMaxBlocks = 65535;

// d_out[i] = op(d_a[i], d_b[i]) for i < n (d_b unused for kSquare); d_out may alias d_a/d_b.
template <class F, ElementwiseOp kOp>
__global__ void elementwise_kernel(const F* d_a, const F* d_b, F* d_out, size_t n) {
  const size_t stride = size_t{gridDim.x} * blockDim.x;
  for (size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    const F a = d_a[i];
    F result;
    if constexpr (kOp == ElementwiseOp::kSquare) {
      F::sqr(result, a);
    } else {
      const F b = d_b[i];
      if constexpr (kOp == ElementwiseOp::kAdd) F::add(result, a, b);
      if constexpr (kOp == ElementwiseOp::kSub) F::sub(result, a, b);
      if constexpr (kOp == ElementwiseOp::kMul) F::mul(result, a, b);
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
  }
  return Status::internal("unknown elementwise op");
}

}  // namespace

const char* elementwise_op_name(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kAdd: return "add";
    case ElementwiseOp::kSub: return "sub";
    case ElementwiseOp::kMul: return "mul";
    case ElementwiseOp::kSquare: return "square";
  }
  return "?";
}

Status launch_elementwise(DeviceFieldKind field, ElementwiseOp op, const void* d_a, const void* d_b, void* d_out,
                          size_t n) {
  if (n == 0) return Status::ok();
  switch (field) {
    case DeviceFieldKind::kFr: return launch_for_field<DeviceFr>(op, d_a, d_b, d_out, n);
    case DeviceFieldKind::kFq: return launch_for_field<DeviceFq>(op, d_a, d_b, d_out, n);
  }
  return Status::internal("unknown device field");
}

}  // namespace cuzk::backend::cuda
