// The optimal ate pairing on BLS12-381: e: G1 × G2 → GT ⊂ Fq12*.
//
// Miller loop over |x| = 0xd201000000010000 in homogeneous projective coordinates on the
// M-twist (Costello–Lange–Naehrig 2010; Aranha et al., "The Realm of the Pairings" 2013 §4),
// lines multiplied in sparsely (Fq12::mul_by_014), the result conjugated because x < 0.
// Final exponentiation: easy part f^((p^6 − 1)(p^2 + 1)), then the hard part by the
// Hayashida–Hayasaka–Teruya chain (five exponentiations by x in the cyclotomic subgroup),
// which yields e(P, Q)^3 — the same GT value as zkcrypto's bls12_381, blst and noble-curves.
// Thread-compatible; no allocation in the loop beyond G2Prepared.
#pragma once

#include <span>
#include <vector>

#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fq12.hpp"

namespace cuzk::ec {

// Line coefficients of the Miller loop for a fixed G2 point: the verifier prepares γ and δ
// once per key. Each line is (c0, c1, c4) with value c0 + c1·xP·v + c4·yP·v·w.
struct G2Prepared {
  struct Line {
    ff::Fq2 c0, c1, c4;
  };
  std::vector<Line> lines;  // empty for the point at infinity
  bool infinity = true;

  static G2Prepared from(const G2Affine& q);
};

// Π f_{|x|,Q_i}(P_i) (conjugated), sharing the squarings; pairs with an infinity are skipped.
ff::Fq12 miller_loop(std::span<const G1Affine> ps, std::span<const G2Prepared* const> qs);

// f^(3(p^12 − 1)/r)
ff::Fq12 final_exponentiation(const ff::Fq12& f);

ff::Fq12 pairing(const G1Affine& p, const G2Affine& q);

// Π e(P_i, Q_i) with one final exponentiation (the verifier's need). Sizes must match.
ff::Fq12 multi_pairing(std::span<const G1Affine> ps, std::span<const G2Affine> qs);

}  // namespace cuzk::ec
