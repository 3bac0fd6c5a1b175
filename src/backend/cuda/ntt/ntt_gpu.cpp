// Host side of the GPU NTT (ntt_gpu.hpp): power tables, the transform recipes, and the H chain.
#include "backend/cuda/ntt/ntt_gpu.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ntt/ntt.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;

FrWords words_of(const Fr& x) {
  static_assert(sizeof(FrWords) == sizeof(Fr));
  FrWords out;
  std::memcpy(&out, &x.montgomery(), sizeof(out));
  return out;
}

// x^e·factor for e < count (a lo table with a factor folded in).
void append_lo(std::vector<Fr>& out, const Fr& x, const Fr& factor, size_t count) {
  Fr acc = factor;
  for (size_t e = 0; e < count; ++e) {
    out.push_back(acc);
    acc *= x;
  }
}

// x^e for e < count.
void append_powers(std::vector<Fr>& out, const Fr& x, size_t count) {
  Fr acc = Fr::one();
  for (size_t e = 0; e < count; ++e) {
    out.push_back(acc);
    acc *= x;
  }
}

// The stage-major column roots (NttRoots::column) of w, a primitive 2^L-th root of unity: at
// 2^c + m, ω_(2^(c+1))^m = w^(m·2^(L−1−c)) for c < L, m < 2^c; at 0, 1 (unread).
void append_stage_roots(std::vector<Fr>& out, const Fr& w, uint32_t L) {
  std::vector<Fr> powers;  // w^j, j < 2^(L−1)
  append_powers(powers, w, size_t{1} << (L - 1));
  out.push_back(Fr::one());
  for (uint32_t c = 0; c < L; ++c) {
    for (size_t m = 0; m < (size_t{1} << c); ++m) out.push_back(powers[m << (L - 1 - c)]);
  }
}

Fr pow2k(Fr x, uint32_t k) {  // x^(2^k)
  for (uint32_t i = 0; i < k; ++i) x = x.square();
  return x;
}

}  // namespace

Result<GpuDomain> GpuDomain::create(const ntt::Domain& domain, uint32_t full_twiddle_max_log) {
  return create_from(domain.log_size(), domain.omega(), domain.coset_generator(), domain.size_inv(),
                     ntt::coset_vanishing_inverse(domain), full_twiddle_max_log);
}

Result<GpuDomain> GpuDomain::create(const groth16::SnarkjsDomain& domain, uint32_t full_twiddle_max_log) {
  return create_from(domain.domain().log_size(), domain.omega(), domain.shift(), domain.domain().size_inv(),
                     Fr::one(), full_twiddle_max_log);
}

Result<GpuDomain> GpuDomain::create_from(uint32_t log_size, const Fr& omega, const Fr& shift, const Fr& size_inv,
                                         const Fr& vanishing_inv, uint32_t full_twiddle_max_log) {
  GpuDomain out;
  out.log_size_ = log_size;
  const size_t n = size_t{1} << log_size;
  out.lo_log_ = ntt_power_lo_log(log_size);
  out.hi_count_ = std::max<size_t>(1, n >> out.lo_log_);  // exponents < n
  const size_t lo_count = size_t{1} << out.lo_log_;
  const uint32_t column_log = std::min(log_size, kMaxPassLog);
  out.column_count_ = size_t{1} << column_log;
  const Fr omega_inv = omega.inverse(), shift_inv = shift.inverse();
  const Fr bases[] = {omega, omega_inv, shift, shift_inv};
  std::vector<Fr> host;
  out.full_twiddles_ = log_size <= full_twiddle_max_log;
  const size_t full_count = out.full_twiddles_ ? n : 0;
  host.reserve(kLoTables * lo_count + 4 * out.hi_count_ + 2 * out.column_count_);
  for (const Fr& x : bases) append_lo(host, x, Fr::one(), lo_count);
  append_lo(host, shift, size_inv, lo_count);
  append_lo(host, shift_inv, size_inv, lo_count);
  append_lo(host, shift_inv, size_inv * vanishing_inv, lo_count);
  for (const Fr& x : bases) append_powers(host, pow2k(x, out.lo_log_), out.hi_count_);
  // ω_(2^L) = ω^(n/2^L)
  for (const Fr& x : {omega, omega_inv}) append_stage_roots(host, pow2k(x, log_size - column_log), column_log);
  CUZK_ASSIGN_OR_RETURN(out.tables_, DeviceArray<Fr>::allocate(host.size() + 2 * full_count));
  CUZK_RETURN_IF_ERROR(out.tables_.upload(host));
  if (out.full_twiddles_) {  // from the lo/hi tables just uploaded
    for (const Table which : {kOmega, kOmegaInv}) {
      CUZK_RETURN_IF_ERROR(ntt_expand_powers(out.tables_.span().data() + out.full_twiddle_offset(which),
                                             out.powers(which, which), n));
    }
  }
  out.size_inv_ = words_of(size_inv);
  out.size_vanishing_inv_ = words_of(size_inv * vanishing_inv);
  return out;
}

DevicePowers GpuDomain::powers(Table lo, Table hi) const {
  const Fr* base = tables_.span().data();
  return {base + (lo << lo_log_), base + (size_t{kLoTables} << lo_log_) + hi * hi_count_, lo_log_};
}

size_t GpuDomain::column_offset(Table which) const {
  return (size_t{kLoTables} << lo_log_) + 4 * hi_count_ + which * column_count_;
}

size_t GpuDomain::full_twiddle_offset(Table which) const {
  return column_offset(kOmega) + 2 * column_count_ + (size_t{which} << log_size_);
}

