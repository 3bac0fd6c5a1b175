// SnapDeals partition checks, cheapest first.
#include "filecoin/snapdeals/partition_check.hpp"

#include <array>
#include <string>

#include "filecoin/por.hpp"
#include "filecoin/porep/inclusion_check.hpp"
#include "filecoin/snapdeals/randomness.hpp"

namespace cuzk::filecoin::snapdeals {

using ff::Fr;
using porep::fr_hex;
using porep::TreeRules;

namespace {

Fr poseidon2(const Fr& a, const Fr& b) {
  const std::array<Fr, 2> children = {a, b};
  return hash_children(TreeHasher::kPoseidon, children);
}

Status check_comm_r(const char* name, const Fr& comm_r, const Fr& comm_c, const Fr& root, const char* root_name,
                    const std::string& where) {
  const Fr computed = poseidon2(comm_c, root);
  if (computed == comm_r) return Status::ok();
  return Status::invalid_argument(where + name + " " + fr_hex(comm_r) + " is not Poseidon2(comm_c, " + root_name +
                                  ") = " + fr_hex(computed) + " (comm_c " + fr_hex(comm_c) + ", " + root_name + " " +
                                  fr_hex(root) + ", challenge 0's root)");
}

// The apex tree's root over the apex leaves (binary SHA-256).
Fr apex_root(std::vector<Fr> row) {
  while (row.size() > 1) {
    std::vector<Fr> up;
    for (size_t i = 0; i < row.size(); i += 2) {
      const std::array<Fr, 2> children = {row[i], row[i + 1]};
      up.push_back(hash_children(TreeHasher::kSha256, children));
    }
    row = std::move(up);
  }
  return row[0];
}

}  // namespace

Result<CheckedSnapPartition> check_snap_partition(const SnapConfig& config, const SnapPartitionProof& proof, size_t k,
                                                  const Fr& comm_r_old, const Fr& comm_r_new, const Fr& comm_d_new,
                                                  size_t h) {
  const std::string where = "partition " + std::to_string(k) + ": ";
  CheckedSnapPartition out;
  Result<SnapPublicInputs> inputs = snap_public_inputs(config, k, h, comm_r_old, comm_d_new, comm_r_new);
  if (!inputs.is_ok()) return Status::invalid_argument(where + inputs.status().message());
  out.public_inputs = *inputs;
  if (proof.apex_leafs.size() != config.apex_leaves) {
    return Status::invalid_argument(where + "apex_leafs: " + std::to_string(proof.apex_leafs.size()) +
                                    " leaves, expected " + std::to_string(config.apex_leaves));
  }
  if (proof.challenge_proofs.size() != config.challenges_per_partition) {
    return Status::invalid_argument(where + "challenge_proofs: " + std::to_string(proof.challenge_proofs.size()) +
                                    " proofs, expected " + std::to_string(config.challenges_per_partition));
  }
  out.root_r_old = proof.challenge_proofs[0].proof_r_old.root;
  out.root_r_new = proof.challenge_proofs[0].proof_r_new.root;
  CUZK_RETURN_IF_ERROR(check_comm_r("comm_r_old", comm_r_old, proof.comm_c, out.root_r_old, "root_r_old", where));
  CUZK_RETURN_IF_ERROR(check_comm_r("comm_r_new", comm_r_new, proof.comm_c, out.root_r_new, "root_r_new", where));

  CUZK_ASSIGN_OR_RETURN(const TreeRules tree_r, TreeRules::of(config.tree_r_shape, config.nodes));
  CUZK_ASSIGN_OR_RETURN(const TreeRules tree_d, TreeRules::of(kTreeDShape, config.nodes));
  const Fr phi = snap_phi(comm_d_new, comm_r_old);
  out.challenges = snap_challenges(config, comm_r_new, k);
  const size_t below_apex = config.levels_below_apex();
  const size_t partition_from = config.challenge_bits - config.partition_bits;
  const MerklePath& partition_path = proof.challenge_proofs[0].proof_d_new.path;
  for (size_t i = 0; i < out.challenges.size(); ++i) {
    const uint64_t c = out.challenges[i];
    const SnapChallengeProof& p = proof.challenge_proofs[i];
    const std::string at = where + "challenge " + std::to_string(i) + " (node " + std::to_string(c) + "): ";
    CUZK_RETURN_IF_ERROR(porep::check_inclusion(p.proof_r_old, tree_r, c, out.root_r_old, at + "proof_r_old"));
    CUZK_RETURN_IF_ERROR(porep::check_inclusion(p.proof_d_new, tree_d, c, comm_d_new, at + "proof_d_new"));
    CUZK_RETURN_IF_ERROR(porep::check_inclusion(p.proof_r_new, tree_r, c, out.root_r_new, at + "proof_r_new"));
    const Fr rho = snap_rho(phi, challenge_high(config, c, h));
    const Fr encoded = p.proof_r_old.leaf + p.proof_d_new.leaf * rho;
    if (encoded != p.proof_r_new.leaf) {
      return Status::invalid_argument(at + "proof_r_new leaf " + fr_hex(p.proof_r_new.leaf) +
                                      " is not leaf_r_old + leaf_d_new·rho = " + fr_hex(encoded));
    }
    MerklePath to_apex;
    to_apex.levels.assign(p.proof_d_new.path.levels.begin(),
                          p.proof_d_new.path.levels.begin() + static_cast<std::ptrdiff_t>(below_apex));
    const Fr apex_node = path_root(TreeHasher::kSha256, p.proof_d_new.leaf, to_apex);
    const uint64_t apex_index = (c >> below_apex) & (config.apex_leaves - 1);
    if (apex_node != proof.apex_leafs[apex_index]) {
      return Status::invalid_argument(at + "proof_d_new: the node at the apex-leaf height is " + fr_hex(apex_node) +
                                      ", apex_leafs " + std::to_string(apex_index) + " is " +
                                      fr_hex(proof.apex_leafs[apex_index]));
    }
    for (size_t l = partition_from; l < config.challenge_bits; ++l) {
      if (p.proof_d_new.path.levels[l].siblings != partition_path.levels[l].siblings) {
        return Status::invalid_argument(at + "proof_d_new: path level " + std::to_string(l) +
                                        " (the partition path) differs from challenge 0's");
      }
    }
  }
  MerklePath partition_levels;
  partition_levels.levels.assign(partition_path.levels.begin() + static_cast<std::ptrdiff_t>(partition_from),
                                 partition_path.levels.end());
  const Fr apex = apex_root(proof.apex_leafs);
  const Fr reached = path_root(TreeHasher::kSha256, apex, partition_levels);
  if (reached != comm_d_new) {
    return Status::invalid_argument(where + "apex_leafs: their root " + fr_hex(apex) + " leads through the partition "
                                    "path to " + fr_hex(reached) + ", not to comm_d_new " + fr_hex(comm_d_new));
  }
  return out;
}

}  // namespace cuzk::filecoin::snapdeals
