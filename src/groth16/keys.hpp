// Groth16 keys and proofs over BLS12-381, laid out as bellperson's Parameters/VerifyingKey/Proof.
//   Proof          (A ∈ G1, B ∈ G2, C ∈ G1)
//   VerifyingKey   α·G1, β·G1, β·G2, γ·G2, δ·G1, δ·G2, IC (one G1 point per input, ONE first)
//   ProvingKey     vk + the queries: h (τ^i·Z(τ)/δ), l ((βu_i + αv_i + w_i)/δ, aux), a (u_i: all
//                  inputs, then aux with A-density), b_g1 / b_g2 (v_i: inputs and aux with
//                  B-density). Points at infinity are never stored in a/b (density skips them).
#pragma once

#include <vector>

#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ec/pairing.hpp"

namespace cuzk::groth16 {

struct Proof {
  ec::G1Affine a;
  ec::G2Affine b;
  ec::G1Affine c;
  friend bool operator==(const Proof&, const Proof&) = default;
};

struct VerifyingKey {
  ec::G1Affine alpha_g1, beta_g1;
  ec::G2Affine beta_g2, gamma_g2;
  ec::G1Affine delta_g1;
  ec::G2Affine delta_g2;
  std::vector<ec::G1Affine> ic;  // ic.size() = number of public inputs + 1
};

struct ProvingKey {
  VerifyingKey vk;
  std::vector<ec::G1Affine> h;
  std::vector<ec::G1Affine> l;
  std::vector<ec::G1Affine> a;
  std::vector<ec::G1Affine> b_g1;
  std::vector<ec::G2Affine> b_g2;
};

// The verifier's precomputation: e(α, β), and −γ, −δ prepared for the Miller loop.
struct PreparedVerifyingKey {
  ff::Fq12 alpha_beta;
  ec::G2Prepared neg_gamma;
  ec::G2Prepared neg_delta;
  std::vector<ec::G1Affine> ic;

  static PreparedVerifyingKey from(const VerifyingKey& vk);
};

}  // namespace cuzk::groth16
