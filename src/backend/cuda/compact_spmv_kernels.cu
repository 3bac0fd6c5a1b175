// The kernels of compact_spmv_device.hpp: one thread decodes one chunk of a recorded matrix
// (compact_format.hpp's ChunkReader, shared with the CPU product) and writes its rows' values;
// a second kernel writes bellperson's input rows and the zero padding of the NTT domain.
#include <cuda_runtime.h>

#include <algorithm>

#include "backend/cuda/compact_spmv_device.hpp"
#include "backend/cuda/device.hpp"
#include "backend/cuda/field_device.cuh"
#include "r1cs/compact_format.hpp"

namespace cuzk::backend::cuda {
namespace {

namespace compact = r1cs::compact;

constexpr unsigned kThreads = 128;

__global__ void compact_spmv_kernel(const uint8_t* bytes, const uint64_t* chunk_offsets, uint64_t rows,
                                    const DeviceFr* coefficients, const DeviceFr* w, uint64_t num_inputs,
                                    DeviceFr* out) {
  const uint64_t chunk = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const uint64_t first = chunk * compact::kRowsPerChunk;
  if (first >= rows) return;
  compact::ChunkReader reader(bytes + chunk_offsets[chunk], bytes + chunk_offsets[chunk + 1]);
  const uint64_t count = min(uint64_t{compact::kRowsPerChunk}, rows - first);
  for (uint64_t r = 0; r < count; ++r) {
    DeviceFr acc = DeviceFr::zero();
    for (uint64_t n = reader.row_length(); n != 0; --n) {
      bool aux;
      uint64_t index, code;
      reader.term(aux, index, code);
      const DeviceFr value = w[aux ? num_inputs + index : index];
      if (code == compact::kCodeOne) {
        DeviceFr::add(acc, acc, value);
      } else if (code == compact::kCodeMinusOne) {
        DeviceFr::sub(acc, acc, value);
      } else if (!value.is_zero()) {
        DeviceFr product;
        DeviceFr::mul(product, value, coefficients[code]);
        DeviceFr::add(acc, acc, product);
      }
    }
    out[first + r] = acc;
  }
}

__global__ void input_rows_kernel(DeviceFr* a, DeviceFr* b, DeviceFr* c, const DeviceFr* w, uint64_t num_inputs,
                                  uint64_t constraints, uint64_t n) {
  const uint64_t i = constraints + uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint64_t input = i - constraints;
  a[i] = input < num_inputs ? w[input] : DeviceFr::zero();
  b[i] = DeviceFr::zero();
  c[i] = DeviceFr::zero();
}

unsigned blocks_for(uint64_t threads) {
  return static_cast<unsigned>(std::max<uint64_t>(1, (threads + kThreads - 1) / kThreads));
}

}  // namespace

Status compact_spmv(const DeviceCompactMatrix& m, const void* d_coefficients, const void* d_w, uint64_t num_inputs,
                    void* d_out, void* stream) {
  if (m.rows == 0) return Status::ok();
  const uint64_t chunks = (m.rows + compact::kRowsPerChunk - 1) / compact::kRowsPerChunk;
  compact_spmv_kernel<<<blocks_for(chunks), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      m.bytes, m.chunk_offsets, m.rows, static_cast<const DeviceFr*>(d_coefficients), static_cast<const DeviceFr*>(d_w),
      num_inputs, static_cast<DeviceFr*>(d_out));
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status compact_input_rows(void* d_a, void* d_b, void* d_c, const void* d_w, uint64_t num_inputs,
                          uint64_t constraints, uint64_t n, void* stream) {
  if (n <= constraints) return Status::ok();
  input_rows_kernel<<<blocks_for(n - constraints), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<DeviceFr*>(d_a), static_cast<DeviceFr*>(d_b), static_cast<DeviceFr*>(d_c),
      static_cast<const DeviceFr*>(d_w), num_inputs, constraints, n);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
