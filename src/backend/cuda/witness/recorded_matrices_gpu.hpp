// Recorded constraint matrices resident on a CUDA device: a circuit's compact A, B, C
// (r1cs/recorded_matrices.hpp) uploaded once, next to its proving key's bases, and the product
// a, b, c = A·w, B·w, C·w computed on the device from a device-resident witness straight into
// the buffers the NTTs read: rows of the constraints (c = a·b for matrices without C), then
// bellperson's input rows (a = input i, b = c = 0) where asked, then zero padding to the domain.
// No a/b/c crosses the bus. C++ only.
//
// Threading: immutable after upload; evaluate() may run on several streams at once.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/cuda/runtime/device_array.hpp"
#include "common/status.hpp"
#include "r1cs/recorded_matrices.hpp"

namespace cuzk::backend::cuda {

class GpuRecordedMatrices {
 public:
  // Uploads `shape` (recorded here or validated: the kernels trust it) to the calling thread's
  // current device. Errors: kOutOfMemory, kDeviceError.
  static Result<GpuRecordedMatrices> upload(const r1cs::RecordedMatrices& shape);

  // d_a, d_b, d_c (n each, n ≥ constraints, + inputs with `input_rows`) from d_w = inputs ‖
  // aux, bellperson's input rows appended with `input_rows`, asynchronously on `stream` (d_w must
  // stay alive and unchanged until the stream has run it). Errors: kInvalidArgument for sizes
  // that differ from the shape's, kDeviceError.
  Status evaluate(DeviceSpan<const ff::Fr> d_w, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                  DeviceSpan<ff::Fr> d_c, bool input_rows, void* stream) const;

  uint64_t num_inputs() const { return num_inputs_; }
  uint64_t num_aux() const { return num_aux_; }
  uint64_t num_constraints() const { return num_constraints_; }
  // No C recorded: c_j = a_j·b_j (r1cs::RecordedMatrices::c_from_product), which every row satisfies.
  bool c_from_product() const { return c_from_product_; }
  // Device bytes held (matrices, chunk offsets, dictionary).
  size_t device_bytes() const;

 private:
  struct Matrix {
    DeviceArray<uint8_t> bytes;
    DeviceArray<uint64_t> chunk_offsets;
    uint64_t rows = 0;
  };
  uint64_t num_inputs_ = 0, num_aux_ = 0, num_constraints_ = 0;
  bool c_from_product_ = false;
  DeviceArray<ff::Fr> coefficients_;
  Matrix a_, b_, c_;
};

}  // namespace cuzk::backend::cuda
