// NTTs over Fr on the GPU, on device data: the same transforms as src/ntt (forward, inverse,
// coset with g = 7, natural order in and out) and the whole Groth16 H computation on the
// device, for both QAP conventions (groth16/prover_backend.hpp). Results equal the CPU's exactly (the transforms are the same linear maps over Fr).
// Design note: ntt_device.hpp. C++ only.
//
// Threading: a GpuDomain is immutable after create() (shareable across streams of its
// device). Every function runs asynchronously on `stream` (a cudaStream_t; null: the legacy
// default stream); the caller synchronizes before reading results on the host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "backend/cuda/device_array.hpp"
#include "backend/cuda/ntt_device.hpp"
#include "common/status.hpp"
#include "ff/fr.hpp"
#include "groth16/snarkjs_qap.hpp"
#include "ntt/domain.hpp"

namespace cuzk::backend::cuda {

// A domain's tables on the current device: ω^e for e < n/2 (n/2 elements: 2 GiB at 2^27),
// and g^j, g^(−j) as two small tables each; plus 1/n and 1/Z on the coset.
class GpuDomain {
 public:
  // Errors: kOutOfMemory, kDeviceError.
  static Result<GpuDomain> create(const ntt::Domain& domain);
  // snarkjs's domain of the same size (QapConvention::kSnarkjs): the twiddles are powers of
  // snarkjs's ω and the coset shift is its 2n-th root g, so the transforms run in snarkjs's
  // order directly (the CPU's index permutation i ↦ e·i mod n is the change of root, implicit
  // here); 1/Z is 1 (snarkjs's H divides by nothing). Errors: kOutOfMemory, kDeviceError.
  static Result<GpuDomain> create(const groth16::SnarkjsDomain& domain);

  uint32_t log_size() const { return log_size_; }
  size_t size() const { return size_t{1} << log_size_; }
  DeviceSpan<const ff::Fr> roots() const { return roots_.span(); }  // ω^e, e < n/2
  DevicePowers coset() const { return table(1); }
  DevicePowers coset_inv() const { return table(2); }
  const FrWords& size_inv() const { return size_inv_; }
  const FrWords& vanishing_inv() const { return vanishing_inv_; }

 private:
  DevicePowers table(size_t which) const;
  // Tables for ω (primitive n-th root), coset shift g and the two scalars.
  static Result<GpuDomain> create_from(uint32_t log_size, const ff::Fr& omega, const ff::Fr& shift,
                                       const ff::Fr& size_inv, const ff::Fr& vanishing_inv);

  DeviceArray<ff::Fr> tables_;  // ω, g, g^(−1) as lo/hi table pairs
  DeviceArray<ff::Fr> roots_;
  uint32_t log_size_ = 0;
  size_t lo_count_ = 0, hi_count_ = 0;  // per table pair
  FrWords size_inv_{}, vanishing_inv_{};
};

// Every span below holds exactly domain.size() values (device, Fr Montgomery form);
// kInvalidArgument otherwise.
//
// Transforms in place: forward, inverse, coset forward, coset inverse, as ntt::forward() etc.
enum class NttKind { kForward, kInverse, kCosetForward, kCosetInverse };
Status gpu_ntt(const GpuDomain& domain, NttKind kind, DeviceSpan<ff::Fr> d_values, void* stream);

// The Groth16 quotient's coefficients from the evaluations a, b, c (zero padded):
// d_a ← coset_inverse((coset_forward(inverse(a))·… − …)·1/Z), exactly as the CPU prover's H;
// d_b and d_c are clobbered. h is d_a[0..n−1).
Status gpu_compute_h(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                     DeviceSpan<ff::Fr> d_c, void* stream);
// gpu_compute_h in two steps, so a caller can start on a while b and c are still uploading:
// each of a, b, c in place to its coset evaluations (inverse, × g^j/n, forward), then the
// quotient and the coset inverse.
Status gpu_h_to_coset(const GpuDomain& domain, DeviceSpan<ff::Fr> d_values, void* stream);
Status gpu_h_quotient(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<const ff::Fr> d_b,
                      DeviceSpan<const ff::Fr> d_c, void* stream);

// snarkjs's H (kSnarkjs) after gpu_h_to_coset of a, b, c on a snarkjs domain
// (GpuDomain::create(SnarkjsDomain)): d_a ← a·b − c, the evaluations on the odd coset in
// snarkjs's order; h is d_a[0..n).
Status gpu_h_odd_coset(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<const ff::Fr> d_b,
                       DeviceSpan<const ff::Fr> d_c, void* stream);

// For tests: one transform of host values in place (upload, run, download), synchronous.
// kInvalidArgument on a size mismatch.
Status gpu_ntt_from_host(const ntt::Domain& domain, NttKind kind, std::span<ff::Fr> values);

}  // namespace cuzk::backend::cuda
