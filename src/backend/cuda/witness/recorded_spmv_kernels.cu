// The kernels of recorded_spmv_device.hpp: the product of a recorded matrix (one lane decodes
// one chunk with recorded_matrices_format.hpp's ChunkReader, shared with the CPU product, from bytes its
// warp staged in shared memory, and gathers its witness values kBatch terms at a time across
// row boundaries); a second kernel writes bellperson's input rows and the zero padding of the
// NTT domain.
//
// Design note
// -----------
// The first kernel (one thread per chunk reading its bytes from global memory and gathering
// one w value per term) ran 83 ms for a 32 GiB PoRep partition on the H200
// (docs/perf-log/2026-12-01.md, 10 G terms/s): each term was a chain of dependent loads (a
// byte, maybe an escape byte, then the 32-byte gather from HBM) with no other load in flight
// on the lane, and the byte loads of a warp touched 32 different lines. Now:
//  1. a warp's 32 chunks are consecutive in the byte stream: the warp copies their bytes into
//     shared memory with coalesced loads (when they fit in kStageBytes; else its lanes read
//     global memory as before), so decoding waits on shared memory only;
//  2. a lane decodes kBatch terms (across row ends: B has one term per row) before it gathers
//     their values, so kBatch independent gathers are in flight per lane instead of one;
//  3. a value 1 (a bit: packing rows Σ 2^i·b_i carry 41% of A's terms) adds the coefficient
//     without the Montgomery product, as the CPU product does (1·c = c exactly, so the sum is
//     bit-identical), and a value 0 adds nothing.
// Predicted 3–4× on the 32 GiB partition (83 → ≈ 20–30 ms): the gathers' latency amortised
// over kBatch terms, decoding at shared-memory latency, A's bit products gone. Measured on the
// H200 (2026-12-02, bench/recorded_spmv_gpu_bench --challenges 18): 61.66 ms, 1.35×: decoding
// stays serial per lane (docs/RECORDED-MATRICES.md).
#include <cuda_runtime.h>

#include <algorithm>

#include "backend/cuda/witness/recorded_spmv_device.hpp"
#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/arith/field_device.cuh"
#include "r1cs/recorded_matrices_format.hpp"

