// The Commit-1 native checks, challenge by challenge, cheapest first.
#include "filecoin/porep/commit1_check.hpp"

#include <optional>

#include "filecoin/porep/challenges.hpp"
#include "filecoin/porep/graph.hpp"
#include "filecoin/porep/inclusion_check.hpp"
#include "filecoin/porep/labels.hpp"

namespace cuzk::filecoin::porep {

namespace {

using ff::Fr;

Result<Fr> field_of(const Bytes32& bytes, const char* what) {
  const std::optional<Fr> v = Fr::from_bytes_le(bytes);
  if (!v) return Status::invalid_argument(std::string(what) + ": not a canonical field element");
  return *v;
}

Status check_column(const ColumnProof& proof, uint64_t node, size_t layers, const TreeRules& tree_c, const Fr& comm_c,
                    const std::string& where) {
  if (proof.column.index != node) {
    return Status::invalid_argument(where + ": column index " + std::to_string(proof.column.index) +
                                    ", the graph says " + std::to_string(node));
  }
  if (proof.column.rows.size() != layers) {
    return Status::invalid_argument(where + ": " + std::to_string(proof.column.rows.size()) + " rows, expected " +
                                    std::to_string(layers));
  }
  const Fr hash = column_hash(proof.column.rows);
  if (hash != proof.inclusion.leaf) {
    return Status::invalid_argument(where + ": column hash " + fr_hex(hash) + " is not its TreeC leaf " +
                                    fr_hex(proof.inclusion.leaf));
  }
  return check_inclusion(proof.inclusion, tree_c, node, comm_c, where + ": TreeC inclusion");
}

Status check_labeling_proof(const LabelingProof& proof, uint32_t layer, uint64_t node,
                            const std::vector<Fr>& expected_parents, const std::string& where) {
  if (proof.layer_index != layer) {
    return Status::invalid_argument(where + ": layer_index " + std::to_string(proof.layer_index) + ", expected " +
                                    std::to_string(layer));
  }
  if (proof.node != node) {
    return Status::invalid_argument(where + ": node " + std::to_string(proof.node) + ", the challenge is " +
                                    std::to_string(node));
  }
  if (proof.parents.size() != kLabelParents) {
    return Status::invalid_argument(where + ": " + std::to_string(proof.parents.size()) + " parents, expected " +
                                    std::to_string(kLabelParents));
  }
  for (size_t j = 0; j < kLabelParents; ++j) {
    if (proof.parents[j] != expected_parents[j]) {
      return Status::invalid_argument(where + ": parent " + std::to_string(j) + " is " + fr_hex(proof.parents[j]) +
                                      ", the parents' columns say " + fr_hex(expected_parents[j]));
    }
  }
  return Status::ok();
}

struct Context {
  const PorepConfig& config;
  const StackedGraph& graph;
  TreeRules tree_d, tree_rc;
  const CheckedCommit1& derived;
  const Bytes32& replica_id_bytes;
};

Status check_challenge(const Context& ctx, const ChallengeProof& proof, uint64_t challenge, const std::string& where) {
  const size_t layers = ctx.config.layers;
  CUZK_RETURN_IF_ERROR(
      check_inclusion(proof.comm_d_proof, ctx.tree_d, challenge, ctx.derived.comm_d, where + "comm_d proof"));
  CUZK_RETURN_IF_ERROR(check_inclusion(proof.comm_r_last_proof, ctx.tree_rc, challenge, ctx.derived.comm_r_last,
                                       where + "comm_r_last proof"));
  CUZK_RETURN_IF_ERROR(check_column(proof.c_x, challenge, layers, ctx.tree_rc, ctx.derived.comm_c, where + "c_x"));

  if (proof.drg_parents.size() != kDrgDegree || proof.exp_parents.size() != kExpanderDegree) {
    return Status::invalid_argument(where + std::to_string(proof.drg_parents.size()) + " drg and " +
                                    std::to_string(proof.exp_parents.size()) + " expander parent columns, expected 6 and 8");
  }
  const DrgParents drg = ctx.graph.drg_parents(challenge);
  const ExpanderParents exp = ctx.graph.expander_parents(challenge);
  for (size_t k = 0; k < kDrgDegree; ++k) {
    CUZK_RETURN_IF_ERROR(check_column(proof.drg_parents[k], drg[k], layers, ctx.tree_rc, ctx.derived.comm_c,
                                      where + "drg parent " + std::to_string(k)));
  }
  for (size_t k = 0; k < kExpanderDegree; ++k) {
    CUZK_RETURN_IF_ERROR(check_column(proof.exp_parents[k], exp[k], layers, ctx.tree_rc, ctx.derived.comm_c,
                                      where + "exp parent " + std::to_string(k)));
  }

  if (proof.labeling_proofs.size() != layers) {
    return Status::invalid_argument(where + std::to_string(proof.labeling_proofs.size()) +
                                    " labeling proofs, expected " + std::to_string(layers));
  }
  ParentColumns columns;
  for (size_t k = 0; k < kDrgDegree; ++k) columns[k] = &proof.drg_parents[k].column.rows;
  for (size_t k = 0; k < kExpanderDegree; ++k) columns[kDrgDegree + k] = &proof.exp_parents[k].column.rows;
  std::vector<Fr> parents;
  for (size_t layer = 1; layer <= layers; ++layer) {
    parents = label_parents(layer, columns);
    const std::string label_where = where + "labeling proof " + std::to_string(layer - 1);
    const LabelingProof& labeling = proof.labeling_proofs[layer - 1];
    CUZK_RETURN_IF_ERROR(check_labeling_proof(labeling, static_cast<uint32_t>(layer), challenge, parents, label_where));
    const Fr label = compute_label(ctx.replica_id_bytes, static_cast<uint32_t>(layer), challenge, labeling.parents);
    if (label != proof.c_x.column.rows[layer - 1]) {
      return Status::invalid_argument(label_where + ": the label hashes to " + fr_hex(label) +
                                      ", the challenge's column row " + std::to_string(layer - 1) + " is " +
                                      fr_hex(proof.c_x.column.rows[layer - 1]));
    }
  }

  // The encoding key is the last layer's label of the same parents.
  CUZK_RETURN_IF_ERROR(check_labeling_proof(proof.encoding_proof, static_cast<uint32_t>(layers), challenge, parents,
                                            where + "encoding proof"));
  const Fr key = compute_label(ctx.replica_id_bytes, static_cast<uint32_t>(layers), challenge, proof.encoding_proof.parents);
  const Fr replica = key + proof.comm_d_proof.leaf;
  if (replica != proof.comm_r_last_proof.leaf) {
    return Status::invalid_argument(where + "encoding proof: key + data leaf = " + fr_hex(replica) +
                                    ", the TreeR leaf is " + fr_hex(proof.comm_r_last_proof.leaf));
  }
  return Status::ok();
}

}  // namespace

Result<CheckedCommit1> check_commit1(const PorepConfig& config, const Commit1Output& output, ThreadPool& pool) {
  CheckedCommit1 derived;
  CUZK_ASSIGN_OR_RETURN(derived.replica_id, field_of(output.replica_id, "replica_id"));
  CUZK_ASSIGN_OR_RETURN(derived.comm_d, field_of(output.comm_d, "comm_d"));
  CUZK_ASSIGN_OR_RETURN(derived.comm_r, field_of(output.comm_r, "comm_r"));
  if (output.registered_proof != config.registered_proof) {
    return Status::invalid_argument("a " + std::string(output.registered_proof.name) +
                                    " output checked against a " +
                                    std::string(config.registered_proof.name) + " configuration");
  }
  if (output.partitions.size() != config.partitions) {
    return Status::invalid_argument(std::to_string(output.partitions.size()) + " partitions, expected " +
                                    std::to_string(config.partitions));
  }
  for (size_t k = 0; k < config.partitions; ++k) {
    if (output.partitions[k].size() != config.challenges_per_partition) {
      return Status::invalid_argument("partition " + std::to_string(k) + ": " +
                                      std::to_string(output.partitions[k].size()) + " challenge proofs, expected " +
                                      std::to_string(config.challenges_per_partition));
    }
  }
  if (config.partitions == 0 || config.challenges_per_partition == 0) {
    return Status::invalid_argument("a PoRep configuration without challenges");
  }
  CUZK_ASSIGN_OR_RETURN(const StackedGraph graph, StackedGraph::create(config));
  CUZK_ASSIGN_OR_RETURN(TreeRules tree_d, TreeRules::of(TreeShape{TreeHasher::kSha256, 2, 0, 0}, config.nodes));
  CUZK_ASSIGN_OR_RETURN(TreeRules tree_rc, TreeRules::of(config.tree_r_shape, config.nodes));
  if (config.layers != 2 && config.layers != 11) {
    return Status::invalid_argument(std::to_string(config.layers) + " layers (columns of 2 or 11 are hashed)");
  }

  // comm_c and comm_r_last as the first challenge states them; every other proof must agree.
  const ChallengeProof& first = output.partitions[0][0];
  derived.comm_c = first.c_x.inclusion.root;
  derived.comm_r_last = first.comm_r_last_proof.root;
  const std::array<Fr, 2> roots = {derived.comm_c, derived.comm_r_last};
  const Fr comm_r = hash_children(TreeHasher::kPoseidon, roots);
  if (comm_r != derived.comm_r) {
    return Status::invalid_argument("comm_r " + fr_hex(derived.comm_r) + " is not Poseidon2(comm_c, comm_r_last) = " +
                                    fr_hex(comm_r) + " (comm_c " + fr_hex(derived.comm_c) + ", comm_r_last " +
                                    fr_hex(derived.comm_r_last) + ")");
  }

  // Partitions are independent: checked in parallel on `pool`, one chunk per partition (a 32 GiB
  // output's 2,700 TreeC and 180 TreeR paths of 10 Poseidon-8 levels dominate: ~2 s on one
  // core, 2026-12), the first failing partition's error reported.
  const Context ctx{config, graph, std::move(tree_d), std::move(tree_rc), derived, output.replica_id};
  derived.challenges.resize(config.partitions);
  std::vector<Status> results(config.partitions);
  const auto check_partition = [&](size_t k) {
    std::vector<uint64_t> challenges = interactive_challenges(output.replica_id, output.seed, k,
                                                              config.challenges_per_partition, config.nodes);
    for (size_t i = 0; i < challenges.size(); ++i) {
      const std::string where = "partition " + std::to_string(k) + " challenge " + std::to_string(i) + ": ";
      const ChallengeProof& proof = output.partitions[k][i];
      if (proof.c_x.column.index != challenges[i]) {
        results[k] = Status::invalid_argument(where + "the proof is for node " +
                                              std::to_string(proof.c_x.column.index) +
                                              ", the challenge (from replica_id and seed) is node " +
                                              std::to_string(challenges[i]));
        return;
      }
      results[k] = check_challenge(ctx, proof, challenges[i], where);
      if (!results[k].is_ok()) return;
    }
    derived.challenges[k] = std::move(challenges);
  };
  pool.parallel_for(
      config.partitions,
      [&](size_t begin, size_t end) {
        for (size_t k = begin; k < end; ++k) check_partition(k);
      },
      config.partitions);
  for (const Status& status : results) CUZK_RETURN_IF_ERROR(status);
  return derived;
}

}  // namespace cuzk::filecoin::porep
