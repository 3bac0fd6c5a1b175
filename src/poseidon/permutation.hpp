// Native Poseidon hash over BLS12-381 Fr, compatible with Filecoin's neptune (Strength::Standard):
// S-box x^5, width t = arity + 1 for arities 2/4/8/11, R_F = 8 full rounds (4 before and 4 after the
// partial rounds), R_P = 55/56/57/57 partial rounds. Round constants come from the Grain LFSR of the
// Poseidon paper (field = 1, sbox = 1, n = 255), generated at run time; the MDS matrix is the Cauchy
// matrix M[i][j] = 1/(x_i + y_j), x = 0..t−1, y = t..2t−1. Merkle-tree hashing: state[0] is the
// domain tag 2^arity − 1, state[1..] the preimage, and the digest is state[1] after the permutation.
// This is the plain permutation (neptune's sparse-matrix form computes the same function).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::poseidon {

// Constants and MDS matrix for one arity. Immutable once built; shared by every thread.
class PoseidonParams {
 public:
  // The parameters for arity 2, 4, 8 or 11 (asserts otherwise). Built once, on first use, thread-safely;
  // the reference stays valid for the life of the program.
  static const PoseidonParams& for_arity(size_t arity);

  // Builds the parameters for `arity` (2, 4, 8 or 11) from scratch (LFSR + Cauchy matrix).
  explicit PoseidonParams(size_t arity);

  size_t arity() const { return arity_; }
  size_t width() const { return width_; }
  size_t full_rounds() const { return full_rounds_; }
  size_t partial_rounds() const { return partial_rounds_; }
  // Domain tag for Merkle-tree hashing: 2^arity − 1.
  const ff::Fr& domain_tag() const { return domain_tag_; }
  // width · (full + partial) constants, in the order they are added: round r uses [r·t, (r+1)·t).
  std::span<const ff::Fr> round_constants() const { return round_constants_; }
  // Row-major t×t MDS matrix.
  std::span<const ff::Fr> mds() const { return mds_; }
  const ff::Fr& mds_at(size_t row, size_t col) const { return mds_[row * width_ + col]; }

 private:
  size_t arity_;
  size_t width_;
  size_t full_rounds_;
  size_t partial_rounds_;
  ff::Fr domain_tag_;
  std::vector<ff::Fr> round_constants_;
  std::vector<ff::Fr> mds_;
};

// Partial rounds for width t (neptune's round_numbers for 128-bit security, x^5): 3→55, 5→56, 9→57, 12→57.
size_t poseidon_partial_rounds(size_t width);

// The first `count` round constants of the Grain LFSR for (field = 1, sbox = 1, n = 255, t, R_F, R_P).
std::vector<ff::Fr> poseidon_grain_constants(size_t width, size_t full_rounds, size_t partial_rounds,
                                             size_t count);

// The Poseidon permutation in place: state.size() must equal params.width() (asserted).
// Each round: add round constants, S-box (all elements in full rounds, state[0] in partial rounds), MDS.
void poseidon_permute(std::span<ff::Fr> state, const PoseidonParams& params);

// neptune's Merkle-tree hash of 2, 4, 8 or 11 elements (asserted): permute [2^arity − 1, preimage...],
// return state[1].
ff::Fr poseidon_hash(std::span<const ff::Fr> preimage);

}  // namespace cuzk::poseidon