NttRoots GpuDomain::roots(Table which) const {
  const Fr* base = tables_.span().data();
  if (!full_twiddles_) return {base + column_offset(which), powers(which, which)};
  // x^e = hi[e] (lo_log 0: the kernels never read lo)
  const Fr* full = base + full_twiddle_offset(which);
  return {base + column_offset(which), DevicePowers{full, full, 0}};
}

namespace {

// OK if every span holds exactly the domain's size.
template <class... Spans>
Status check_sizes(const GpuDomain& domain, const Spans&... spans) {
  for (const size_t size : {spans.size()...}) {
    if (size != domain.size()) {
      return Status::invalid_argument("gpu ntt: " + std::to_string(size) + " values for a domain of " +
                                      std::to_string(domain.size()));
    }
  }
  return Status::ok();
}

}  // namespace

Status gpu_ntt(const GpuDomain& domain, NttKind kind, DeviceSpan<Fr> values, void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, values));
  void* d_values = values.data();
  const uint32_t log_n = domain.log_size();
  DifFusion fusion;
  switch (kind) {
    case NttKind::kCosetForward:  // values[j] *= g^j, then the plain transform
      fusion.input_powers = domain.coset();
      [[fallthrough]];
    case NttKind::kForward:
      CUZK_RETURN_IF_ERROR(ntt_dif(d_values, log_n, domain.forward_roots(), fusion, stream));
      return ntt_bit_reverse(d_values, log_n, stream);
    case NttKind::kInverse:
    case NttKind::kCosetInverse:
      // position i holds coefficient rev(i): × (1/n)·g^(−rev(i)) for the coset
      if (kind == NttKind::kCosetInverse) {
        fusion.output_powers = domain.coset_inv_over_size();
      } else {
        fusion.scale_output = true;
        fusion.output_factor = domain.size_inv();
      }
      CUZK_RETURN_IF_ERROR(ntt_dif(d_values, log_n, domain.inverse_roots(), fusion, stream));
      return ntt_bit_reverse(d_values, log_n, stream);
  }
  return Status::internal("gpu_ntt: unknown kind");
}

Status gpu_h_to_coset(const GpuDomain& domain, DeviceSpan<Fr> values, void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, values));
  const uint32_t log_n = domain.log_size();
  // inverse (DIF, bit-reversed coefficients) × g^rev(i)/n → forward on the coset (DIT, natural)
  DifFusion fusion;
  fusion.output_powers = domain.coset_over_size();
  CUZK_RETURN_IF_ERROR(ntt_dif(values.data(), log_n, domain.inverse_roots(), fusion, stream));
  return ntt_dit(values.data(), log_n, domain.forward_roots(), stream);
}

Status gpu_h_c_coefficients(const GpuDomain& domain, DeviceSpan<Fr> c, void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, c));
  DifFusion fusion;
  fusion.scale_output = true;
  fusion.output_factor = domain.size_vanishing_inv();
  return ntt_dif(c.data(), domain.log_size(), domain.inverse_roots(), fusion, stream);
}

Status gpu_h_quotient(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<const Fr> b, DeviceSpan<const Fr> c,
                      void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, a, b, c));
  // the coset inverse of a·b, × 1/Z, − C/Z: DIF, so position i holds coefficient rev(i) as c
  // does, and as the H MSM reads it
  DifFusion fusion;
  fusion.multiplier = b.data();
  fusion.output_powers = domain.coset_inv_over_size_vanishing();
  fusion.subtrahend = c.data();
  return ntt_dif(a.data(), domain.log_size(), domain.inverse_roots(), fusion, stream);
}

Status gpu_h_odd_coset(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<const Fr> b, DeviceSpan<const Fr> c,
                       void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, a, b, c));
  // a ← a·b − c (the quotient kernel with factor 1: no division by Z)
  return ntt_quotient(a.data(), b.data(), c.data(), domain.size(), words_of(Fr::one()), stream);
}

Status gpu_compute_h_bit_reversed(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<Fr> b, DeviceSpan<Fr> c,
                                  void* stream) {
  for (const DeviceSpan<Fr> v : {a, b}) CUZK_RETURN_IF_ERROR(gpu_h_to_coset(domain, v, stream));
  CUZK_RETURN_IF_ERROR(gpu_h_c_coefficients(domain, c, stream));
  return gpu_h_quotient(domain, a, b, c, stream);
}

Status gpu_compute_h(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<Fr> b, DeviceSpan<Fr> c, void* stream) {
  CUZK_RETURN_IF_ERROR(gpu_compute_h_bit_reversed(domain, a, b, c, stream));
  return ntt_bit_reverse(a.data(), domain.log_size(), stream);
}

Status gpu_ntt_from_host(const ntt::Domain& domain, NttKind kind, std::span<Fr> values,
                         uint32_t full_twiddle_max_log) {
  if (values.size() != domain.size()) {
    return Status::invalid_argument("gpu_ntt_from_host: " + std::to_string(values.size()) +
                                    " values for a domain of size " + std::to_string(domain.size()));
  }
  auto gpu_domain = GpuDomain::create(domain, full_twiddle_max_log);
  if (!gpu_domain.is_ok()) return gpu_domain.status();
  CUZK_ASSIGN_OR_RETURN(DeviceArray<Fr> d_values, DeviceArray<Fr>::allocate(values.size()));
  CUZK_RETURN_IF_ERROR(d_values.upload(values));
  CUZK_RETURN_IF_ERROR(gpu_ntt(*gpu_domain, kind, d_values.span(), nullptr));
  return d_values.download(values);  // synchronous: waits for the transform
}

}  // namespace cuzk::backend::cuda
