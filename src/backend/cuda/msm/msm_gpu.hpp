// The GPU MSM for host code: bases uploaded once and kept on the device (GpuBases), MSMs over
// device scalars with an optional device density bitmap, and a whole-MSM convenience from
// host arrays for tests. Results equal msm::msm() on the CPU (the same point; Jacobian
// coordinates may differ, affine ones do not). Design note: msm_device.hpp. C++ only.
//
// Threading: a GpuBases is immutable once uploaded (shareable); an MsmWorkspace serves one
// MSM at a time. Everything runs on the calling thread's current device.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_buffer.hpp"
#include "backend/cuda/msm/msm_device.hpp"
#include "common/status.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fr.hpp"
#include "msm/msm.hpp"

namespace cuzk::backend::cuda {

template <class C>
constexpr CurveKind curve_kind() {
  return std::is_same_v<C, ec::G1Config> ? CurveKind::kG1 : CurveKind::kG2;
}

// Affine bases resident on the device (device layout, msm_device.hpp). Move-only.
template <class C>
class GpuBases {
 public:
  GpuBases() = default;
  // Copies `bases` to the device (in chunks through a device staging buffer) and converts
  // them. Errors: kOutOfMemory, kDeviceError.
  static Result<GpuBases> upload(std::span<const ec::Affine<C>> bases);
  // `count` bases repeating `pattern` (base i = pattern[i mod pattern.size()]): benchmark
  // inputs of any size from a few distinct points, without a host array of `count` points.
  static Result<GpuBases> tiled(std::span<const ec::Affine<C>> pattern, size_t count);

  size_t size() const { return count_; }
  size_t bytes() const { return buffer_.size_bytes(); }
  // Device address of base i.
  const void* at(size_t i) const {
    return static_cast<const std::byte*>(buffer_.data()) + i * device_affine_bytes(curve_kind<C>());
  }

 private:
  DeviceBuffer buffer_;
  size_t count_ = 0;
};

struct GpuMsmOptions {
  unsigned window_bits = 0;  // 0 → gpu_msm_window_bits()
  // d_scalars in bit-reversed order (DeviceMsmInput::scalars_bit_reversed): their count a
  // power of two, position i holding k_rev(i); without a density, the k_v with v ≥ num_bases
  // are left out (so H's n bit-reversed coefficients meet its n − 1 bases).
  bool scalars_bit_reversed = false;
  // Most (bucket, point) pairs sorted at once (DeviceMsmInput::max_group_pairs); 0: the default.
  size_t max_group_pairs = 0;
};

// Σ k_i·P_j(i) over bases [first_base, first_base + num_bases) of `bases`, scalars d_scalars
// (device, Fr Montgomery form), density as msm::msm() (device words covering the scalars;
// empty for none). Runs on `stream` (a cudaStream_t; null: the legacy default stream) and
// waits. kInvalidArgument if the base range exceeds `bases`, the density does not cover the
// scalars, or bit-reversed scalars are not a power of two of them; kOutOfMemory, kDeviceError.
template <class C>
Result<ec::Jacobian<C>> gpu_msm(const GpuBases<C>& bases, size_t first_base, size_t num_bases,
                                DeviceSpan<const ff::Fr> d_scalars, DeviceSpan<const uint64_t> d_density,
                                MsmWorkspace& workspace, void* stream, const GpuMsmOptions& options = {});

// The whole MSM from host arrays (upload, run, free): for tests and one-off use. Size
// contract: msm::check_msm_sizes() (kInvalidArgument otherwise).
template <class C>
Result<ec::Jacobian<C>> gpu_msm_from_host(std::span<const ec::Affine<C>> bases, std::span<const ff::Fr> scalars,
                                          const msm::Density* density, const GpuMsmOptions& options = {});

extern template class GpuBases<ec::G1Config>;
extern template class GpuBases<ec::G2Config>;

}  // namespace cuzk::backend::cuda
