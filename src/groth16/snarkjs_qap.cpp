// snarkjs's roots of unity, the map between its domain and ours, and the odd-coset H
// (snarkjs_qap.hpp).
#include "groth16/snarkjs_qap.hpp"

#include <string>

#include "ntt/ntt.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

// (r − 1) / 2^32, the odd part t of r − 1 = 2^32·t.
ff::Limbs<4> r_minus_one_odd_part() {
  ff::Limbs<4> v = Fr::modulus();
  v[0] -= 1;  // r is odd: no borrow
  ff::Limbs<4> t{};
  for (size_t i = 0; i < 4; ++i) {
    t[i] = v[i] >> 32;
    if (i + 1 < 4) t[i] |= v[i + 1] << 32;
  }
  return t;
}

}  // namespace

Fr snarkjs_root_of_unity(uint32_t log_n) {
  // ffjavascript F1Field: nqr = the smallest quadratic non-residue (5 for BLS12-381's r),
  // w[s] = nqr^t with s = 32 the 2-adicity, w[i−1] = w[i]².
  Fr w = Fr::from_u64(5).pow(r_minus_one_odd_part());
  for (uint32_t i = log_n; i < ff::FrParams::kTwoAdicity; ++i) w = w.square();
  return w;
}

Result<SnarkjsDomain> SnarkjsDomain::create(size_t n) {
  if (n < 2 || (n & (n - 1)) != 0 || n > (size_t{1} << ntt::Domain::kMaxLogSize)) {
    return Status::invalid_argument("snarkjs domain size " + std::to_string(n) + " is not a power of two in [2, 2^" +
                                    std::to_string(ntt::Domain::kMaxLogSize) + "]");
  }
  CUZK_ASSIGN_OR_RETURN(ntt::Domain d, ntt::Domain::create(n));
  SnarkjsDomain out(std::move(d));
  const uint32_t k = out.domain_.log_size();
  const Fr target = snarkjs_root_of_unity(k);
  // Discrete log in the cyclic group of order 2^k (Pohlig–Hellman, one bit at a time):
  // after bits 0..b−1 of e are known, x = target·ω^(−e) lies in the subgroup of order 2^(k−b),
  // and x^(2^(k−1−b)) is 1 or −1 exactly as bit b of e is 0 or 1.
  uint64_t e = 0;
  for (uint32_t bit = 0; bit < k; ++bit) {
    Fr x = target * out.domain_.omega_inv().pow(ff::Limbs<1>{e});
    for (uint32_t i = 0; i + 1 + bit < k; ++i) x = x.square();
    if (!x.is_one()) e |= uint64_t{1} << bit;
  }
  if (out.domain_.omega().pow(ff::Limbs<1>{e}) != target || (e & 1) == 0) {
    return Status::internal("snarkjs root of unity of order 2^" + std::to_string(k) + " is not an odd power of ours");
  }
  out.exponent_ = e;
  out.omega_ = target;
  out.shift_ = snarkjs_root_of_unity(k + 1);
  return out;
}

Result<std::vector<Fr>> snarkjs_h(const SnarkjsDomain& domain, std::span<const Fr> a, std::span<const Fr> b,
                                  std::span<const Fr> c, ThreadPool& pool) {
  const size_t n = domain.size();
  const std::span<const Fr> inputs[3] = {a, b, c};
  for (const auto& v : inputs) {
    if (v.size() > n) {
      return Status::invalid_argument("snarkjs H: " + std::to_string(v.size()) + " evaluations for a domain of " +
                                      std::to_string(n));
    }
  }
  // Each of a, b, c: scatter to our order (zero padded), inverse NTT (coefficients), multiply
  // coefficient j by g^j, forward NTT: values at g·ω_ours^j.
  std::vector<Fr> odd[3];
  for (size_t which = 0; which < 3; ++which) {
    std::vector<Fr>& buf = odd[which];
    const std::span<const Fr> in = inputs[which];
    buf.assign(n, Fr::zero());
    pool.parallel_for(in.size(), [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) buf[domain.ours(i)] = in[i];
    });
    CUZK_RETURN_IF_ERROR(ntt::inverse(domain.domain(), buf, pool));
    pool.parallel_for(n, [&](size_t begin, size_t end) {
      Fr power = domain.shift().pow(ff::Limbs<1>{begin});
      for (size_t j = begin; j < end; ++j) {
        buf[j] *= power;
        power *= domain.shift();
      }
    });
    CUZK_RETURN_IF_ERROR(ntt::forward(domain.domain(), buf, pool));
  }
  // h_i = A·B − C at snarkjs's odd point i (snarkjs's qap_joinABC).
  std::vector<Fr> h(n);
  pool.parallel_for(n, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const size_t j = domain.ours(i);
      h[i] = odd[0][j] * odd[1][j] - odd[2][j];
    }
  });
  return h;
}

}  // namespace cuzk::groth16
