// Recorded constraint matrices resident on a CUDA device: a circuit's compact A, B, C
// (r1cs/compact_matrices.hpp) uploaded once, next to its proving key's bases, and the product
// a, b, c = A·w, B·w, C·w computed on the device from a device-resident witness straight into
// the buffers the NTTs read: rows of the constraints, then bellperson's input rows (a = input
// i, b = c = 0), then zero padding to the domain. No a/b/c crosses the bus. C++ only.
//
// Threading: immutable after upload; evaluate() may run on several streams at once.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/cuda/device_array.hpp"
#include "common/status.hpp"
#include "r1cs/compact_matrices.hpp"

namespace cuzk::backend::cuda {

class GpuCompactR1cs {
 public:
  // Uploads `shape` (recorded here or validated: the kernels trust it) to the calling thread's
  // current device. Errors: kOutOfMemory, kDeviceError.
  static Result<GpuCompactR1cs> upload(const r1cs::CompactR1cs& shape);

  // d_a, d_b, d_c (n each, n ≥ constraints + inputs) from d_w = inputs ‖ aux, asynchronously
  // on `stream` (d_w must stay alive and unchanged until the stream has run it). Errors:
  // kInvalidArgument for sizes that differ from the shape's, kDeviceError.
  Status evaluate(DeviceSpan<const ff::Fr> d_w, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                  DeviceSpan<ff::Fr> d_c, void* stream) const;

  uint64_t num_inputs() const { return num_inputs_; }
  uint64_t num_aux() const { return num_aux_; }
  uint64_t num_constraints() const { return num_constraints_; }
  // Device bytes held (matrices, chunk offsets, dictionary).
  size_t device_bytes() const;

 private:
  struct Matrix {
    DeviceArray<uint8_t> bytes;
    DeviceArray<uint64_t> chunk_offsets;
    uint64_t rows = 0;
  };
  uint64_t num_inputs_ = 0, num_aux_ = 0, num_constraints_ = 0;
  DeviceArray<ff::Fr> coefficients_;
  Matrix a_, b_, c_;
};

}  // namespace cuzk::backend::cuda
