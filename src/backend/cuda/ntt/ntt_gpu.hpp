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

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/ntt/ntt_device.hpp"
#include "common/status.hpp"
#include "ff/fr.hpp"
#include "groth16/snarkjs_qap.hpp"
#include "ntt/domain.hpp"

namespace cuzk::backend::cuda {

// A domain's tables on the current device (4·n/2^k + 7·2^k + 2^11 elements, k the first pass's
// stage count: 32 MiB at 2^27; up to 2^kFullTwiddleMaxLog also 2·n, 1 GiB at 2^24): the roots
// of ω and ω^(−1) (ntt_device.hpp NttRoots), the coset powers g^j, g^j/n, g^(−j)/n and
// g^(−j)/(n·Z) as lo/hi table pairs (Z the vanishing polynomial on the coset), and the
// scalars 1/n and 1/(n·Z).
class GpuDomain {
 public:
  // Up to this size (by default) the twiddles of ω and ω^(−1) are full tables of n powers, so
  // the first pass's twiddle (the only one whose exponent spans all of n) is one load instead
  // of a lo·hi product: one product a value less, for 2·n·32 bytes (1 GiB at 2^24). The
  // create() functions take the bound, 0 for small tables at every size.
  static constexpr uint32_t kFullTwiddleMaxLog = 24;

  // Errors: kOutOfMemory, kDeviceError.
  static Result<GpuDomain> create(const ntt::Domain& domain, uint32_t full_twiddle_max_log = kFullTwiddleMaxLog);
  // snarkjs's domain of the same size (QapConvention::kSnarkjs): the twiddles are powers of
  // snarkjs's ω and the coset shift is its 2n-th root g, so the transforms run in snarkjs's
  // order directly (the CPU's index permutation i ↦ e·i mod n is the change of root, implicit
  // here); 1/Z is 1 (snarkjs's H divides by nothing). Errors: kOutOfMemory, kDeviceError.
  static Result<GpuDomain> create(const groth16::SnarkjsDomain& domain,
                                  uint32_t full_twiddle_max_log = kFullTwiddleMaxLog);

  uint32_t log_size() const { return log_size_; }
  size_t size() const { return size_t{1} << log_size_; }
  NttRoots forward_roots() const { return roots(kOmega); }
  NttRoots inverse_roots() const { return roots(kOmegaInv); }
  DevicePowers coset() const { return powers(kShift, kShift); }                        // g^j
  DevicePowers coset_over_size() const { return powers(kShiftOverSize, kShift); }     // g^j/n
  DevicePowers coset_inv_over_size() const { return powers(kShiftInvOverSize, kShiftInv); }  // g^(−j)/n
  // g^(−j)/(n·Z), Z the vanishing polynomial's value on the coset: the H quotient's output scaling.
  DevicePowers coset_inv_over_size_vanishing() const { return powers(kShiftInvOverSizeVanishing, kShiftInv); }
  const FrWords& size_inv() const { return size_inv_; }
  const FrWords& size_vanishing_inv() const { return size_vanishing_inv_; }  // 1/(n·Z)

 private:
  // The tables, in this order in tables_: lo tables of 2^lo_log_ elements for ω, ω^(−1), g,
  // g^(−1), g/n, g^(−1)/n and g^(−1)/(n·Z) (kLoTables of them); hi tables of hi_count_
  // elements for ω, ω^(−1), g, g^(−1); the column roots of ω and of ω^(−1) (column_count_ each);
  // with full_twiddles_, the n powers of ω and of ω^(−1).
  enum Table : size_t {
    kOmega,
    kOmegaInv,
    kShift,
    kShiftInv,
    kShiftOverSize,
    kShiftInvOverSize,
    kShiftInvOverSizeVanishing,
    kLoTables
  };
  NttRoots roots(Table which) const;
  DevicePowers powers(Table lo, Table hi) const;
  // Offsets in tables_ of the column roots and (with full_twiddles_) the full table of ω or ω^(−1).
  size_t column_offset(Table which) const;
  size_t full_twiddle_offset(Table which) const;
  // Tables for ω (primitive n-th root), coset shift g and the two scalars.
  static Result<GpuDomain> create_from(uint32_t log_size, const ff::Fr& omega, const ff::Fr& shift,
                                       const ff::Fr& size_inv, const ff::Fr& vanishing_inv,
                                       uint32_t full_twiddle_max_log);

