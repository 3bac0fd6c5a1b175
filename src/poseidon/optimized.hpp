// neptune's optimized Poseidon constants, which its circuit (the one Filecoin's parameters were
// made from) is built on: round constants "compressed" by pushing them through the inverse MDS
// matrix so each S-box is followed by one addition, and the partial rounds' MDS matrix factored
// into a pre-sparse matrix and one sparse matrix per partial round (M = M'·M'', first row and
// column dense, identity elsewhere). The optimized permutation computes the same hash as the
// plain one (tested); the circuit's witness values and coefficients are the optimized ones.
#pragma once

#include <span>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::poseidon {

using Matrix = std::vector<std::vector<ff::Fr>>;  // row-major

// A matrix of the form M'': row 0 and column 0 dense, identity elsewhere.
struct SparseMatrix {
  std::vector<ff::Fr> w_hat;   // column 0, all rows
  std::vector<ff::Fr> v_rest;  // row 0 without its first entry
};

struct OptimizedConstants {
  size_t arity = 0;
  size_t width = 0;
  size_t half_full_rounds = 0;
  size_t partial_rounds = 0;
  ff::Fr domain_tag;
  std::vector<ff::Fr> compressed_round_constants;  // width·full_rounds + partial_rounds
  Matrix mds;
  Matrix pre_sparse;
  std::vector<SparseMatrix> sparse;  // one per partial round, in order
  // The dense matrices column by column, [j·width + i] = m[i][j], for the hot loops.
  std::vector<ff::Fr> mds_columns, pre_sparse_columns;

  // For arity 2, 4, 8 or 11 (aborts otherwise, as PoseidonParams::for_arity); built once.
  static const OptimizedConstants& for_arity(size_t arity);
  // neptune's HashType::Custom(CType::Arbitrary(id)) for `arity`: the Merkle-tree constants with
  // the domain tag id·2^40 (0 < id ≤ 256, asserted, as neptune); round constants and matrices do
  // not depend on the tag. SnapDeals derives φ, ρ and its challenges with arity 2, id 1.
  static OptimizedConstants with_custom_tag(size_t arity, uint64_t id);
};

// Matrix helpers with neptune's conventions: apply(m, v)[j] = Σ_i m[i][j]·v[i] (v·m).
std::vector<ff::Fr> apply_matrix(const Matrix& m, std::span<const ff::Fr> v);
Matrix mat_mul(const Matrix& a, const Matrix& b);
Matrix invert(const Matrix& m);  // m must be invertible (asserted)

// One linear layer of the optimized permutation in place: the pre-sparse matrix after round
// half_full_rounds − 1, the sparse matrix of each partial round, the MDS matrix otherwise
// (state · matrix, neptune's convention). `state` has `width` entries.
void optimized_mix(const OptimizedConstants& c, size_t round, ff::Fr* state);

// The Merkle-tree hash computed the optimized way (must equal poseidon_hash).
ff::Fr poseidon_hash_optimized(std::span<const ff::Fr> preimage);
// The hash with the given constants (preimage.size() must be their arity, asserted).
ff::Fr poseidon_hash_optimized(std::span<const ff::Fr> preimage, const OptimizedConstants& constants);

}  // namespace cuzk::poseidon
