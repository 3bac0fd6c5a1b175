// PoR gadget: inclusion of a leaf in a Filecoin Merkle tree.
#include "filecoin/por.hpp"

#include <bit>
#include <cassert>

#include "filecoin/insertion.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256.hpp"

namespace cuzk::filecoin {

using ff::Fr;
using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;

namespace {

// `known`: the level's hash where a native check recorded it (PathLevel::hash).
AllocatedNum hash_level(ConstraintSystem& cs, TreeHasher hasher, std::span<const AllocatedNum> children,
                        const Fr* known = nullptr) {
  if (hasher == TreeHasher::kPoseidon) {
    return known ? gadgets::poseidon_hash_known(cs, children, *known) : gadgets::poseidon_hash(cs, children);
  }
  std::vector<Boolean> bits;
  for (const AllocatedNum& child : children) gadgets::append_fr_preimage_bits(cs, child, bits);
  return gadgets::sha256_fr32(cs, bits);
}

// One level: the node inserted among its siblings at the bits' position, hashed.
AllocatedNum hash_path_level(ConstraintSystem& cs, TreeHasher hasher, const AllocatedNum& node,
                             std::span<const Boolean> bits, std::span<const AllocatedNum> siblings,
                             const Fr* known = nullptr) {
  return hash_level(cs, hasher, insert(cs, node, bits, siblings), known);
}

// The root from `leaf`; each level's hash also written to record->levels[i].hash when given.
Fr climb(TreeHasher hasher, const Fr& leaf, const MerklePath& path, MerklePath* record) {
  Fr cur = leaf;
  std::vector<Fr> children;
  for (size_t i = 0; i < path.levels.size(); ++i) {
    const PathLevel& level = path.levels[i];
    children.assign(level.siblings.begin(), level.siblings.end());
    children.insert(children.begin() + static_cast<std::ptrdiff_t>(level.index), cur);
    cur = hash_children(hasher, children);
    if (record) record->levels[i].hash = cur;
  }
  return cur;
}

}  // namespace

Fr path_root(TreeHasher hasher, const Fr& leaf, const MerklePath& path) { return climb(hasher, leaf, path, nullptr); }

Fr record_path_hashes(TreeHasher hasher, const Fr& leaf, MerklePath& path) { return climb(hasher, leaf, path, &path); }

Result<std::vector<size_t>> por_path_arities(const TreeShape& shape, uint64_t leaves, const MerklePath& path) {
  Result<std::vector<size_t>> arities = shape.level_arities(leaves);
  if (!arities.is_ok()) return arities.status();
  if (path.levels.size() != arities->size()) {
    return Status::invalid_argument("inclusion path has " + std::to_string(path.levels.size()) + " levels, the " +
                                    shape.to_string() + " tree over " + std::to_string(leaves) + " leaves has " +
                                    std::to_string(arities->size()));
  }
  for (size_t i = 0; i < arities->size(); ++i) {
    const size_t arity = (*arities)[i];
    if (path.levels[i].siblings.size() != arity - 1 || path.levels[i].index >= arity) {
      return Status::invalid_argument("inclusion path level " + std::to_string(i) + " does not fit arity " +
                                      std::to_string(arity));
    }
  }
  return arities;
}

namespace {

void synthesize_levels(ConstraintSystem& cs, TreeHasher hasher, const std::vector<size_t>& arities,
                       const AllocatedNum& leaf, const MerklePath& path, const PorRoot& root, bool private_root) {
  AllocatedNum cur = leaf;
  std::vector<Boolean> path_bits;
  std::vector<AllocatedNum> siblings;
  for (size_t i = 0; i < arities.size(); ++i) {
    r1cs::Namespace ns(cs, "merkle level " + std::to_string(i));
    const size_t arity = arities[i];
    const PathLevel& level = path.levels[i];
    const size_t index_bits = static_cast<size_t>(std::countr_zero(arity));
    const size_t first_bit = path_bits.size();
    for (size_t b = 0; b < index_bits; ++b) path_bits.push_back(AllocatedBit::alloc(cs, (level.index >> b) & 1));
    siblings.clear();
    for (const Fr& s : level.siblings) siblings.push_back(AllocatedNum::alloc(cs, s));
    cur = hash_path_level(cs, hasher, cur, std::span(path_bits).subspan(first_bit, index_bits), siblings,
                          level.hash ? &*level.hash : nullptr);
  }
  gadgets::pack_into_inputs(cs, path_bits);
  const AllocatedNum rt = root.allocated ? *root.allocated : AllocatedNum::alloc(cs, root.value);
  gadgets::enforce_equal(cs, cur, rt);
  if (!private_root) rt.inputize(cs);
}

}  // namespace

void synthesize_por_no_challenge_input(ConstraintSystem& cs, TreeHasher hasher, std::span<const size_t> arities,
                                       std::span<const Boolean> bits, const AllocatedNum& leaf,
                                       std::span<const std::vector<AllocatedNum>> siblings, const AllocatedNum& root) {
  assert(siblings.size() == arities.size());
  AllocatedNum cur = leaf;
  size_t bit = 0;
  for (size_t l = 0; l < arities.size(); ++l) {
    const size_t index_bits = static_cast<size_t>(std::countr_zero(arities[l]));
    assert(siblings[l].size() + 1 == arities[l] && bit + index_bits <= bits.size());
    cur = hash_path_level(cs, hasher, cur, bits.subspan(bit, index_bits), siblings[l]);
    bit += index_bits;
  }
  assert(bit == bits.size());
  gadgets::enforce_equal(cs, cur, root);
}

Status synthesize_por(ConstraintSystem& cs, const TreeShape& shape, uint64_t leaves, const Fr& leaf,
                      const MerklePath& path, const PorRoot& root, bool private_root) {
  CUZK_ASSIGN_OR_RETURN(const std::vector<size_t> arities, por_path_arities(shape, leaves, path));
  synthesize_levels(cs, shape.hasher, arities, AllocatedNum::alloc(cs, leaf), path, root, private_root);
  return Status::ok();
}

Status synthesize_por(ConstraintSystem& cs, const TreeShape& shape, uint64_t leaves, const AllocatedNum& leaf,
                      const MerklePath& path, const PorRoot& root, bool private_root) {
  CUZK_ASSIGN_OR_RETURN(const std::vector<size_t> arities, por_path_arities(shape, leaves, path));
  synthesize_levels(cs, shape.hasher, arities, leaf, path, root, private_root);
  return Status::ok();
}

}  // namespace cuzk::filecoin
