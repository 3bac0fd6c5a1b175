// A sparse Merkle tree for synthetic sectors: every leaf holds a default value except a few
// materialized ones; untouched subtrees are represented by one default node per level, so a
// 2^30-leaf (32 GiB) tree with a handful of set leaves costs a few dozen hashes. Also the
// node hashes of Filecoin's trees (Poseidon per arity; SHA-256 with Fr32 truncation).
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/tree_shape.hpp"

namespace cuzk::filecoin {

// The hash of one node's children: neptune's Poseidon for the arity, or (SHA-256 trees) the
// Fr32-truncated SHA-256 of the children's 32-byte little-endian encodings.
ff::Fr hash_children(TreeHasher hasher, std::span<const ff::Fr> children);

// One level of an inclusion path: the siblings in order (arity − 1 of them) and the position
// of the path's own node among the arity children; and, where a native check recorded it
// (record_path_hashes), the node the level hashes to, which a witness-only synthesis that
// leaves Poseidon to the prover takes instead of hashing again (a wrong one fails the hash's
// last constraint, never makes a proof).
struct PathLevel {
  std::vector<ff::Fr> siblings;
  size_t index = 0;
  std::optional<ff::Fr> hash;
};

struct MerklePath {
  std::vector<PathLevel> levels;  // from the leaves up
};

// The inclusion path of leaf `index` in a tree with these level arities (from the leaves up),
// whose node `i` of level `l` is node(l, i): every tree representation's path() is this walk.
MerklePath merkle_path(std::span<const size_t> arities, uint64_t index,
                       const std::function<ff::Fr(size_t level, uint64_t index)>& node);

class SparseTree {
 public:
  // An error if the shape does not fit `leaves`.
  static Result<SparseTree> create(const TreeShape& shape, uint64_t leaves, const ff::Fr& default_leaf);

  // Sets leaf `index` (< leaves, asserted) and rehashes its path to the root.
  void set_leaf(uint64_t index, const ff::Fr& value);
  ff::Fr leaf(uint64_t index) const { return node(0, index); }
  ff::Fr root() const { return node(arities_.size(), 0); }
  MerklePath path(uint64_t index) const;
  uint64_t leaves() const { return leaves_; }

 private:
  SparseTree() = default;
  ff::Fr node(size_t level, uint64_t index) const;

  TreeHasher hasher_ = TreeHasher::kPoseidon;
  uint64_t leaves_ = 0;
  std::vector<size_t> arities_;
  std::vector<ff::Fr> defaults_;  // the value of an untouched node at each level
  std::vector<std::unordered_map<uint64_t, ff::Fr>> nodes_;  // per level: materialized nodes
};

}  // namespace cuzk::filecoin
