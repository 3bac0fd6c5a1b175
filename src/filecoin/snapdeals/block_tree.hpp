// A Merkle tree whose leaves are constant over aligned blocks (leaf i = block_values[i / block
// size]), for synthetic SnapDeals sectors: the update encodes each node with ρ of its h high
// index bits, so sector key, data and new replica all constant per high-bits block form a
// consistent update of the whole sector. A node whose subtree lies inside one block is that
// block's uniform subtree root (one hash per level and block); nodes above are materialized
// (leaves / block size of them at the first such level), so a 32 GiB tree with 1,024 blocks
// costs ~8,000 hashes and every path is lookups.
#pragma once

#include <vector>

#include "filecoin/sparse_tree.hpp"

namespace cuzk::filecoin::snapdeals {

class BlockTree {
 public:
  // `block_values.size()` must be a power of two dividing `leaves`; errors if the shape does
  // not fit `leaves` or the block count is wrong.
  static Result<BlockTree> create(const TreeShape& shape, uint64_t leaves, std::vector<ff::Fr> block_values);

  ff::Fr leaf(uint64_t index) const { return node(0, index); }
  ff::Fr root() const { return node(arities_.size(), 0); }
  // The inclusion path of leaf `index` (< leaves, asserted), lowest level first.
  MerklePath path(uint64_t index) const;
  // Node `index` of `level` (0 = leaves).
  ff::Fr node(size_t level, uint64_t index) const;

 private:
  BlockTree() = default;

  TreeHasher hasher_ = TreeHasher::kPoseidon;
  uint64_t leaves_ = 0, block_size_ = 0;
  std::vector<size_t> arities_;
  std::vector<uint64_t> span_;                 // leaves under one node, per level
  std::vector<std::vector<ff::Fr>> uniform_;   // [level][block] while span ≤ block size
  std::vector<std::vector<ff::Fr>> upper_;     // [level][node] above
};

}  // namespace cuzk::filecoin::snapdeals