  DeviceArray<ff::Fr> tables_;
  uint32_t log_size_ = 0, lo_log_ = 0;  // lo_log_: ntt_power_lo_log(log_size_)
  size_t hi_count_ = 0, column_count_ = 0;
  bool full_twiddles_ = false;  // log_size_ ≤ create()'s full_twiddle_max_log
  FrWords size_inv_{}, size_vanishing_inv_{};
};

// Every span below holds exactly domain.size() values (device, Fr Montgomery form);
// kInvalidArgument otherwise.
//
// Transforms in place: forward, inverse, coset forward, coset inverse, as ntt::forward() etc.
enum class NttKind { kForward, kInverse, kCosetForward, kCosetInverse };
Status gpu_ntt(const GpuDomain& domain, NttKind kind, DeviceSpan<ff::Fr> d_values, void* stream);

// The Groth16 quotient's coefficients from the evaluations a, b, c (zero padded): d_a ←
// coset_inverse((coset_forward(inverse(a))·… − coset_forward(inverse(c)))·1/Z), equal to the
// CPU prover's H; d_b and d_c are clobbered. h is d_a[0..n−1), in natural order (the steps
// below, then a bit-reversal pass: for tests and benchmarks; the prover takes the steps' order).
Status gpu_compute_h(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                     DeviceSpan<ff::Fr> d_c, void* stream);
// The same steps without the bit-reversal pass: h as the prover computes it, d_a[i] = h_rev(i)
// (see below).
Status gpu_compute_h_bit_reversed(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                                  DeviceSpan<ff::Fr> d_c, void* stream);
// gpu_compute_h's steps, so a caller can start on a while b and c are still uploading. Six
// transforms, not seven: coset_inverse is linear and undoes coset_forward on a polynomial of
// degree < n, so with C = inverse(c), h = coset_inverse(A·B on the coset)/Z − C/Z, and c
// never goes to the coset.
//   gpu_h_to_coset: a (and b) in place to coset evaluations (inverse, × g^j/n, forward);
//   gpu_h_c_coefficients: c in place to C/Z (inverse, × 1/(n·Z)), coefficient rev(i) at i;
//   gpu_h_quotient: d_a ← coset_inverse(a·b)/Z − c, the a·b fused into the transform's load,
//     the 1/Z into its output table and the − c into its store.
// The coefficients are left in bit-reversed order (d_a[i] = h_rev(i), rev the log2(n)-bit
// reversal; the top coefficient h_(n−1), zero for a satisfied circuit, stays at i = n − 1):
// the H MSM reads them so (GpuMsmOptions::scalars_bit_reversed) instead of a reordering pass.
Status gpu_h_to_coset(const GpuDomain& domain, DeviceSpan<ff::Fr> d_values, void* stream);
Status gpu_h_c_coefficients(const GpuDomain& domain, DeviceSpan<ff::Fr> d_c, void* stream);
Status gpu_h_quotient(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<const ff::Fr> d_b,
                      DeviceSpan<const ff::Fr> d_c, void* stream);

// snarkjs's H (kSnarkjs) after gpu_h_to_coset of a, b, c on a snarkjs domain
// (GpuDomain::create(SnarkjsDomain)): d_a ← a·b − c, the evaluations on the odd coset in
// snarkjs's order; h is d_a[0..n).
Status gpu_h_odd_coset(const GpuDomain& domain, DeviceSpan<ff::Fr> d_a, DeviceSpan<const ff::Fr> d_b,
                       DeviceSpan<const ff::Fr> d_c, void* stream);

// For tests: one transform of host values in place (upload, run, download), synchronous, on
// a GpuDomain with that bound on its full twiddle tables. kInvalidArgument on a size mismatch.
Status gpu_ntt_from_host(const ntt::Domain& domain, NttKind kind, std::span<ff::Fr> values,
                         uint32_t full_twiddle_max_log = GpuDomain::kFullTwiddleMaxLog);

}  // namespace cuzk::backend::cuda
