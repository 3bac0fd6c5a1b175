// Internal to backend/cuda: the elementwise field kernels behind field_ops.hpp, launched on
// raw device memory. Split from field_ops.cpp so that the host field headers (src/ff: GCC
// pragmas, x86-64 assembly) are compiled by the host compiler only, and the kernels see only
// the device field types. C++ only: no CUDA types.
#pragma once

#include <cstddef>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// kFq2 is DeviceFq2Lane (fq2_lane_device.cuh), the G2 MSM's field: an element on a pair of
// lanes, for the k*Redundant operations only.
enum class DeviceFieldKind { kFr, kFq, kFq2 };
// The k*Redundant operations are Fq's redundant form (field_device.cuh): inputs and outputs
// are Montgomery words < 2p (every Fq2 coefficient) that stand for their value mod p. The
// mul_subs (Fq, Fq2) pair element i with element n − 1 − i: out[i] = a[i]·b[i] − a[n−1−i]·b[n−1−i].
enum class ElementwiseOp {
  kAdd,
  kSub,
  kMul,
  kSquare,
  kMulSub,
  kAddRedundant,
  kSubRedundant,
  kMulRedundant,
  kSquareRedundant,
  kMulSubRedundant
};

// Bytes of one element: 8 words for Fr, 12 for Fq, 24 for Fq2 (the host ff::Fr / ff::Fq /
// ff::Fq2 have the same).
constexpr size_t kDeviceFrBytes = 32;
constexpr size_t kDeviceFqBytes = 48;
constexpr size_t kDeviceFq2Bytes = 96;

// The throughput micro-benchmark's operations (field_ops.hpp, FieldThroughputOp, says what each
// one does).
enum class ThroughputOp { kFrMul, kFrSquare, kFqMul, kFqSquare, kImad, kImadWide };

// "add", "sub", "mul", "square", "add (redundant)", …
const char* elementwise_op_name(ElementwiseOp op);

// d_out[i] = op(d_a[i], d_b[i]) for i < n, Montgomery form in and out; d_b is unused (may be
// null) for the squares; the redundant operations and the mul_subs exist for kFq, kFq2 has only
// the redundant ones (kInvalidArgument for the others); d_out may alias d_a or d_b, except for the mul_subs. All pointers are device memory of the
// current device holding n elements of `field`. Runs on the legacy default stream and waits
// for the kernel. Errors: kDeviceError naming the failing call.
Status launch_elementwise(DeviceFieldKind field, ElementwiseOp op, const void* d_a, const void* d_b, void* d_out,
                          size_t n);

// One timed launch of the throughput kernel: `operations` field operations (or integer
// multiply-adds) in `ms` milliseconds.
struct ThroughputRun {
  double ms = 0;
  double operations = 0;
};

// Runs `op` `iterations` times in each of 8 × (SM count) blocks of 256 threads (values from a
// fixed hash of the thread index; results stored, never read back) and times it with CUDA
// events on the legacy default stream, after one untimed launch. Errors: kInvalidArgument
// (iterations = 0), kDeviceError, kOutOfMemory.
Result<ThroughputRun> time_throughput(ThroughputOp op, unsigned iterations);

}  // namespace cuzk::backend::cuda
