// The launchers of the on-device witness kernels (witness_kernels.cu: aux expansion, row check), the interface between
// witness_staging.cpp and the kernels: raw device addresses, values in Montgomery form. C++
// only: streams travel as void*.
#pragma once

#include <cstdint>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// The packed aux assignment of r1cs::PackedAux on the device (r1cs/witness.hpp's rule).
struct DevicePackedAux {
  const uint64_t* field_mask = nullptr;  // ⌈count / 64⌉ words each
  const uint64_t* bit_values = nullptr;
  const uint64_t* field_rank = nullptr;
  const void* field_values = nullptr;  // Fr
  uint64_t count = 0;
};

// d_out[i] = aux i as an Fr for i < aux.count (one thread per value). Asynchronous on `stream`.
Status expand_packed_aux(const DevicePackedAux& aux, void* d_out, void* stream);

// *d_first_failing = the lowest j < rows with a_j·b_j ≠ c_j, or UINT64_MAX when every row
// holds (set first, then lowered by atomicMin). Asynchronous on `stream`.
Status first_failing_row(const void* d_a, const void* d_b, const void* d_c, uint64_t rows,
                         unsigned long long* d_first_failing, void* stream);

// d_c[j] = a_j·b_j for j < rows (matrices without C: r1cs::RecordedMatrices::c_from_product).
// Asynchronous on `stream`.
Status product_rows(const void* d_a, const void* d_b, void* d_c, uint64_t rows, void* stream);

}  // namespace cuzk::backend::cuda
