// Fixed-base multiplication on the device, the kernel half of GpuGeneratorMultiplier
// (generator_multiplier_gpu.hpp): one thread per scalar walks the 8-bit windows of a
// precomputed table of d·2^(8w)·G (ec::FixedBaseTable's layout, converted to device affine),
// one XYZZ mixed addition per non-zero digit, then normalises to affine with one Fermat
// inversion of ZZ·ZZZ and writes the point in the host's ec::Affine<C> layout, so the result
// downloads straight into a std::vector<ec::Affine<C>>. C++ only.
#pragma once

#include <cstddef>

#include "backend/cuda/msm/msm_device.hpp"
#include "common/status.hpp"

namespace cuzk::backend::cuda {

// Window width and count of the table (256 bits of scalar).
constexpr unsigned kFixedBaseWindowBits = 8;
constexpr size_t kFixedBaseWindows = 256 / kFixedBaseWindowBits;

// d_out[i] = [k_i]·G for `count` scalars at d_scalars (Fr, Montgomery form). d_table holds
// kFixedBaseWindows × 2^kFixedBaseWindowBits device affine points (identity as (0, 0)).
// d_out receives host-layout records `out_stride` bytes apart: x, y (device = host field
// layout), then a 64-bit word whose low byte is the infinity flag (1 or 0) and whose other
// bytes are zero. Asynchronous on `stream` (a cudaStream_t). Errors: kDeviceError.
Status launch_fixed_base(CurveKind curve, const void* d_table, const void* d_scalars, size_t count, void* d_out,
                         size_t out_stride, void* stream);

}  // namespace cuzk::backend::cuda
