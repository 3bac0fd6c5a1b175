// The launcher of the Poseidon fill kernel (poseidon_fill_kernels.cu), the interface between
// poseidon_fill_gpu.cpp and the kernel: raw device addresses, values in Montgomery form. C++
// only: streams travel as void*.
#pragma once

#include <cstdint>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// One group of the fill's hashes (gadgets::PoseidonFillGroup) on the device. `constants` is the
// table of poseidon_constants_table() (poseidon_fill_gpu.hpp) for their constants.
struct DevicePoseidonGroup {
  const void* constants = nullptr;  // Fr
  const uint64_t* first_aux = nullptr;
  const uint64_t* preimage = nullptr;  // arity per hash, gadgets::PoseidonFill's encoding
  uint64_t hashes = 0;
  uint32_t width = 0;  // arity + 1: 3, 5, 9 or 12 (at most 12)
  uint32_t half_full_rounds = 0;
  uint32_t partial_rounds = 0;
};

// For every hash of `group` (one thread each): its internal values, from its preimage read in
// d_w = inputs ‖ aux (num_inputs inputs), written to d_w[num_inputs + first_aux …] in
// poseidon/circuit_steps.hpp's order. Asynchronous on `stream`. kInvalidArgument for a width
// outside 2..12.
Status fill_poseidon(const DevicePoseidonGroup& group, void* d_w, uint64_t num_inputs, void* stream);

}  // namespace cuzk::backend::cuda
