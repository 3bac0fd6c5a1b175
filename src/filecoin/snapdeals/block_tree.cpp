// Block-uniform Merkle trees: uniform subtree roots per block, materialized upper levels.
#include "filecoin/snapdeals/block_tree.hpp"

#include <bit>
#include <cassert>
#include <string>

namespace cuzk::filecoin::snapdeals {

using ff::Fr;

Result<BlockTree> BlockTree::create(const TreeShape& shape, uint64_t leaves, std::vector<Fr> block_values) {
  BlockTree t;
  CUZK_ASSIGN_OR_RETURN(t.arities_, shape.level_arities(leaves));
  const uint64_t blocks = block_values.size();
  if (blocks == 0 || !std::has_single_bit(blocks) || leaves % blocks != 0) {
    return Status::invalid_argument("block tree: " + std::to_string(blocks) + " blocks do not split " +
                                    std::to_string(leaves) + " leaves");
  }
  t.hasher_ = shape.hasher;
  t.leaves_ = leaves;
  t.block_size_ = leaves / blocks;
  t.span_.push_back(1);
  for (const size_t a : t.arities_) t.span_.push_back(t.span_.back() * a);
  t.uniform_.push_back(std::move(block_values));
  std::vector<Fr> children;
  for (size_t level = 0; level < t.arities_.size(); ++level) {
    const size_t arity = t.arities_[level];
    std::vector<Fr> next;
    if (t.span_[level + 1] <= t.block_size_) {
      for (const Fr& v : t.uniform_.back()) {
        children.assign(arity, v);
        next.push_back(hash_children(t.hasher_, children));
      }
      t.uniform_.push_back(std::move(next));
      continue;
    }
    const uint64_t nodes = leaves / t.span_[level + 1];
    next.reserve(nodes);
    for (uint64_t i = 0; i < nodes; ++i) {
      children.clear();
      for (size_t k = 0; k < arity; ++k) children.push_back(t.node(level, i * arity + k));
      next.push_back(hash_children(t.hasher_, children));
    }
    t.upper_.push_back(std::move(next));
  }
  return t;
}

Fr BlockTree::node(size_t level, uint64_t index) const {
  if (level < uniform_.size()) return uniform_[level][index * span_[level] / block_size_];
  return upper_[level - uniform_.size()][index];
}

MerklePath BlockTree::path(uint64_t index) const {
  assert(index < leaves_);
  return merkle_path(arities_, index, [this](size_t level, uint64_t i) { return node(level, i); });
}

}  // namespace cuzk::filecoin::snapdeals
