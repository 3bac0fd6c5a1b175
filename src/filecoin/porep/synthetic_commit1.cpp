// Synthetic Commit-1 outputs over sparse trees.
#include "filecoin/porep/synthetic_commit1.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "filecoin/porep/challenges.hpp"
#include "filecoin/porep/graph.hpp"
#include "filecoin/porep/labels.hpp"

namespace cuzk::filecoin::porep {

namespace {

using ff::Fr;

class Random {
 public:
  explicit Random(uint64_t seed) : rng_(seed) {}
  Bytes32 bytes() {
    Bytes32 out;
    for (size_t i = 0; i < 32; i += 8) {
      const uint64_t v = rng_();
      for (size_t b = 0; b < 8; ++b) out[i + b] = static_cast<uint8_t>(v >> (8 * b));
    }
    return out;
  }
  Bytes32 fr32_bytes() {  // below 2^254, so a canonical field element
    Bytes32 out = bytes();
    out[31] &= 0x3f;
    return out;
  }
  Fr fr32() { return *Fr::from_bytes_le(fr32_bytes()); }

 private:
  std::mt19937_64 rng_;
};

Bytes32 bytes_of(const Fr& value) {
  Bytes32 out;
  value.to_bytes_le(out);
  return out;
}

InclusionProof inclusion_of(const SparseTree& tree, const TreeShape& shape, uint64_t index) {
  InclusionProof proof;
  proof.form = proof_form_of(shape);
  proof.root = tree.root();
  proof.leaf = tree.leaf(index);
  proof.path = tree.path(index);
  proof.base_levels = proof.path.levels.size() - upper_levels_of(shape);
  return proof;
}

}  // namespace

Result<Commit1Output> synthetic_commit1(const PorepConfig& config, uint64_t seed) {
  if (config.layers != 2 && config.layers != 11) {
    return Status::invalid_argument(std::to_string(config.layers) + " layers (columns of 2 or 11 are hashed)");
  }
  CUZK_ASSIGN_OR_RETURN(const StackedGraph graph, StackedGraph::create(config));
  Random random(seed);
  Commit1Output out;
  out.registered_proof = config.registered_proof;
  out.replica_id = random.fr32_bytes();
  out.seed = random.bytes();
  out.ticket = random.bytes();

  std::vector<std::vector<uint64_t>> challenges;
  std::set<uint64_t> challenged;
  for (size_t k = 0; k < config.partitions; ++k) {
    challenges.push_back(
        interactive_challenges(out.replica_id, out.seed, k, config.challenges_per_partition, config.nodes));
    challenged.insert(challenges.back().begin(), challenges.back().end());
  }

  // Every column an opening shows: random labels for parents, computed ones for challenges.
  std::map<uint64_t, std::vector<Fr>> columns;
  std::map<uint64_t, std::pair<DrgParents, ExpanderParents>> parents;
  for (const uint64_t c : challenged) {
    const auto& [drg, exp] = parents[c] = {graph.drg_parents(c), graph.expander_parents(c)};
    for (const uint64_t p : drg) columns.emplace(p, std::vector<Fr>());
    for (const uint64_t p : exp) columns.emplace(p, std::vector<Fr>());
    columns.emplace(c, std::vector<Fr>());
  }
  for (auto& [node, rows] : columns) {
    rows.resize(config.layers);
    if (!challenged.contains(node)) {
      for (Fr& row : rows) row = random.fr32();
    }
  }
  const auto parent_columns = [&](uint64_t c) {
    const auto& [drg, exp] = parents[c];
    ParentColumns out_columns;
    for (size_t k = 0; k < kDrgDegree; ++k) out_columns[k] = &columns[drg[k]];
    for (size_t k = 0; k < kExpanderDegree; ++k) out_columns[kDrgDegree + k] = &columns[exp[k]];
    return out_columns;
  };
  // Layer by layer, challenged nodes in ascending order: a DRG parent (< the node) has its
  // label of this layer, an expander parent its label of the layer below.
  for (size_t layer = 1; layer <= config.layers; ++layer) {
    for (const uint64_t c : challenged) {
      columns[c][layer - 1] =
          compute_label(out.replica_id, static_cast<uint32_t>(layer), c, label_parents(layer, parent_columns(c)));
    }
  }

  CUZK_ASSIGN_OR_RETURN(SparseTree tree_d, SparseTree::create(TreeShape{TreeHasher::kSha256, 2, 0, 0}, config.nodes, Fr::zero()));
  CUZK_ASSIGN_OR_RETURN(SparseTree tree_r, SparseTree::create(config.tree_r_shape, config.nodes, Fr::zero()));
  CUZK_ASSIGN_OR_RETURN(SparseTree tree_c, SparseTree::create(config.tree_r_shape, config.nodes, Fr::zero()));
  for (const uint64_t c : challenged) {
    const Fr data = random.fr32();
    tree_d.set_leaf(c, data);
    tree_r.set_leaf(c, columns[c][config.layers - 1] + data);  // replica = last label + data
  }
  for (const auto& [node, rows] : columns) tree_c.set_leaf(node, column_hash(rows));
  out.comm_d = bytes_of(tree_d.root());
  const std::array<Fr, 2> roots = {tree_c.root(), tree_r.root()};
  out.comm_r = bytes_of(hash_children(TreeHasher::kPoseidon, roots));

  const TreeShape tree_d_shape{TreeHasher::kSha256, 2, 0, 0};
  const auto column_proof = [&](uint64_t node) {
    return ColumnProof{Column{node, columns[node]}, inclusion_of(tree_c, config.tree_r_shape, node)};
  };
  for (const std::vector<uint64_t>& partition : challenges) {
    std::vector<ChallengeProof> proofs;
    for (const uint64_t c : partition) {
      ChallengeProof proof;
      proof.comm_d_proof = inclusion_of(tree_d, tree_d_shape, c);
      proof.comm_r_last_proof = inclusion_of(tree_r, config.tree_r_shape, c);
      proof.c_x = column_proof(c);
      const auto& [drg, exp] = parents[c];
      for (const uint64_t p : drg) proof.drg_parents.push_back(column_proof(p));
      for (const uint64_t p : exp) proof.exp_parents.push_back(column_proof(p));
      for (size_t layer = 1; layer <= config.layers; ++layer) {
        proof.labeling_proofs.push_back(
            LabelingProof{static_cast<uint32_t>(layer), c, label_parents(layer, parent_columns(c))});
      }
      proof.encoding_proof = proof.labeling_proofs.back();
      proofs.push_back(std::move(proof));
    }
    out.partitions.push_back(std::move(proofs));
  }
  return out;
}

}  // namespace cuzk::filecoin::porep
