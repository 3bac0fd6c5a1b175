// Synthetic PoSt sectors over sparse trees, written as FallbackPoStSectorProof bincode.
#include "filecoin/synthetic_post.hpp"

#include <random>

#include "poseidon/optimized.hpp"

namespace cuzk::filecoin {

using ff::Fr;

namespace {

// A tree path split into the Merkle proof's parts for `shape` (sub and top levels last).
PostInclusionProof inclusion_proof(const TreeShape& shape, const SparseTree& tree, uint64_t leaf) {
  PostInclusionProof out;
  MerklePath path = tree.path(leaf);
  const size_t upper = (shape.sub_arity != 0 ? 1 : 0) + (shape.top_arity != 0 ? 1 : 0);
  const auto split = path.levels.end() - static_cast<std::ptrdiff_t>(upper);
  out.base.levels.assign(path.levels.begin(), split);
  if (shape.sub_arity != 0) out.sub.levels.push_back(*split);
  if (shape.top_arity != 0) out.top.levels.push_back(*(split + 1));
  out.kind = shape.top_arity != 0   ? MerkleProofKind::kTop
             : shape.sub_arity != 0 ? MerkleProofKind::kSub
                                    : MerkleProofKind::kSingle;
  out.root = tree.root();
  out.leaf = tree.leaf(leaf);
  return out;
}

Result<std::vector<uint8_t>> synthetic_sector(const PostConfig& config, const Randomness& randomness,
                                              size_t partition, size_t slot, uint64_t sector_id, uint64_t seed) {
  std::mt19937_64 rng(seed ^ (sector_id * 0x9e3779b97f4a7c15ULL));
  CUZK_ASSIGN_OR_RETURN(SparseTree tree, SparseTree::create(config.shape, config.leaves, Fr::random(rng)));
  const std::vector<uint64_t> leaves = post_sector_leaf_challenges(config, randomness, partition, slot, sector_id);
  for (const uint64_t leaf : leaves) tree.set_leaf(leaf, Fr::random(rng));
  PostSectorProof sector;
  sector.comm_c = Fr::random(rng);
  sector.comm_r_last = tree.root();
  for (const uint64_t leaf : leaves) sector.inclusion_proofs.push_back(inclusion_proof(config.shape, tree, leaf));
  const Fr preimage[2] = {sector.comm_c, sector.comm_r_last};
  FallbackPostSectorProof proof{sector_id, poseidon::poseidon_hash_optimized(preimage), {}};
  proof.sectors.push_back(std::move(sector));
  return write_fallback_post_sector_proof(proof);
}

}  // namespace

Result<std::vector<std::vector<uint8_t>>> synthetic_post_sector_proofs(const PostConfig& config,
                                                                       const Randomness& randomness, size_t partition,
                                                                       std::span<const uint64_t> sector_ids,
                                                                       uint64_t seed, ThreadPool& pool) {
  const size_t most = config.kind == PostKind::kWinning ? 1 : config.sector_count;
  if (sector_ids.empty() || sector_ids.size() > most || (config.kind == PostKind::kWinning && partition != 0)) {
    std::string message = std::to_string(sector_ids.size());
    message += " sectors in partition ";
    message += std::to_string(partition);
    message += ": ";
    message += post_kind_name(config.kind);
    message += " takes 1 to ";
    message += std::to_string(most);
    message += config.kind == PostKind::kWinning ? " in partition 0" : "";
    return Status::invalid_argument(std::move(message));
  }
  std::vector<Result<std::vector<uint8_t>>> results(sector_ids.size(), Status::internal("not built"));
  pool.parallel_for(sector_ids.size(), [&](size_t begin, size_t end) {
    for (size_t slot = begin; slot < end; ++slot) {
      results[slot] = synthetic_sector(config, randomness, partition, slot, sector_ids[slot], seed);
    }
  });
  std::vector<std::vector<uint8_t>> out;
  out.reserve(results.size());
  for (Result<std::vector<uint8_t>>& result : results) {
    if (!result.is_ok()) return result.status();
    out.push_back(std::move(result).value());
  }
  return out;
}

}  // namespace cuzk::filecoin
