// PoSt partitions: reading, native checks, padding and the circuit.
#include "filecoin/post_check.hpp"

#include <optional>

#include "filecoin/por.hpp"
#include "poseidon/optimized.hpp"

namespace cuzk::filecoin {

using ff::Fr;

namespace {

std::string sector_name(size_t index, uint64_t id) {
  std::string out = "sector ";
  out += std::to_string(index);
  out += " (id ";
  out += std::to_string(id);
  out += ")";
  return out;
}

Status sector_error(size_t index, uint64_t id, const std::string& problem) {
  std::string message = sector_name(index, id);
  message += ": ";
  message += problem;
  return Status::invalid_argument(std::move(message));
}

std::string challenge_name(size_t n) {
  std::string out = "challenge ";
  out += std::to_string(n);
  out += ": ";
  return out;
}

size_t inclusion_proofs_per_sector(const PostConfig& config) {
  return config.kind == PostKind::kWinning ? config.sector_count : config.challenge_count;
}

// The shape a Merkle proof of config.shape must have.
struct ProofShape {
  MerkleProofKind kind;
  std::vector<size_t> base, sub, top;  // arity per level of each part
};

Result<ProofShape> proof_shape(const PostConfig& config) {
  CUZK_ASSIGN_OR_RETURN(const std::vector<size_t> arities, config.shape.level_arities(config.leaves));
  ProofShape shape{MerkleProofKind::kSingle, arities, {}, {}};
  if (config.shape.top_arity != 0) {
    shape.kind = MerkleProofKind::kTop;
    shape.top.push_back(shape.base.back());
    shape.base.pop_back();
  }
  if (config.shape.sub_arity != 0) {
    if (shape.kind == MerkleProofKind::kSingle) shape.kind = MerkleProofKind::kSub;
    shape.sub.push_back(shape.base.back());
    shape.base.pop_back();
  }
  return shape;
}

const char* kind_name(MerkleProofKind kind) {
  switch (kind) {
    case MerkleProofKind::kSingle:
      return "Single";
    case MerkleProofKind::kSub:
      return "Sub";
    case MerkleProofKind::kTop:
      return "Top";
  }
  return "?";
}

// Checks one part's levels against their arities; adds its digits to `leaf` (weight: the
// leaves under one node of the part's first level).
std::optional<std::string> check_part(const char* part, const MerklePath& path, const std::vector<size_t>& arities,
                                      uint64_t& leaf, uint64_t& weight) {
  if (path.levels.size() != arities.size()) {
    std::string out = part;
    out += ": ";
    out += std::to_string(path.levels.size());
    out += " elements, the tree has ";
    out += std::to_string(arities.size());
    return out;
  }
  for (size_t l = 0; l < arities.size(); ++l) {
    if (path.levels[l].siblings.size() + 1 != arities[l]) {
      std::string out = part;
      out += " element ";
      out += std::to_string(l);
      out += ": ";
      out += std::to_string(path.levels[l].siblings.size());
      out += " hashes, arity ";
      out += std::to_string(arities[l]);
      out += " needs ";
      out += std::to_string(arities[l] - 1);
      return out;
    }
    leaf += path.levels[l].index * weight;
    weight *= arities[l];
  }
  return std::nullopt;
}

struct CheckedSector {
  std::vector<uint64_t> leaves;   // per inclusion proof
  std::vector<MerklePath> paths;  // per inclusion proof, the level hashes recorded
};

// Every check of one sector; an error naming its challenge and field.
Result<CheckedSector> check_sector(const PostConfig& config, const ProofShape& shape,
                                   const FallbackPostSectorProof& proof, const Randomness& randomness,
                                   size_t partition, size_t slot) {
  const uint64_t id = proof.sector_id;
  const std::vector<uint64_t> expected_leaves = post_sector_leaf_challenges(config, randomness, partition, slot, id);
  const PostSectorProof& sector = proof.sectors.front();
  const Fr preimage[2] = {sector.comm_c, sector.comm_r_last};
  if (poseidon::poseidon_hash_optimized(preimage) != proof.comm_r) {
    return sector_error(slot, id, "comm_r is not Poseidon(comm_c, comm_r_last)");
  }
  CheckedSector out;
  out.leaves.reserve(sector.inclusion_proofs.size());
  out.paths.reserve(sector.inclusion_proofs.size());
  for (size_t n = 0; n < sector.inclusion_proofs.size(); ++n) {
    const PostInclusionProof& inclusion = sector.inclusion_proofs[n];
    std::string problem = challenge_name(n);
    if (inclusion.kind != shape.kind) {
      problem += "a ";
      problem += kind_name(inclusion.kind);
      problem += " Merkle proof, the ";
      problem += config.shape.to_string();
      problem += " tree's are ";
      problem += kind_name(shape.kind);
      return sector_error(slot, id, problem);
    }
    uint64_t leaf = 0, weight = 1;
    std::optional<std::string> bad = check_part(inclusion.kind == MerkleProofKind::kSingle ? "path" : "base_proof",
                                                inclusion.base, shape.base, leaf, weight);
    if (!bad) bad = check_part("sub_proof", inclusion.sub, shape.sub, leaf, weight);
    if (!bad) bad = check_part("top_proof", inclusion.top, shape.top, leaf, weight);
    if (bad) {
      problem += *bad;
      return sector_error(slot, id, problem);
    }
    const uint64_t expected = expected_leaves[n];
    if (leaf != expected) {
      problem += "the path opens leaf ";
      problem += std::to_string(leaf);
      problem += ", the challenge is leaf ";
      problem += std::to_string(expected);
      problem += " (another leaf's path, or the wrong sector id or randomness)";
      return sector_error(slot, id, problem);
    }
    if (inclusion.root != sector.comm_r_last) {
      problem += "root is not the sector's comm_r_last";
      return sector_error(slot, id, problem);
    }
    MerklePath path = inclusion.full_path();
    if (record_path_hashes(config.shape.hasher, inclusion.leaf, path) != inclusion.root) {
      problem += "the path from leaf ";
      problem += std::to_string(leaf);
      problem += " does not hash to root (a wrong leaf or sibling hash)";
      return sector_error(slot, id, problem);
    }
    out.leaves.push_back(leaf);
    out.paths.push_back(std::move(path));
  }
  return out;
}

}  // namespace

std::vector<uint64_t> post_sector_leaf_challenges(const PostConfig& config, const Randomness& randomness,
                                                  size_t partition, size_t slot, uint64_t sector_id) {
  const bool winning = config.kind == PostKind::kWinning;
  std::vector<uint64_t> out;
  const size_t count = inclusion_proofs_per_sector(config);
  out.reserve(count);
  for (size_t n = 0; n < count; ++n) {
    const uint64_t index = post_challenge_index(config.api_version, partition, config.sector_count,
                                                winning ? n : slot, config.challenge_count, winning ? 0 : n);
    out.push_back(post_leaf_challenge(randomness, sector_id, index, config.leaves));
  }
  return out;
}

Result<PostPartitionInput> read_post_partition(const PostConfig& config,
                                               std::span<const std::vector<uint8_t>> sector_proofs) {
  const bool winning = config.kind == PostKind::kWinning;
  const size_t most = winning ? 1 : config.sector_count;
  if (sector_proofs.empty() || sector_proofs.size() > most) {
    std::string message = std::to_string(sector_proofs.size());
    message += winning ? " sector proofs, WinningPoSt takes 1" : " sector proofs, a partition takes 1 to ";
    if (!winning) message += std::to_string(most);
    return Status::invalid_argument(std::move(message));
  }
  const size_t challenges = inclusion_proofs_per_sector(config);
  PostPartitionInput input;
  input.sectors.reserve(sector_proofs.size());
  for (size_t i = 0; i < sector_proofs.size(); ++i) {
    Result<FallbackPostSectorProof> proof = read_fallback_post_sector_proof(sector_proofs[i]);
    if (!proof.is_ok()) {
      // Name the sector by its id too when its first field is there.
      std::string message = "sector ";
      message += std::to_string(i);
      if (sector_proofs[i].size() >= 8) {
        uint64_t id = 0;
        for (size_t b = 0; b < 8; ++b) id |= uint64_t{sector_proofs[i][b]} << (8 * b);
        message = sector_name(i, id);
      }
      message += ": ";
      message += proof.status().message();
      return Status::invalid_argument(std::move(message));
    }
    const uint64_t id = proof->sector_id;
    if (proof->sectors.size() != 1) {
      std::string problem = std::to_string(proof->sectors.size());
      problem += " sector proofs in vanilla_proof, expected 1";
      return sector_error(i, id, problem);
    }
    const size_t got = proof->sectors.front().inclusion_proofs.size();
    if (got != challenges) {
      std::string problem = std::to_string(got);
      problem += " inclusion proofs, ";
      problem += post_kind_name(config.kind);
      problem += " needs ";
      problem += std::to_string(challenges);
      return sector_error(i, id, problem);
    }
    input.sectors.push_back(std::move(proof).value());
  }
  return input;
}

Result<CheckedPostPartition> check_post_partition(const PostConfig& config, const PostPartitionInput& input,
                                                  const Randomness& randomness, size_t partition, ThreadPool& pool) {
  if (!Fr::from_bytes_le(randomness)) {
    return Status::invalid_argument("randomness: not a canonical field element (≥ the BLS12-381 scalar modulus; "
                                    "Filecoin masks its last byte with 0x3f)");
  }
  if (config.kind == PostKind::kWinning && partition != 0) {
    std::string message = "partition ";
    message += std::to_string(partition);
    message += ": WinningPoSt has only partition 0";
    return Status::invalid_argument(std::move(message));
  }
  CUZK_ASSIGN_OR_RETURN(const ProofShape shape, proof_shape(config));
  const size_t count = input.sectors.size();
  std::vector<Result<CheckedSector>> results(count, Status::internal("not checked"));
  const auto check_range = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      results[i] = check_sector(config, shape, input.sectors[i], randomness, partition, i);
    }
  };
  pool.parallel_for(count, check_range);
  CheckedPostPartition out;
  for (size_t i = 0; i < count; ++i) {
    if (!results[i].is_ok()) return results[i].status();
    out.sectors.push_back({input.sectors[i].sector_id, input.sectors[i].comm_r});
    CheckedSector sector = std::move(results[i]).value();
    out.challenges.push_back(std::move(sector.leaves));
    out.paths.push_back(std::move(sector.paths));
  }
  return out;
}

