// The launchers of the recorded-matrices product (recorded_spmv_kernels.cu), the interface
// between recorded_matrices_gpu.cpp and the kernels: raw device addresses, values in Montgomery
// form. C++ only: streams travel as void*.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// One matrix on the device in recorded_matrices_format.hpp's form.
struct DeviceRecordedMatrix {
  const uint8_t* bytes = nullptr;
  const uint64_t* chunk_offsets = nullptr;  // chunks + 1 entries
  uint64_t rows = 0;
};

// d_out[r] = Σ coefficient · w[variable] over row r of `m`, for r < m.rows (one lane per
// chunk, a warp's chunks staged in shared memory: recorded_spmv_kernels.cu); d_coefficients:
// the dictionary; d_w: inputs ‖ aux (num_inputs counting ONE). Asynchronous on `stream`.
Status recorded_spmv(const DeviceRecordedMatrix& m, const void* d_coefficients, const void* d_w, uint64_t num_inputs,
                    void* d_out, void* stream);

// Rows [constraints, n) of a, b, c: bellperson's input rows (a = input i, b = c = 0) for the
// first num_inputs of them, zero padding after. Asynchronous on `stream`.
Status recorded_input_rows(void* d_a, void* d_b, void* d_c, const void* d_w, uint64_t num_inputs,
                          uint64_t constraints, uint64_t n, void* stream);

}  // namespace cuzk::backend::cuda
