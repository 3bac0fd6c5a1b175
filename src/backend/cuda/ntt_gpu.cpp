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
  auto buffer = DeviceBuffer::allocate(host.size() * sizeof(Fr));
  if (!buffer.is_ok()) return buffer.status();
  out.tables_ = std::move(buffer).value();
  if (Status s = out.tables_.upload(std::span<const Fr>(host)); !s.is_ok()) return s;
  const size_t half = n / 2;
  auto roots = DeviceBuffer::allocate(half * sizeof(Fr));
  if (!roots.is_ok()) return roots.status();
  out.roots_ = std::move(roots).value();
  // on the legacy default stream, which every later stream of this device waits for
  if (Status s = ntt_expand_powers(out.table(0), half, out.roots_.data(), nullptr); !s.is_ok()) return s;
  out.size_inv_ = words_of(size_inv);
  out.vanishing_inv_ = words_of(vanishing_inv);
  return out;
}

DevicePowers GpuDomain::table(size_t which) const {
  const auto* base = static_cast<const std::byte*>(tables_.data()) + which * (lo_count_ + hi_count_) * sizeof(Fr);
  return {base, base + lo_count_ * sizeof(Fr)};
}

Status gpu_ntt(const GpuDomain& domain, NttKind kind, void* d_values, void* stream) {
  const uint32_t log_n = domain.log_size();
  const FrWords one = words_of(Fr::one());
  switch (kind) {
    case NttKind::kCosetForward:  // values[j] *= g^j, then the plain transform
      if (Status s = ntt_scale(d_values, log_n, domain.coset(), one, false, stream); !s.is_ok()) return s;
      [[fallthrough]];
    case NttKind::kForward:
      if (Status s = ntt_dif(d_values, log_n, domain.roots(), false, stream); !s.is_ok()) return s;
      return ntt_bit_reverse(d_values, log_n, stream);
    case NttKind::kInverse:
    case NttKind::kCosetInverse: {
      if (Status s = ntt_dif(d_values, log_n, domain.roots(), true, stream); !s.is_ok()) return s;
      // position i holds coefficient rev(i): × (1/n)·g^(−rev(i)) for the coset
      const DevicePowers powers = kind == NttKind::kCosetInverse ? domain.coset_inv() : DevicePowers{};
      if (Status s = ntt_scale(d_values, log_n, powers, domain.size_inv(), true, stream); !s.is_ok()) return s;
      return ntt_bit_reverse(d_values, log_n, stream);
    }
  }
  return Status::internal("gpu_ntt: unknown kind");
}

Status gpu_h_to_coset(const GpuDomain& domain, void* d_values, void* stream) {
  const uint32_t log_n = domain.log_size();
  // inverse (DIF, bit-reversed coefficients) → × g^j/n → forward on the coset (DIT, natural)
  if (Status s = ntt_dif(d_values, log_n, domain.roots(), true, stream); !s.is_ok()) return s;
  if (Status s = ntt_scale(d_values, log_n, domain.coset(), domain.size_inv(), true, stream); !s.is_ok()) return s;
  return ntt_dit(d_values, log_n, domain.roots(), false, stream);
}

Status gpu_h_quotient(const GpuDomain& domain, void* d_a, void* d_b, void* d_c, void* stream) {
  if (Status s = ntt_quotient(d_a, d_b, d_c, domain.size(), domain.vanishing_inv(), stream); !s.is_ok()) return s;
  return gpu_ntt(domain, NttKind::kCosetInverse, d_a, stream);
}

Status gpu_h_odd_coset(const GpuDomain& domain, void* d_a, const void* d_b, const void* d_c, void* stream) {
  // a ← a·b − c (the quotient kernel with factor 1: no division by Z)
  return ntt_quotient(d_a, d_b, d_c, domain.size(), words_of(Fr::one()), stream);
}

Status gpu_compute_h(const GpuDomain& domain, void* d_a, void* d_b, void* d_c, void* stream) {
  for (void* v : {d_a, d_b, d_c}) {
    if (Status s = gpu_h_to_coset(domain, v, stream); !s.is_ok()) return s;
  }
  return gpu_h_quotient(domain, d_a, d_b, d_c, stream);
}

Status gpu_ntt_from_host(const ntt::Domain& domain, NttKind kind, std::span<Fr> values) {
  if (values.size() != domain.size()) {
    return Status::invalid_argument("gpu_ntt_from_host: " + std::to_string(values.size()) +
                                    " values for a domain of size " + std::to_string(domain.size()));
  }
  auto gpu_domain = GpuDomain::create(domain);
  if (!gpu_domain.is_ok()) return gpu_domain.status();
  auto d_values = DeviceBuffer::allocate(values.size_bytes());
  if (!d_values.is_ok()) return d_values.status();
  if (Status s = d_values->upload(std::span<const Fr>(values)); !s.is_ok()) return s;
  if (Status s = gpu_ntt(*gpu_domain, kind, d_values->data(), nullptr); !s.is_ok()) return s;
  return d_values->download(values);  // synchronous: waits for the transform
}

}  // namespace cuzk::backend::cuda
