// The kernels of witness_device.hpp: the packed aux expanded to field elements (one thread
// per value: its word's mask and bits, a popcount for its rank among the word's field values),
// the row check a_j·b_j = c_j (one product a row, the lowest failing row by atomicMin), and c = a·b
// for matrices without C.
#include <cuda_runtime.h>

#include <algorithm>

#include "backend/cuda/witness/witness_device.hpp"
#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/arith/field_device.cuh"

namespace cuzk::backend::cuda {
namespace {

constexpr unsigned kThreads = 256;

__global__ void expand_packed_aux_kernel(DevicePackedAux aux, DeviceFr* out) {
  const uint64_t i = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= aux.count) return;
  const uint64_t word = i / 64;
  const unsigned bit = static_cast<unsigned>(i % 64);
  const uint64_t mask = aux.field_mask[word];
  if ((mask >> bit) & 1) {
    const uint64_t below = mask & ((uint64_t{1} << bit) - 1);
    out[i] = static_cast<const DeviceFr*>(aux.field_values)[aux.field_rank[word] + __popcll(below)];
  } else {
    out[i] = ((aux.bit_values[word] >> bit) & 1) ? DeviceFr::one() : DeviceFr::zero();
  }
}

__global__ void first_failing_row_kernel(const DeviceFr* a, const DeviceFr* b, const DeviceFr* c, uint64_t rows,
                                         unsigned long long* first_failing) {
  const uint64_t stride = uint64_t{gridDim.x} * blockDim.x;
  for (uint64_t j = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; j < rows; j += stride) {
    DeviceFr product;
    DeviceFr::mul(product, a[j], b[j]);
    if (!(product == c[j])) {
      atomicMin(first_failing, static_cast<unsigned long long>(j));
      return;  // the rows after j in this thread's stride cannot be lower
    }
  }
}

__global__ void product_rows_kernel(const DeviceFr* a, const DeviceFr* b, DeviceFr* c, uint64_t rows) {
  const uint64_t stride = uint64_t{gridDim.x} * blockDim.x;
  for (uint64_t j = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; j < rows; j += stride) {
    DeviceFr::mul(c[j], a[j], b[j]);
  }
}

unsigned blocks_for(uint64_t threads) {
  return static_cast<unsigned>(std::max<uint64_t>(1, (threads + kThreads - 1) / kThreads));
}

}  // namespace

Status expand_packed_aux(const DevicePackedAux& aux, void* d_out, void* stream) {
  if (aux.count == 0) return Status::ok();
  expand_packed_aux_kernel<<<blocks_for(aux.count), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      aux, static_cast<DeviceFr*>(d_out));
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status first_failing_row(const void* d_a, const void* d_b, const void* d_c, uint64_t rows,
                         unsigned long long* d_first_failing, void* stream) {
  const auto s = static_cast<cudaStream_t>(stream);
  CUZK_CUDA_TRY(cudaMemsetAsync(d_first_failing, 0xff, sizeof(unsigned long long), s));
  if (rows == 0) return Status::ok();
  // a grid of a few waves (each thread strides over the rows)
  const unsigned blocks = std::min<unsigned>(blocks_for(rows), 132 * 16);
  first_failing_row_kernel<<<blocks, kThreads, 0, s>>>(static_cast<const DeviceFr*>(d_a),
                                                       static_cast<const DeviceFr*>(d_b),
                                                       static_cast<const DeviceFr*>(d_c), rows, d_first_failing);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status product_rows(const void* d_a, const void* d_b, void* d_c, uint64_t rows, void* stream) {
  if (rows == 0) return Status::ok();
  const unsigned blocks = std::min<unsigned>(blocks_for(rows), 132 * 16);
  product_rows_kernel<<<blocks, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<const DeviceFr*>(d_a), static_cast<const DeviceFr*>(d_b), static_cast<DeviceFr*>(d_c), rows);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
