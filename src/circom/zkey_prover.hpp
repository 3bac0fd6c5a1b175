// Groth16 proving from a snarkjs .zkey and a .wtns, following snarkjs 0.7's groth16_prove.js
// step by step, so that the proof verifies with `snarkjs groth16 verify`:
//
//   1. witness map: a_j = Σ coef·w_s over the zkey's A entries of row j, b_j likewise (B),
//      c_j = a_j·b_j (snarkjs never reads the C matrix: it assumes a satisfying witness), for the
//      n = domainSize rows (constraints, then the public-input rows, then zero padding).
//   2. H on the odd coset (snarkjs's convention, not bellperson's): with ω = ffjavascript's
//      primitive n-th root and g = its 2n-th root (g² = ω), interpolate a, b, c on {ω^i},
//      evaluate each at the odd 2n-th roots g·ω^i, and take h_i = A(gω^i)·B(gω^i) − C(gω^i).
//      The zkey's H points are the 2n-point Lagrange basis at index 2i+1 divided by δ, so
//      Σ h_i·H_i = (A·B − C)(τ)/δ (= h(τ)·Z(τ)/δ). No division by Z happens on the prover side.
//   3. MSMs with the witness: A (all n_vars), B1, B2 (all), C (private signals only), H (h).
//   4. blinding with r, s exactly as snarkjs:
//        πA = ΣwA + α1 + r·δ1,  πB = ΣwB2 + β2 + s·δ2,  B1 = ΣwB1 + β1 + s·δ1,
//        πC = ΣwC + ΣhH + s·πA + r·B1 − r·s·δ1.
//
// Roots of unity: ffjavascript's Fr.w[k] is 5^((r−1)/2^32) squared 32−k times (its generator is
// the smallest non-residue, 5), while our ntt::Domain uses 7^((r−1)/2^32). The two primitive
// n-th roots differ: ω_snarkjs = ω_ours^m for an odd m found once per domain (discrete log in
// the 2-group, SnarkjsDomain). Our forward/inverse transforms then serve via the permutation
// i ↦ m·i mod n (value i on snarkjs's domain sits at index m·i mod n on ours), and the shift by
// g is applied to the coefficients by hand (ntt::coset_forward's g = 7 is not this coset).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "circom/r1cs_file.hpp"
#include "circom/zkey_file.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "groth16/blinding.hpp"
#include "groth16/keys.hpp"
#include "ntt/domain.hpp"

namespace cuzk::circom {

// ffjavascript's Fr.w[log_n] for BLS12-381 (a primitive 2^log_n-th root of unity), log_n ≤ 32.
ff::Fr snarkjs_root_of_unity(uint32_t log_n);

// Our Domain of size n together with the map from snarkjs's evaluation order to ours.
class SnarkjsDomain {
 public:
  // Errors: invalid_argument if n is not a power of two in [2, 2^Domain::kMaxLogSize].
  static Result<SnarkjsDomain> create(size_t n);

  const ntt::Domain& domain() const { return domain_; }
  size_t size() const { return domain_.size(); }
  // m with ω_snarkjs = ω_ours^m (odd, < n).
  uint64_t exponent() const { return exponent_; }
  // Index on our domain of snarkjs's evaluation point i: m·i mod n.
  size_t ours(size_t i) const { return static_cast<size_t>((exponent_ * i) & (size() - 1)); }
  // g: snarkjs's 2n-th root (the odd coset's shift).
  const ff::Fr& shift() const { return shift_; }

 private:
  explicit SnarkjsDomain(ntt::Domain d) : domain_(std::move(d)) {}
  ntt::Domain domain_;
  uint64_t exponent_ = 1;
  ff::Fr shift_;
};

// Step 1 above: a_j = Σ coef·w_s (A entries of row j), b_j likewise, for the domainSize rows.
struct WitnessMap {
  std::vector<ff::Fr> a, b;
};
// Errors: INVALID_ARGUMENT if witness.size() ≠ nVars ("a witness for another circuit?") or
// witness[0] ≠ 1, naming `witness_name`.
Result<WitnessMap> snarkjs_witness_map(const Zkey& zkey, std::span<const ff::Fr> witness,
                                       const std::string& witness_name);

// Step 2 from a witness map: h_i for i < domainSize in snarkjs's order.
Result<std::vector<ff::Fr>> snarkjs_h_evaluations(const Zkey& zkey, const WitnessMap& map, const SnarkjsDomain& domain,
                                                  ThreadPool& pool);

// Steps 1–2 above: h_i for i < domainSize, in snarkjs's order (H point i), Montgomery form.
// Preconditions: witness.size() == zkey.n_vars (checked: invalid_argument).
Result<std::vector<ff::Fr>> snarkjs_h_evaluations(const Zkey& zkey, std::span<const ff::Fr> witness,
                                                  const SnarkjsDomain& domain, ThreadPool& pool);

struct ZkeyProof {
  groth16::Proof proof;
  std::vector<ff::Fr> public_signals;  // witness[1 ..= nPublic]
};

struct ZkeyProveOptions {
  // If set, the witness is first checked against these constraints (the first failing one is
  // named). Its shape must match the zkey (nVars, nPublic).
  const R1cs* r1cs = nullptr;
  // Verify the finished proof against the zkey's own verifying key (a few ms): a witness that
  // does not satisfy the circuit, or a corrupt zkey, then yields an error instead of a proof.
  bool self_check = true;
  std::string witness_name = "witness";  // names the witness in messages
  std::string r1cs_name = "r1cs";
};

// Proves with one (r, s) from `blinding`. Errors:
//   INVALID_ARGUMENT: witness size ≠ nVars ("a witness for another circuit?"), witness[0] ≠ 1,
//                     r1cs shape ≠ zkey shape;
//   UNSATISFIABLE: the r1cs check names the first failing constraint; without an r1cs, the
//                  self-check failed (the witness does not satisfy the circuit).
// Thread safety: reentrant; runs its NTTs and MSMs on `pool`.
Result<ZkeyProof> prove_zkey(const Zkey& zkey, std::span<const ff::Fr> witness, groth16::BlindingSource& blinding,
                             ThreadPool& pool, const ZkeyProveOptions& options = {});

// Steps 2–4 from a witness map made by snarkjs_witness_map for this witness (options.r1cs is
// not consulted here; the self-check still applies). The engine synthesizes (step 1) on its
// synthesis threads and proves with this.
Result<ZkeyProof> prove_zkey_mapped(const Zkey& zkey, std::span<const ff::Fr> witness, const WitnessMap& map,
                                    groth16::BlindingSource& blinding, ThreadPool& pool,
                                    const ZkeyProveOptions& options = {});

}  // namespace cuzk::circom