FallbackPoStCircuit post_partition_circuit(const PostConfig& config, const PostPartitionInput& input,
                                           const CheckedPostPartition& checked) {
  std::vector<SectorWitness> slots;
  slots.reserve(config.sector_count);
  const auto witness = [&](size_t sector, size_t first, size_t count) {
    const FallbackPostSectorProof& proof = input.sectors[sector];
    const PostSectorProof& vanilla = proof.sectors.front();
    SectorWitness w{proof.comm_r, vanilla.comm_c, vanilla.comm_r_last, {}, {}, {}};
    for (size_t n = first; n < first + count; ++n) {
      w.challenges.push_back(checked.challenges[sector][n]);
      w.leaves.push_back(vanilla.inclusion_proofs[n].leaf);
      w.paths.push_back(checked.paths[sector][n]);  // its level hashes recorded by the check
    }
    return w;
  };
  if (config.kind == PostKind::kWinning) {
    for (size_t slot = 0; slot < config.sector_count; ++slot) slots.push_back(witness(0, slot, 1));
  } else {
    for (size_t i = 0; i < input.sectors.size(); ++i) slots.push_back(witness(i, 0, config.challenge_count));
    while (slots.size() < config.sector_count) {
      const SectorWitness last = slots.back();
      slots.push_back(last);
    }
  }
  return FallbackPoStCircuit(config.shape, config.leaves, std::move(slots));
}

Result<PostPartition> prepare_post_partition(const PostConfig& config,
                                             std::span<const std::vector<uint8_t>> sector_proofs,
                                             const Randomness& randomness, size_t partition, ThreadPool& pool) {
  CUZK_ASSIGN_OR_RETURN(const PostPartitionInput input, read_post_partition(config, sector_proofs));
  CUZK_ASSIGN_OR_RETURN(CheckedPostPartition checked, check_post_partition(config, input, randomness, partition, pool));
  CUZK_ASSIGN_OR_RETURN(std::vector<Fr> inputs,
                        post_verifier_public_inputs(config, randomness, partition, checked.sectors));
  return PostPartition{post_partition_circuit(config, input, checked), std::move(checked.sectors), std::move(inputs)};
}

}  // namespace cuzk::filecoin
