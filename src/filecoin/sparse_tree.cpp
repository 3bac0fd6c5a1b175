// Sparse Merkle trees: default nodes per level, materialized paths.
#include "filecoin/sparse_tree.hpp"

#include <cassert>

#include "gadgets/sha256_native.hpp"
#include "poseidon/optimized.hpp"

namespace cuzk::filecoin {

using ff::Fr;

Fr hash_children(TreeHasher hasher, std::span<const Fr> children) {
  if (hasher == TreeHasher::kPoseidon) return poseidon::poseidon_hash_optimized(children);  // = poseidon_hash, faster
  gadgets::Sha256 h;
  for (const Fr& child : children) {
    uint8_t bytes[32];
    child.to_bytes_le(bytes);
    h.update(bytes);
  }
  const gadgets::Sha256Digest digest = gadgets::trim_to_fr32(std::move(h).finish());
  return *Fr::from_bytes_le(digest);  // < 2^254 < r after trimming
}

Result<SparseTree> SparseTree::create(const TreeShape& shape, uint64_t leaves, const Fr& default_leaf) {
  Result<std::vector<size_t>> arities = shape.level_arities(leaves);
  if (!arities.is_ok()) return arities.status();
  SparseTree tree;
  tree.hasher_ = shape.hasher;
  tree.leaves_ = leaves;
  tree.arities_ = std::move(arities).value();
  tree.defaults_.push_back(default_leaf);
  for (const size_t arity : tree.arities_) {
    const std::vector<Fr> children(arity, tree.defaults_.back());
    tree.defaults_.push_back(hash_children(tree.hasher_, children));
  }
  tree.nodes_.resize(tree.arities_.size() + 1);
  return tree;
}

Fr SparseTree::node(size_t level, uint64_t index) const {
  const auto it = nodes_[level].find(index);
  return it == nodes_[level].end() ? defaults_[level] : it->second;
}

void SparseTree::set_leaf(uint64_t index, const Fr& value) {
  assert(index < leaves_);
  nodes_[0][index] = value;
  std::vector<Fr> children;
  for (size_t level = 0; level < arities_.size(); ++level) {
    const size_t arity = arities_[level];
    const uint64_t parent = index / arity;
    children.clear();
    for (size_t k = 0; k < arity; ++k) children.push_back(node(level, parent * arity + k));
    nodes_[level + 1][parent] = hash_children(hasher_, children);
    index = parent;
  }
}

MerklePath merkle_path(std::span<const size_t> arities, uint64_t index,
                       const std::function<ff::Fr(size_t level, uint64_t index)>& node) {
  MerklePath out;
  for (size_t level = 0; level < arities.size(); ++level) {
    const size_t arity = arities[level];
    PathLevel step;
    step.index = static_cast<size_t>(index % arity);
    const uint64_t first = index - step.index;
    for (size_t k = 0; k < arity; ++k) {
      if (k != step.index) step.siblings.push_back(node(level, first + k));
    }
    out.levels.push_back(std::move(step));
    index /= arity;
  }
  return out;
}

MerklePath SparseTree::path(uint64_t index) const {
  assert(index < leaves_);
  return merkle_path(arities_, index, [this](size_t level, uint64_t i) { return node(level, i); });
}

}  // namespace cuzk::filecoin
