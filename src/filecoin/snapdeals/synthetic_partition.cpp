// Synthetic SnapDeals updates over block-uniform trees.
#include "filecoin/snapdeals/synthetic_partition.hpp"

#include <array>
#include <random>

#include "filecoin/snapdeals/block_tree.hpp"
#include "filecoin/snapdeals/randomness.hpp"

namespace cuzk::filecoin::snapdeals {

using ff::Fr;

namespace {

// A random value below 2^254 (a valid Poseidon value and a valid Fr32 SHA-256 tree value).
Fr random_fr32(std::mt19937_64& rng) {
  std::array<uint8_t, 32> bytes;
  for (size_t i = 0; i < 32; i += 8) {
    const uint64_t word = rng();
    for (size_t b = 0; b < 8; ++b) bytes[i + b] = static_cast<uint8_t>(word >> (8 * b));
  }
  bytes[31] &= 0x3f;
  return *Fr::from_bytes_le(bytes);
}

InclusionProof inclusion(const BlockTree& tree, const TreeShape& shape, uint64_t index) {
  InclusionProof proof;
  proof.form = porep::proof_form_of(shape);
  proof.root = tree.root();
  proof.leaf = tree.leaf(index);
  proof.path = tree.path(index);
  proof.base_levels = proof.path.levels.size() - porep::upper_levels_of(shape);
  return proof;
}

}  // namespace

Result<SyntheticSnapUpdate> synthetic_snap_update(const SnapConfig& config, uint64_t seed, size_t h) {
  CUZK_RETURN_IF_ERROR(h_select(config, h).status());
  std::mt19937_64 rng(seed);
  const uint64_t blocks = uint64_t{1} << h;
  std::vector<Fr> key(blocks), data(blocks);
  for (Fr& v : key) v = random_fr32(rng);
  for (Fr& v : data) v = random_fr32(rng);
  SyntheticSnapUpdate out;
  out.h = h;
  out.comm_c = random_fr32(rng);
  CUZK_ASSIGN_OR_RETURN(const BlockTree tree_r_old, BlockTree::create(config.tree_r_shape, config.nodes, key));
  CUZK_ASSIGN_OR_RETURN(const BlockTree tree_d, BlockTree::create(kTreeDShape, config.nodes, data));
  const std::array<Fr, 2> old_roots = {out.comm_c, tree_r_old.root()};
  out.comm_r_old = hash_children(TreeHasher::kPoseidon, old_roots);
  out.comm_d_new = tree_d.root();
  const Fr phi = snap_phi(out.comm_d_new, out.comm_r_old);
  std::vector<Fr> replica(blocks);
  for (uint64_t b = 0; b < blocks; ++b) replica[b] = key[b] + data[b] * snap_rho(phi, b);
  CUZK_ASSIGN_OR_RETURN(const BlockTree tree_r_new, BlockTree::create(config.tree_r_shape, config.nodes, replica));
  const std::array<Fr, 2> new_roots = {out.comm_c, tree_r_new.root()};
  out.comm_r_new = hash_children(TreeHasher::kPoseidon, new_roots);

  const size_t apex_level = config.levels_below_apex();
  for (size_t k = 0; k < config.partitions; ++k) {
    SnapPartitionProof partition;
    partition.comm_c = out.comm_c;
    for (uint64_t i = 0; i < config.apex_leaves; ++i) {
      partition.apex_leafs.push_back(tree_d.node(apex_level, k * config.apex_leaves + i));
    }
    for (const uint64_t c : snap_challenges(config, out.comm_r_new, k)) {
      partition.challenge_proofs.push_back({inclusion(tree_r_old, config.tree_r_shape, c),
                                            inclusion(tree_d, kTreeDShape, c),
                                            inclusion(tree_r_new, config.tree_r_shape, c)});
    }
    out.partitions.push_back(std::move(partition));
  }
  return out;
}

}  // namespace cuzk::filecoin::snapdeals
