// The proof-of-retrievability (Merkle inclusion) gadget, as rust-fil-proofs' PoRCircuit: the
// leaf as a new variable (or one the caller allocated); per path level (base levels, then the sub and top levels) the index
// bits, the siblings, the insertion and the node hash (Poseidon of the level's arity, or
// SHA-256 over the children's bits for SHA-256 trees); the path bits packed into public
// input(s) (= the leaf index); the root equal to the computed one, exposed as a public input
// unless private.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "filecoin/sparse_tree.hpp"
#include "gadgets/num.hpp"

namespace cuzk::filecoin {

struct PorRoot {
  // An already allocated root (rust-fil-proofs' Root::Var), or nullopt to allocate `value`.
  std::optional<gadgets::AllocatedNum> allocated;
  ff::Fr value;
};

// Errors (kInvalidArgument) if the path does not fit the shape's level arities for `leaves`.
Status synthesize_por(r1cs::ConstraintSystem& cs, const TreeShape& shape, uint64_t leaves, const ff::Fr& leaf,
                      const MerklePath& path, const PorRoot& root, bool private_root);
// The same for a leaf that is already a variable (rust-fil-proofs' Root::Var value, as the
// PoRep circuit passes its data leaf, encoded node and column hashes): no leaf is allocated.
Status synthesize_por(r1cs::ConstraintSystem& cs, const TreeShape& shape, uint64_t leaves,
                      const gadgets::AllocatedNum& leaf, const MerklePath& path, const PorRoot& root,
                      bool private_root);

// rust-fil-proofs' por_no_challenge_input: the path from `leaf` to `root` where the caller
// supplies the little-endian index bits (log2 of each level's arity per level, in order: the
// challenge's bits) and every level's already allocated siblings (siblings[l].size() =
// arities[l] − 1); per level the insertion and the node hash, then computed·1 = root. No
// public input, nothing allocated beyond the gadgets'. Sizes are asserted (callers validate).
void synthesize_por_no_challenge_input(r1cs::ConstraintSystem& cs, TreeHasher hasher, std::span<const size_t> arities,
                                       std::span<const gadgets::Boolean> bits, const gadgets::AllocatedNum& leaf,
                                       std::span<const std::vector<gadgets::AllocatedNum>> siblings,
                                       const gadgets::AllocatedNum& root);

// The level arities of `shape` over `leaves` when `path` fits them (as synthesize_por checks
// it); kInvalidArgument naming the level otherwise.
Result<std::vector<size_t>> por_path_arities(const TreeShape& shape, uint64_t leaves, const MerklePath& path);

// The root a path leads to from a leaf, computed natively (for witnesses and checks).
ff::Fr path_root(TreeHasher hasher, const ff::Fr& leaf, const MerklePath& path);
// The same, recording every level's hash in the path (PathLevel::hash).
ff::Fr record_path_hashes(TreeHasher hasher, const ff::Fr& leaf, MerklePath& path);

}  // namespace cuzk::filecoin