namespace cuzk::backend::cuda {
namespace {

namespace compact = r1cs::compact;

constexpr unsigned kThreads = 128;
constexpr unsigned kWarpSize = 32;
constexpr unsigned kWarps = kThreads / kWarpSize;
// Shared-memory bytes per warp for its 32 chunks (4 warps: 32 KiB per block). A 32 GiB PoRep
// warp holds ≈ 6.6 KiB of A, ≈ 4 KiB of C, ≈ 2.3 KiB of B on average (15 B per constraint
// over the three); larger ranges (runs of packing rows) are read from global memory. Not tuned.
constexpr uint32_t kStageBytes = 8192;
// Terms decoded before their values are gathered: 4 gathers in flight per lane (32 registers
// of values); A has 3.24 terms per row, B 1.00, C 2.17. Not tuned.
constexpr uint32_t kBatch = 4;

// acc += coefficient·value, the coefficient by its dictionary code.
__device__ __forceinline__ void add_term(DeviceFr& acc, const DeviceFr& value, uint64_t code,
                                         const DeviceFr* __restrict__ coefficients) {
  if (code == compact::kCodeOne) {
    DeviceFr::add(acc, acc, value);
  } else if (code == compact::kCodeMinusOne) {
    DeviceFr::sub(acc, acc, value);
  } else if (value.is_one()) {
    DeviceFr::add(acc, acc, coefficients[code]);
  } else if (!value.is_zero()) {
    DeviceFr product;
    DeviceFr::mul(product, value, coefficients[code]);
    DeviceFr::add(acc, acc, product);
  }
}

// kBatch decoded terms: slots [0, taken) hold the w index, code and row of one term each.
struct TermBatch {
  uint64_t where[kBatch] = {};
  uint64_t codes[kBatch] = {};
  uint32_t row_of[kBatch] = {};
  uint32_t taken = 0;
};

// Slot J of `batch`: the next term of the chunk (rows without terms left skipped), if any. The
// slot index is a template argument so that the arrays stay in registers.
template <uint32_t J>
__device__ __forceinline__ void decode_slot(compact::ChunkReader& reader, uint32_t count, uint64_t num_inputs,
                                            uint32_t& row, uint64_t& left, TermBatch& batch) {
  while (left == 0 && row + 1 < count) {
    ++row;
    left = reader.row_length();
  }
  if (left == 0) return;
  bool aux;
  uint64_t index;
  reader.term(aux, index, batch.codes[J]);
  batch.where[J] = aux ? num_inputs + index : index;
  batch.row_of[J] = row;
  --left;
  batch.taken = J + 1;
}

// Adds slot J's term to acc after writing the rows it completes (acc_row's, then empty ones).
template <uint32_t J>
__device__ __forceinline__ void accumulate_slot(const TermBatch& batch, const DeviceFr& value,
                                                const DeviceFr* __restrict__ coefficients, DeviceFr* __restrict__ out,
                                                DeviceFr& acc, uint32_t& acc_row) {
  if (J >= batch.taken) return;
  if (batch.row_of[J] != acc_row) {
    out[acc_row] = acc;
    for (uint32_t r = acc_row + 1; r < batch.row_of[J]; ++r) out[r] = DeviceFr::zero();
    acc = DeviceFr::zero();
    acc_row = batch.row_of[J];
  }
  add_term(acc, value, batch.codes[J], coefficients);
}

__global__ void __launch_bounds__(kThreads)
    recorded_spmv_kernel(const uint8_t* __restrict__ bytes, const uint64_t* __restrict__ chunk_offsets, uint64_t rows,
                        const DeviceFr* __restrict__ coefficients, const DeviceFr* __restrict__ w, uint64_t num_inputs,
                        DeviceFr* __restrict__ out) {
  __shared__ uint8_t stage[kWarps][kStageBytes];
  const uint64_t chunks = (rows + compact::kRowsPerChunk - 1) / compact::kRowsPerChunk;
  const uint64_t chunk = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x % kWarpSize, warp = threadIdx.x / kWarpSize;
  const uint64_t warp_first = chunk - lane;
  if (warp_first >= chunks) return;  // the whole warp
  // 1. the warp's chunks [warp_first, warp_end) into shared memory, if they fit
  const uint64_t warp_end = min(warp_first + kWarpSize, chunks);
  const uint64_t warp_begin_byte = chunk_offsets[warp_first];
  const uint64_t warp_bytes = chunk_offsets[warp_end] - warp_begin_byte;
  const bool staged = warp_bytes <= kStageBytes;
  if (staged) {
    for (uint64_t k = lane; k < warp_bytes; k += kWarpSize) stage[warp][k] = bytes[warp_begin_byte + k];
  }
  __syncwarp();
  if (chunk >= chunks) return;
  const uint64_t begin = chunk_offsets[chunk], end = chunk_offsets[chunk + 1];
  const uint8_t* source = staged ? stage[warp] : bytes;
  const uint64_t origin = staged ? warp_begin_byte : 0;
  compact::ChunkReader reader(source + (begin - origin), source + (end - origin));

  // 2. terms in batches of kBatch, row ends crossed; acc is row acc_row's sum so far
  static_assert(kBatch == 4, "the slots below are written out");
  DeviceFr* const rows_out = out + chunk * compact::kRowsPerChunk;
  const uint32_t count =
      static_cast<uint32_t>(min(uint64_t{compact::kRowsPerChunk}, rows - chunk * compact::kRowsPerChunk));
  DeviceFr acc = DeviceFr::zero();
  uint32_t acc_row = 0;
  uint32_t row = 0;                     // the row of the next term
  uint64_t left = reader.row_length();  // its terms not yet decoded
  for (;;) {
    TermBatch batch;
    decode_slot<0>(reader, count, num_inputs, row, left, batch);
    decode_slot<1>(reader, count, num_inputs, row, left, batch);
    decode_slot<2>(reader, count, num_inputs, row, left, batch);
    decode_slot<3>(reader, count, num_inputs, row, left, batch);
    if (batch.taken == 0) break;
    // the gathers, all in flight before the first use
    const DeviceFr v0 = w[batch.where[0]];
    const DeviceFr v1 = batch.taken > 1 ? w[batch.where[1]] : DeviceFr::zero();
    const DeviceFr v2 = batch.taken > 2 ? w[batch.where[2]] : DeviceFr::zero();
    const DeviceFr v3 = batch.taken > 3 ? w[batch.where[3]] : DeviceFr::zero();
    accumulate_slot<0>(batch, v0, coefficients, rows_out, acc, acc_row);
    accumulate_slot<1>(batch, v1, coefficients, rows_out, acc, acc_row);
    accumulate_slot<2>(batch, v2, coefficients, rows_out, acc, acc_row);
    accumulate_slot<3>(batch, v3, coefficients, rows_out, acc, acc_row);
  }
  rows_out[acc_row] = acc;
  for (uint32_t r = acc_row + 1; r < count; ++r) rows_out[r] = DeviceFr::zero();
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

Status recorded_spmv(const DeviceRecordedMatrix& m, const void* d_coefficients, const void* d_w, uint64_t num_inputs,
                    void* d_out, void* stream) {
  if (m.rows == 0) return Status::ok();
  const uint64_t chunks = (m.rows + compact::kRowsPerChunk - 1) / compact::kRowsPerChunk;
  recorded_spmv_kernel<<<blocks_for(chunks), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      m.bytes, m.chunk_offsets, m.rows, static_cast<const DeviceFr*>(d_coefficients), static_cast<const DeviceFr*>(d_w),
      num_inputs, static_cast<DeviceFr*>(d_out));
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

Status recorded_input_rows(void* d_a, void* d_b, void* d_c, const void* d_w, uint64_t num_inputs,
                          uint64_t constraints, uint64_t n, void* stream) {
  if (n <= constraints) return Status::ok();
  input_rows_kernel<<<blocks_for(n - constraints), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<DeviceFr*>(d_a), static_cast<DeviceFr*>(d_b), static_cast<DeviceFr*>(d_c),
      static_cast<const DeviceFr*>(d_w), num_inputs, constraints, n);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
