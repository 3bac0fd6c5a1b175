// Host side of the GPU NTT (ntt_gpu.hpp): power tables, the transform recipes, and the H chain.
#include "backend/cuda/ntt_gpu.hpp"

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

// x^e for e < 2^kPowerLoLog, then (x^(2^kPowerLoLog))^e for e < hi_count.
void append_powers(std::vector<Fr>& out, const Fr& x, size_t lo_count, size_t hi_count) {
  Fr acc = Fr::one();
  for (size_t e = 0; e < lo_count; ++e) {
    out.push_back(acc);
    acc *= x;
  }
  const Fr step = acc;  // x^(2^kPowerLoLog)
  acc = Fr::one();
  for (size_t e = 0; e < hi_count; ++e) {
    out.push_back(acc);
    acc *= step;
  }
}

}  // namespace

Result<GpuDomain> GpuDomain::create(const ntt::Domain& domain) {
  return create_from(domain.log_size(), domain.omega(), domain.coset_generator(), domain.size_inv(),
                     ntt::coset_vanishing_inverse(domain));
}

Result<GpuDomain> GpuDomain::create(const groth16::SnarkjsDomain& domain) {
  return create_from(domain.domain().log_size(), domain.omega(), domain.shift(), domain.domain().size_inv(),
                     Fr::one());
}

Result<GpuDomain> GpuDomain::create_from(uint32_t log_size, const Fr& omega, const Fr& shift, const Fr& size_inv,
                                         const Fr& vanishing_inv) {
  GpuDomain out;
  out.log_size_ = log_size;
  const size_t n = size_t{1} << log_size;
  out.lo_count_ = size_t{1} << kPowerLoLog;
  out.hi_count_ = std::max<size_t>(1, n >> kPowerLoLog);  // exponents < n
  std::vector<Fr> host;
  host.reserve(3 * (out.lo_count_ + out.hi_count_));
  for (const Fr& x : {omega, shift, shift.inverse()}) append_powers(host, x, out.lo_count_, out.hi_count_);
  CUZK_ASSIGN_OR_RETURN(out.tables_, DeviceArray<Fr>::allocate(host.size()));
  CUZK_RETURN_IF_ERROR(out.tables_.upload(host));
  const size_t half = n / 2;
  CUZK_ASSIGN_OR_RETURN(out.roots_, DeviceArray<Fr>::allocate(half));
  // on the legacy default stream, which every later stream of this device waits for
  CUZK_RETURN_IF_ERROR(ntt_expand_powers(out.table(0), half, out.roots_.data(), nullptr));
  out.size_inv_ = words_of(size_inv);
  out.vanishing_inv_ = words_of(vanishing_inv);
  return out;
}

DevicePowers GpuDomain::table(size_t which) const {
  const DeviceSpan<const Fr> pair = tables_.span().subspan(which * (lo_count_ + hi_count_), lo_count_ + hi_count_);
  return {pair.data(), pair.subspan(lo_count_, hi_count_).data()};
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
  const void* roots = domain.roots().data();
  const uint32_t log_n = domain.log_size();
  const FrWords one = words_of(Fr::one());
  switch (kind) {
    case NttKind::kCosetForward:  // values[j] *= g^j, then the plain transform
      CUZK_RETURN_IF_ERROR(ntt_scale(d_values, log_n, domain.coset(), one, false, stream));
      [[fallthrough]];
    case NttKind::kForward:
      CUZK_RETURN_IF_ERROR(ntt_dif(d_values, log_n, roots, false, stream));
      return ntt_bit_reverse(d_values, log_n, stream);
    case NttKind::kInverse:
    case NttKind::kCosetInverse: {
      CUZK_RETURN_IF_ERROR(ntt_dif(d_values, log_n, roots, true, stream));
      // position i holds coefficient rev(i): × (1/n)·g^(−rev(i)) for the coset
      const DevicePowers powers = kind == NttKind::kCosetInverse ? domain.coset_inv() : DevicePowers{};
      CUZK_RETURN_IF_ERROR(ntt_scale(d_values, log_n, powers, domain.size_inv(), true, stream));
      return ntt_bit_reverse(d_values, log_n, stream);
    }
  }
  return Status::internal("gpu_ntt: unknown kind");
}

Status gpu_h_to_coset(const GpuDomain& domain, DeviceSpan<Fr> values, void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, values));
  const uint32_t log_n = domain.log_size();
  const void* roots = domain.roots().data();
  // inverse (DIF, bit-reversed coefficients) → × g^j/n → forward on the coset (DIT, natural)
  CUZK_RETURN_IF_ERROR(ntt_dif(values.data(), log_n, roots, true, stream));
  CUZK_RETURN_IF_ERROR(ntt_scale(values.data(), log_n, domain.coset(), domain.size_inv(), true, stream));
  return ntt_dit(values.data(), log_n, roots, false, stream);
}

Status gpu_h_quotient(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<const Fr> b, DeviceSpan<const Fr> c,
                      void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, a, b, c));
  CUZK_RETURN_IF_ERROR(ntt_quotient(a.data(), b.data(), c.data(), domain.size(), domain.vanishing_inv(), stream));
  return gpu_ntt(domain, NttKind::kCosetInverse, a, stream);
}

Status gpu_h_odd_coset(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<const Fr> b, DeviceSpan<const Fr> c,
                       void* stream) {
  CUZK_RETURN_IF_ERROR(check_sizes(domain, a, b, c));
  // a ← a·b − c (the quotient kernel with factor 1: no division by Z)
  return ntt_quotient(a.data(), b.data(), c.data(), domain.size(), words_of(Fr::one()), stream);
}

Status gpu_compute_h(const GpuDomain& domain, DeviceSpan<Fr> a, DeviceSpan<Fr> b, DeviceSpan<Fr> c, void* stream) {
  for (const DeviceSpan<Fr> v : {a, b, c}) CUZK_RETURN_IF_ERROR(gpu_h_to_coset(domain, v, stream));
  return gpu_h_quotient(domain, a, b, c, stream);
}

Status gpu_ntt_from_host(const ntt::Domain& domain, NttKind kind, std::span<Fr> values) {
  if (values.size() != domain.size()) {
    return Status::invalid_argument("gpu_ntt_from_host: " + std::to_string(values.size()) +
                                    " values for a domain of size " + std::to_string(domain.size()));
  }
  auto gpu_domain = GpuDomain::create(domain);
  if (!gpu_domain.is_ok()) return gpu_domain.status();
  CUZK_ASSIGN_OR_RETURN(DeviceArray<Fr> d_values, DeviceArray<Fr>::allocate(values.size()));
  CUZK_RETURN_IF_ERROR(d_values.upload(values));
  CUZK_RETURN_IF_ERROR(gpu_ntt(*gpu_domain, kind, d_values.span(), nullptr));
  return d_values.download(values);  // synchronous: waits for the transform
}

}  // namespace cuzk::backend::cuda
