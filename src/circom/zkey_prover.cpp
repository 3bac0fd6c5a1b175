// Groth16 proving from a snarkjs zkey (algorithm and conventions in zkey_prover.hpp).
#include "circom/zkey_prover.hpp"

#include "groth16/verifier.hpp"
#include "msm/msm.hpp"
#include "ntt/ntt.hpp"

namespace cuzk::circom {

namespace {

// (r − 1) / 2^32, the odd part t of r − 1 = 2^32·t.
ff::Limbs<4> r_minus_one_odd_part() {
  ff::Limbs<4> v = ff::Fr::modulus();
  v[0] -= 1;  // r is odd: no borrow
  ff::Limbs<4> t{};
  for (size_t i = 0; i < 4; ++i) {
    t[i] = v[i] >> 32;
    if (i + 1 < 4) t[i] |= v[i + 1] << 32;
  }
  return t;
}

}  // namespace

ff::Fr snarkjs_root_of_unity(uint32_t log_n) {
  // ffjavascript F1Field: nqr = the smallest quadratic non-residue (5 for BLS12-381's r),
  // w[s] = nqr^t with s = 32 the 2-adicity, w[i−1] = w[i]².
  ff::Fr w = ff::Fr::from_u64(5).pow(r_minus_one_odd_part());
  for (uint32_t i = log_n; i < ff::FrParams::kTwoAdicity; ++i) w = w.square();
  return w;
}

Result<SnarkjsDomain> SnarkjsDomain::create(size_t n) {
  if (n < 2 || (n & (n - 1)) != 0 || n > (size_t{1} << ntt::Domain::kMaxLogSize)) {
    return Status::invalid_argument("snarkjs domain size " + std::to_string(n) + " is not a power of two in [2, 2^" +
                                    std::to_string(ntt::Domain::kMaxLogSize) + "]");
  }
  auto d = ntt::Domain::create(n);
  if (!d.is_ok()) return d.status();
  SnarkjsDomain out(std::move(d).value());
  const uint32_t k = out.domain_.log_size();
  const ff::Fr target = snarkjs_root_of_unity(k);
  // Discrete log in the cyclic group of order 2^k (Pohlig–Hellman, one bit at a time):
  // after bits 0..b−1 of m are known, x = target·ω^(−m) lies in the subgroup of order 2^(k−b),
  // and x^(2^(k−1−b)) is 1 or −1 exactly as bit b of m is 0 or 1.
  uint64_t m = 0;
  for (uint32_t bit = 0; bit < k; ++bit) {
    ff::Fr x = target * out.domain_.omega_inv().pow(ff::Limbs<1>{m});
    for (uint32_t i = 0; i + 1 + bit < k; ++i) x = x.square();
    if (!x.is_one()) m |= uint64_t{1} << bit;
  }
  if (out.domain_.omega().pow(ff::Limbs<1>{m}) != target || (m & 1) == 0) {
    return Status::internal("snarkjs root of unity of order 2^" + std::to_string(k) + " is not an odd power of ours");
  }
  out.exponent_ = m;
  out.shift_ = snarkjs_root_of_unity(k + 1);
  return out;
}

Result<WitnessMap> snarkjs_witness_map(const Zkey& zkey, std::span<const ff::Fr> witness,
                                       const std::string& witness_name) {
  if (witness.size() != zkey.n_vars) {
    return Status::invalid_argument(witness_name + ": the witness has " + std::to_string(witness.size()) +
                                    " values but the zkey's circuit has " + std::to_string(zkey.n_vars) +
                                    " variables (a witness for another circuit?)");
  }
  if (!witness[0].is_one()) {
    return Status::invalid_argument(witness_name + ": witness[0] (the constant ONE signal) is not 1");
  }
  // a_j, b_j over the coefficient section (snarkjs buildABC1); c_j = a_j·b_j is formed later.
  WitnessMap ab{std::vector<ff::Fr>(zkey.domain_size), std::vector<ff::Fr>(zkey.domain_size)};
  for (const ZkeyCoef& coef : zkey.coefs) {
    (coef.matrix == 0 ? ab.a : ab.b)[coef.constraint] += coef.value * witness[coef.signal];
  }
  return ab;
}

Result<std::vector<ff::Fr>> snarkjs_h_evaluations(const Zkey& zkey, std::span<const ff::Fr> witness,
                                                  const SnarkjsDomain& domain, ThreadPool& pool) {
  auto ab = snarkjs_witness_map(zkey, witness, "witness");
  if (!ab.is_ok()) return ab.status();
  return snarkjs_h_evaluations(zkey, *ab, domain, pool);
}

Result<std::vector<ff::Fr>> snarkjs_h_evaluations(const Zkey& zkey, const WitnessMap& map, const SnarkjsDomain& domain,
                                                  ThreadPool& pool) {
  const size_t n = domain.size();
  if (n != zkey.domain_size || map.a.size() != n || map.b.size() != n) {
    return Status::invalid_argument("domain size does not match the zkey's");
  }
  const std::vector<ff::Fr>* ab[2] = {&map.a, &map.b};

  // 2. Each of a, b, c: scatter to our order, inverse NTT (coefficients), multiply coefficient
  //    j by g^j, forward NTT: values at g·ω_ours^j.
  std::vector<ff::Fr> odd[3];
  for (size_t which = 0; which < 3; ++which) {
    std::vector<ff::Fr>& buf = odd[which];
    buf.resize(n);
    pool.parallel_for(n, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        buf[domain.ours(i)] = which < 2 ? (*ab[which])[i] : map.a[i] * map.b[i];
      }
    });
    if (Status s = ntt::inverse(domain.domain(), buf, pool); !s.is_ok()) return s;
    pool.parallel_for(n, [&](size_t begin, size_t end) {
      ff::Fr power = domain.shift().pow(ff::Limbs<1>{begin});
      for (size_t j = begin; j < end; ++j) {
        buf[j] *= power;
        power *= domain.shift();
      }
    });
    if (Status s = ntt::forward(domain.domain(), buf, pool); !s.is_ok()) return s;
  }

  // 3. h_i = A·B − C at snarkjs's odd point i (snarkjs qap_joinABC).
  std::vector<ff::Fr> h(n);
  pool.parallel_for(n, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const size_t j = domain.ours(i);
      h[i] = odd[0][j] * odd[1][j] - odd[2][j];
    }
  });
  return h;
}

