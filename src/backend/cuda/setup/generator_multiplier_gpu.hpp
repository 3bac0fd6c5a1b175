// GpuGeneratorMultiplier: the test setup's fixed-base multiplications (groth16::
// GeneratorMultiplier) on one CUDA device. The window tables of the G1 and G2 generators
// (ec::FixedBaseTable, 32 × 256 points each) are uploaded once; scalars go up and affine points
// come back in chunks, straight into the result vectors. Kernel: fixed_base_device.hpp.
// Results equal the host multiplier's point for point. C++ only.
//
// Threading: one caller at a time; every call makes the device current.
#pragma once

#include <memory>

#include "backend/cuda/runtime/device_buffer.hpp"
#include "backend/cuda/msm/msm_gpu.hpp"
#include "groth16/setup.hpp"

namespace cuzk::backend::cuda {

class GpuGeneratorMultiplier final : public groth16::GeneratorMultiplier {
 public:
  // Scalars per device round trip: 2^22 (436 MB of G1 output, twice that for G2); tests use
  // small chunks to cover the chunking. Errors: kInvalidArgument (no such device or a zero
  // chunk), kOutOfMemory, kDeviceError.
  static Result<std::unique_ptr<GpuGeneratorMultiplier>> create(int device, size_t chunk_scalars = size_t{1} << 22);

  Result<std::vector<ec::G1Affine>> g1(std::span<const ff::Fr> scalars) override;
  Result<std::vector<ec::G2Affine>> g2(std::span<const ff::Fr> scalars) override;

 private:
  GpuGeneratorMultiplier() = default;
  template <class C>
  Result<std::vector<ec::Affine<C>>> multiply(const GpuBases<C>& table, std::span<const ff::Fr> scalars);

  int device_ = 0;
  size_t chunk_ = 0;
  GpuBases<ec::G1Config> g1_table_;
  GpuBases<ec::G2Config> g2_table_;
};

}  // namespace cuzk::backend::cuda
