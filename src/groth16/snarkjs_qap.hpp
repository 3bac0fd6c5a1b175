// snarkjs's QAP convention (QapConvention::kSnarkjs) on the CPU: H as the evaluations of
// a·b − c on the odd coset of the 2m-th roots of unity, in snarkjs's order.
//
// With ω = ffjavascript's primitive m-th root and g = its 2m-th root (g² = ω), interpolate a,
// b, c on {ω^i}, evaluate each at the odd 2m-th roots g·ω^i and take h_i = A·B − C there. A
// zkey's H points are the 2m-point Lagrange basis at index 2i+1 divided by δ, so
// Σ h_i·H_i = (A·B − C)(τ)/δ (= h(τ)·Z(τ)/δ): no division by Z on the prover's side.
//
// Roots of unity: ffjavascript's Fr.w[k] is 5^((r−1)/2^32) squared 32−k times (its generator
// is the smallest non-residue, 5), while ntt::Domain uses 7^((r−1)/2^32). The two primitive
// m-th roots differ: ω_snarkjs = ω_ours^e for an odd e found once per domain (discrete log in
// the 2-group, SnarkjsDomain). Our transforms then serve via the permutation i ↦ e·i mod m
// (value i on snarkjs's domain sits at index e·i mod m on ours), and the shift by g is applied
// to the coefficients by hand (ntt::coset_forward's g = 7 is not this coset).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "ntt/domain.hpp"

namespace cuzk::groth16 {

// ffjavascript's Fr.w[log_n] for BLS12-381 (a primitive 2^log_n-th root of unity), log_n ≤ 32.
ff::Fr snarkjs_root_of_unity(uint32_t log_n);

// Our Domain of size n together with the map from snarkjs's evaluation order to ours.
class SnarkjsDomain {
 public:
  // Errors: invalid_argument if n is not a power of two in [2, 2^Domain::kMaxLogSize].
  static Result<SnarkjsDomain> create(size_t n);

  const ntt::Domain& domain() const { return domain_; }
  size_t size() const { return domain_.size(); }
  // e with ω_snarkjs = ω_ours^e (odd, < n).
  uint64_t exponent() const { return exponent_; }
  // Index on our domain of snarkjs's evaluation point i: e·i mod n.
  size_t ours(size_t i) const { return static_cast<size_t>((exponent_ * i) & (size() - 1)); }
  // ω_snarkjs, snarkjs's primitive n-th root.
  const ff::Fr& omega() const { return omega_; }
  // g: snarkjs's 2n-th root (the odd coset's shift).
  const ff::Fr& shift() const { return shift_; }

 private:
  explicit SnarkjsDomain(ntt::Domain d) : domain_(std::move(d)) {}
  ntt::Domain domain_;
  uint64_t exponent_ = 1;
  ff::Fr omega_, shift_;
};

// h_i = (A·B − C)(g·ω^i) for i < n = domain.size(), snarkjs's order, Montgomery form, from the
// evaluations a, b, c on snarkjs's domain (each at most n values, zero padded).
// INVALID_ARGUMENT if a, b or c has more than n values. Runs on `pool`.
Result<std::vector<ff::Fr>> snarkjs_h(const SnarkjsDomain& domain, std::span<const ff::Fr> a,
                                      std::span<const ff::Fr> b, std::span<const ff::Fr> c, ThreadPool& pool);

}  // namespace cuzk::groth16
