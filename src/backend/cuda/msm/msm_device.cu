// msm_device.hpp: the workspace, the window choice, and the dispatch to the curve kernels.
#include "backend/cuda/msm/msm_device.hpp"

#include <cuda_runtime.h>

#include <cmath>
#include <limits>

#include "backend/cuda/msm/msm_scratch.cuh"

namespace cuzk::backend::cuda {

namespace {
// Cost of one bucket relative to one (bucket, point) pair. Measured on the H200 (G1, 2^24
// random scalars, 2026-11-30): accumulation ≈ 0.8-0.9 ns per pair, scatter + reduction
// ≈ 9 ns per bucket (two full additions per bucket, a chunk's lo·ΣB, fewer threads), and
// emptier buckets add imbalance across segment threads; the window sweep there measured
// c = 13/15/16/17/18/20/22: 299/272/241/246/259/315/561 ms. 16 makes the model pick c = 16
// at 2^22-2^24 and c = 20 at 2^26.
constexpr double kReduceWeight = 16.0;
constexpr unsigned kMinWindowBits = 4, kMaxWindowBits = 22;
}  // namespace

MsmWorkspace::MsmWorkspace() : scratch_(std::make_unique<MsmScratch>()) {}
MsmWorkspace::~MsmWorkspace() = default;
MsmWorkspace::MsmWorkspace(MsmWorkspace&&) noexcept = default;
MsmWorkspace& MsmWorkspace::operator=(MsmWorkspace&&) noexcept = default;

size_t MsmWorkspace::bytes() const { return scratch_->bytes(); }
void MsmWorkspace::release() { scratch_ = std::make_unique<MsmScratch>(); }

unsigned gpu_msm_window_bits(size_t m) {
  unsigned best = kMinWindowBits;
  double best_cost = std::numeric_limits<double>::infinity();
  for (unsigned c = kMinWindowBits; c <= kMaxWindowBits; ++c) {
    const double windows = static_cast<double>(windows_for(c));
    const double cost = windows * (static_cast<double>(m) + kReduceWeight * std::ldexp(1.0, static_cast<int>(c) - 1));
    if (cost < best_cost) {
      best_cost = cost;
      best = c;
    }
  }
  return best;
}

Status run_device_msm(CurveKind curve, const DeviceMsmInput& input, MsmWorkspace& workspace, void* stream,
                      DeviceMsmResult* result) {
  auto* s = static_cast<cudaStream_t>(stream);
  return curve == CurveKind::kG1 ? run_msm_g1(input, workspace.scratch(), s, result)
                                 : run_msm_g2(input, workspace.scratch(), s, result);
}

Status convert_bases(CurveKind curve, const void* d_raw, size_t host_stride, size_t count, void* d_out, void* stream) {
  auto* s = static_cast<cudaStream_t>(stream);
  return curve == CurveKind::kG1 ? convert_bases_g1(d_raw, host_stride, count, d_out, s)
                                 : convert_bases_g2(d_raw, host_stride, count, d_out, s);
}

}  // namespace cuzk::backend::cuda
