// snarkjs's Groth16 .zkey (binfile kind "zkey", version 1; snarkjs 0.7 zkey_new.js writes it,
// zkey_utils.js / groth16_prove.js read it). Sections (any order in the file):
//   1  header       protocol u32: 1 = Groth16 (2 PLONK and 10 FFLONK are rejected)
//   2  Groth16 hdr  n8q u32, q (n8q bytes LE), n8r u32, r (n8r bytes LE), nVars u32,
//                   nPublic u32 (outputs + public inputs, without ONE), domainSize u32,
//                   α1, β1 (G1), β2, γ2 (G2), δ1 (G1), δ2 (G2)
//   3  IC           nPublic + 1 G1 points
//   4  coefficients nCoefs u32, then nCoefs × (matrix u32: 0 = A, 1 = B; constraint u32;
//                   signal u32; value: n8r bytes LE = coefficient·R² mod r, R = 2^256 — i.e. the
//                   Montgomery limbs of coefficient·R, "double Montgomery": snarkjs's prover
//                   multiplies it by the plain witness value with one Montgomery product and so
//                   gets the Montgomery form of coefficient·w). snarkjs appends, for every public
//                   signal s (ONE included), one extra A entry (constraint nConstraints + s,
//                   signal s, coefficient 1): the QAP's "input consistency" rows.
//   5  A            nVars G1 points (u_i(τ))
//   6  B1           nVars G1 points (v_i(τ))
//   7  B2           nVars G2 points (v_i(τ))
//   8  C            nVars − nPublic − 1 G1 points ((β·u_i + α·v_i + w_i)(τ)/δ, private signals)
//   9  H            domainSize G1 points: the 2n-point Lagrange basis at the odd indices 2i+1,
//                   divided by δ (see zkey_prover.hpp for how the prover uses them)
//   10 contributions (MPC transcript; ignored)
// Points are LEM (field_io.hpp): Montgomery-form coordinates, infinity = (0, 0).
//
// Only BLS12-381 is accepted: q and r are compared with BLS12-381's and a zkey for another
// curve (bn128, …) is rejected with an error naming the file and the curve.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "circom/binfile.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fr.hpp"
#include "groth16/keys.hpp"

namespace cuzk::circom {

// One entry of the coefficient section, value already converted to the true coefficient.
struct ZkeyCoef {
  uint32_t matrix = 0;  // 0 = A, 1 = B
  uint32_t constraint = 0;
  uint32_t signal = 0;
  ff::Fr value;
};

// A parsed Groth16 zkey. Immutable after reading; thread-compatible.
struct Zkey {
  uint32_t n_vars = 0;
  uint32_t n_public = 0;
  uint32_t domain_size = 0;  // a power of two
  ec::G1Affine alpha_g1, beta_g1, delta_g1;
  ec::G2Affine beta_g2, gamma_g2, delta_g2;
  std::vector<ec::G1Affine> ic;  // n_public + 1
  // Proving sections (empty when read with ZkeyParts::kVerifyingKey).
  std::vector<ZkeyCoef> coefs;
  std::vector<ec::G1Affine> a, b1;  // n_vars
  std::vector<ec::G2Affine> b2;     // n_vars
  std::vector<ec::G1Affine> c;      // n_vars − n_public − 1
  std::vector<ec::G1Affine> h;      // domain_size

  groth16::VerifyingKey verifying_key() const;
};

enum class ZkeyParts {
  kVerifyingKey,  // sections 1, 2, 3 only
  kAll,           // everything a prover needs
};

// Errors name the file, the section and the problem: truncation, sizes that disagree with the
// header, a coefficient with matrix ∉ {0,1} / constraint ≥ domainSize / signal ≥ nVars / value
// ≥ r, a point off the curve (or, for the verifying-key points, outside the subgroup), a
// non-Groth16 protocol, a curve other than BLS12-381. NOT_FOUND if the file cannot be opened.
// Bulk point sections are decoded on `pool` (nullptr → ThreadPool::shared()).
Result<Zkey> read_zkey(const std::string& path, ZkeyParts parts = ZkeyParts::kAll, ThreadPool* pool = nullptr);
Result<Zkey> parse_zkey(const BinFile& file, ZkeyParts parts = ZkeyParts::kAll, ThreadPool* pool = nullptr);

}  // namespace cuzk::circom