Result<ZkeyProof> prove_zkey(const Zkey& zkey, std::span<const ff::Fr> witness, groth16::BlindingSource& blinding,
                             ThreadPool& pool, const ZkeyProveOptions& options) {
  if (options.r1cs != nullptr) {
    const R1cs& r1cs = *options.r1cs;
    if (r1cs.n_wires != zkey.n_vars || r1cs.n_public() != zkey.n_public) {
      return Status::invalid_argument(options.r1cs_name + " (" + std::to_string(r1cs.n_wires) + " wires, " +
                                      std::to_string(r1cs.n_public()) + " public) does not match the zkey (" +
                                      std::to_string(zkey.n_vars) + " variables, " + std::to_string(zkey.n_public) +
                                      " public)");
    }
  }
  auto map = snarkjs_witness_map(zkey, witness, options.witness_name);
  if (!map.is_ok()) return map.status();
  if (options.r1cs != nullptr) {
    if (Status s = check_witness(*options.r1cs, witness, options.witness_name, options.r1cs_name); !s.is_ok()) return s;
  }
  return prove_zkey_mapped(zkey, witness, *map, blinding, pool, options);
}

Result<ZkeyProof> prove_zkey_mapped(const Zkey& zkey, std::span<const ff::Fr> witness, const WitnessMap& map,
                                    groth16::BlindingSource& blinding, ThreadPool& pool,
                                    const ZkeyProveOptions& options) {
  if (witness.size() != zkey.n_vars) return Status::invalid_argument("the witness does not match the zkey");
  if (zkey.a.size() != zkey.n_vars || zkey.b1.size() != zkey.n_vars || zkey.b2.size() != zkey.n_vars ||
      zkey.h.size() != zkey.domain_size || zkey.c.size() != zkey.n_vars - zkey.n_public - 1) {
    return Status::invalid_argument("the zkey was read without its proving sections");
  }
  auto domain = SnarkjsDomain::create(zkey.domain_size);
  if (!domain.is_ok()) return domain.status();
  auto h = snarkjs_h_evaluations(zkey, map, *domain, pool);
  if (!h.is_ok()) return h.status();

  using ec::G1Config;
  using ec::G2Config;
  const std::span<const ff::Fr> w = witness;
  const ec::G1Jacobian sum_a = msm::msm<G1Config>(zkey.a, w, nullptr, pool);
  const ec::G1Jacobian sum_b1 = msm::msm<G1Config>(zkey.b1, w, nullptr, pool);
  const ec::G2Jacobian sum_b2 = msm::msm<G2Config>(zkey.b2, w, nullptr, pool);
  const ec::G1Jacobian sum_c = msm::msm<G1Config>(zkey.c, w.subspan(size_t{zkey.n_public} + 1), nullptr, pool);
  const ec::G1Jacobian sum_h = msm::msm<G1Config>(zkey.h, std::span<const ff::Fr>(*h), nullptr, pool);

  const auto [r, s] = blinding.next();
  const ff::Limbs<4> r_int = r.to_canonical(), s_int = s.to_canonical(), rs_int = (r * s).to_canonical();
  const ec::G1Jacobian delta1 = zkey.delta_g1.to_jacobian();
  // πA = ΣwA + α1 + r·δ1
  const ec::G1Jacobian pi_a = sum_a.add_mixed(zkey.alpha_g1) + delta1.mul(r_int);
  // πB = ΣwB2 + β2 + s·δ2
  const ec::G2Jacobian pi_b = sum_b2.add_mixed(zkey.beta_g2) + zkey.delta_g2.to_jacobian().mul(s_int);
  // B1 = ΣwB1 + β1 + s·δ1
  const ec::G1Jacobian b1 = sum_b1.add_mixed(zkey.beta_g1) + delta1.mul(s_int);
  // πC = ΣwC + ΣhH + s·πA + r·B1 − r·s·δ1
  const ec::G1Jacobian pi_c = sum_c + sum_h + pi_a.mul(s_int) + b1.mul(r_int) - delta1.mul(rs_int);

  ZkeyProof out;
  out.proof.a = pi_a.to_affine();
  out.proof.b = pi_b.to_affine();
  out.proof.c = pi_c.to_affine();
  out.public_signals.assign(witness.begin() + 1, witness.begin() + 1 + zkey.n_public);

  if (options.self_check) {
    const auto pvk = groth16::PreparedVerifyingKey::from(zkey.verifying_key());
    if (!groth16::verify(pvk, out.proof, out.public_signals).is_ok()) {
      return Status(StatusCode::kUnsatisfiable,
                    options.witness_name +
                        " does not satisfy the zkey's circuit: the proof failed the self-check against the zkey's "
                        "verifying key (give the circuit's .r1cs to find the first failing constraint)");
    }
  }
  return out;
}

}  // namespace cuzk::circom
