// Internal to backend/cuda: the elementwise field kernels behind field_ops.hpp, launched on
// raw device memory. Split from field_ops.cpp so that the host field headers (src/ff: GCC
// pragmas, x86-64 assembly) are compiled by the host compiler only, and the kernels see only
// the device field types. C++ only: no CUDA types.
#pragma once

#include <cstddef>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

enum class DeviceFieldKind { kFr, kFq };
enum class ElementwiseOp { kAdd, kSub, kMul, kSquare };

// Bytes of one element: 8 words for Fr, 12 for Fq (the host ff::Fr / ff::Fq have the same).
constexpr size_t kDeviceFrBytes = 32;
constexpr size_t kDeviceFqBytes = 48;

// "add", "sub", "mul", "square"
const char* elementwise_op_name(ElementwiseOp op);

// d_out[i] = op(d_a[i], d_b[i]) for i < n, Montgomery form in and out; d_b is unused (may be
// null) for kSquare; d_out may alias d_a or d_b. All pointers are device memory of the
// current device holding n elements of `field`. Runs on the legacy default stream and waits
// for the kernel. Errors: kDeviceError naming the failing call.
Status launch_elementwise(DeviceFieldKind field, ElementwiseOp op, const void* d_a, const void* d_b, void* d_out,
                          size_t n);

}  // namespace cuzk::backend::cuda
