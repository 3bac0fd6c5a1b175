// The Stacked-DRG PoRep partition circuit: header, challenges, shape checks, blank proofs and
// circuit sizes.
#include "filecoin/porep/stacked_circuit.hpp"

#include <optional>
#include <string>
#include <utility>

#include "filecoin/por.hpp"
#include "filecoin/porep/create_label.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256.hpp"
#include "r1cs/counting_constraint_system.hpp"

namespace cuzk::filecoin::porep {

using ff::Fr;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;

namespace {

// TreeD: the binary SHA-256 tree over the sector's data (root comm_d).
constexpr TreeShape kTreeD{TreeHasher::kSha256, 2, 0, 0};

// The labels of the first DRG parents that fill the 37 parent slots after the real ones.
constexpr size_t kRepeatedParents = kLabelParents - 2 * kParentCount;  // 9

Status path_fits(const TreeShape& shape, uint64_t leaves, const InclusionProof& proof, const std::string& what) {
  const Result<std::vector<size_t>> arities = por_path_arities(shape, leaves, proof.path);
  if (!arities.is_ok()) return Status::invalid_argument(what + ": " + arities.status().message());
  return Status::ok();
}

Status columns_fit(const PorepConfig& config, std::span<const ColumnProof> columns, size_t expected,
                   const std::string& what) {
  if (columns.size() != expected) {
    return Status::invalid_argument(what + ": " + std::to_string(columns.size()) + " column proofs, expected " +
                                    std::to_string(expected));
  }
  for (size_t i = 0; i < columns.size(); ++i) {
    const std::string name = what + "[" + std::to_string(i) + "]";
    if (columns[i].column.rows.size() != config.layers) {
      return Status::invalid_argument(name + ".column.rows: " + std::to_string(columns[i].column.rows.size()) +
                                      " labels, expected one per layer (" + std::to_string(config.layers) + ")");
    }
    CUZK_RETURN_IF_ERROR(path_fits(config.tree_r_shape, config.nodes, columns[i].inclusion, name + ".inclusion_proof"));
  }
  return Status::ok();
}

// A column's labels as new variables, its hash, and the hash's inclusion in TreeC.
Result<std::vector<AllocatedNum>> open_column(ConstraintSystem& cs, const PorepConfig& config,
                                              const PartitionVariables& partition, const ColumnProof& proof) {
  std::vector<AllocatedNum> rows;
  rows.reserve(proof.column.rows.size());
  for (const Fr& label : proof.column.rows) rows.push_back(AllocatedNum::alloc(cs, label));
  const AllocatedNum hash = gadgets::poseidon_hash(cs, rows);
  CUZK_RETURN_IF_ERROR(synthesize_por(cs, config.tree_r_shape, config.nodes, hash, proof.inclusion.path,
                                      {partition.comm_c, partition.comm_c.value}, /*private_root=*/true));
  return rows;
}

// A label's 256 preimage bits (to_bits_le, then reverse_bit_numbering).
std::vector<Boolean> label_bits(ConstraintSystem& cs, const AllocatedNum& label) {
  std::vector<Boolean> bits;
  bits.reserve(256);
  gadgets::append_fr_preimage_bits(cs, label, bits);
  return bits;
}

}  // namespace

Status check_challenge_proof(const PorepConfig& config, const ChallengeProof& proof) {
  if (config.layers != 2 && config.layers != 11) {
    return Status::invalid_argument("porep: " + std::to_string(config.layers) +
                                    " layers (the column hash exists for 2 and 11)");
  }
  if (config.tree_r_shape.hasher != TreeHasher::kPoseidon) {
    return Status::invalid_argument("porep: TreeR/TreeC shape " + config.tree_r_shape.to_string() +
                                    " (they are Poseidon trees)");
  }
  CUZK_RETURN_IF_ERROR(path_fits(kTreeD, config.nodes, proof.comm_d_proof, "comm_d_proofs"));
  CUZK_RETURN_IF_ERROR(path_fits(config.tree_r_shape, config.nodes, proof.comm_r_last_proof, "comm_r_last_proof"));
  CUZK_RETURN_IF_ERROR(columns_fit(config, std::span(&proof.c_x, 1), 1, "replica_column_proofs.c_x"));
  CUZK_RETURN_IF_ERROR(columns_fit(config, proof.drg_parents, kDrgDegree, "replica_column_proofs.drg_parents"));
  CUZK_RETURN_IF_ERROR(columns_fit(config, proof.exp_parents, kExpanderDegree, "replica_column_proofs.exp_parents"));
  if (proof.labeling_proofs.empty()) return Status::invalid_argument("labeling_proofs: empty (it names the node)");
  const uint64_t node = proof.labeling_proofs[0].node;
  if (node >= config.nodes) {
    return Status::invalid_argument("labeling_proofs[0].node: " + std::to_string(node) + " is not below the " +
                                    std::to_string(config.nodes) + " nodes");
  }
  return Status::ok();
}

PartitionVariables synthesize_porep_header(ConstraintSystem& cs, const PorepPublicValues& public_values,
                                           const PorepPrivateValues& private_values) {
  PartitionVariables out;
  const AllocatedNum replica_id = AllocatedNum::alloc(cs, public_values.replica_id);
  replica_id.inputize(cs);
  out.replica_id_bits = label_bits(cs, replica_id);
  out.comm_d = AllocatedNum::alloc(cs, public_values.comm_d);
  out.comm_d.inputize(cs);
  const AllocatedNum comm_r = AllocatedNum::alloc(cs, public_values.comm_r);
  comm_r.inputize(cs);
  out.comm_r_last = AllocatedNum::alloc(cs, private_values.comm_r_last);
  out.comm_c = AllocatedNum::alloc(cs, private_values.comm_c);
  r1cs::Namespace ns(cs, "H_comm_c_comm_r_last");
  const AllocatedNum preimage[2] = {out.comm_c, out.comm_r_last};
  gadgets::enforce_equal(cs, comm_r, gadgets::poseidon_hash(cs, preimage));
  return out;
}

Status synthesize_porep_challenge(ConstraintSystem& cs, const PorepConfig& config, const PartitionVariables& partition,
                                  const ChallengeProof& proof) {
  CUZK_RETURN_IF_ERROR(check_challenge_proof(config, proof));
  const AllocatedNum data_leaf = AllocatedNum::alloc(cs, proof.comm_d_proof.leaf);
  {
    r1cs::Namespace ns(cs, "comm_d_inclusion");
    CUZK_RETURN_IF_ERROR(synthesize_por(cs, kTreeD, config.nodes, data_leaf, proof.comm_d_proof.path,
                                        {partition.comm_d, partition.comm_d.value}, /*private_root=*/true));
  }
  std::vector<std::vector<AllocatedNum>> drg_columns, exp_columns;
  for (size_t i = 0; i < kDrgDegree; ++i) {
    r1cs::Namespace ns(cs, "drg_parent_" + std::to_string(i));
    CUZK_ASSIGN_OR_RETURN(std::vector<AllocatedNum> column, open_column(cs, config, partition, proof.drg_parents[i]));
    drg_columns.push_back(std::move(column));
  }
  for (size_t i = 0; i < kExpanderDegree; ++i) {
    r1cs::Namespace ns(cs, "exp_parent_" + std::to_string(i));
    CUZK_ASSIGN_OR_RETURN(std::vector<AllocatedNum> column, open_column(cs, config, partition, proof.exp_parents[i]));
    exp_columns.push_back(std::move(column));
  }

  const gadgets::UInt64 challenge = gadgets::UInt64::alloc(cs, proof.labeling_proofs[0].node);
  challenge.pack_into_input(cs);

  std::vector<AllocatedNum> labels;  // the challenged node's column, layer 1 first
  for (size_t layer = 1; layer <= config.layers; ++layer) {
    r1cs::Namespace ns(cs, "labeling_" + std::to_string(layer));
    std::vector<std::vector<Boolean>> parents;
    parents.reserve(kLabelParents);
    for (const std::vector<AllocatedNum>& column : drg_columns) parents.push_back(label_bits(cs, column[layer - 1]));
    if (layer > 1) {
      // Expander parents hash the layer below.
      for (const std::vector<AllocatedNum>& column : exp_columns) parents.push_back(label_bits(cs, column[layer - 2]));
      for (size_t i = 0; i < kParentCount + kRepeatedParents; ++i) parents.push_back(parents[i]);
    } else {
      // Layer 1 has the DRG parents only: six rounds of them and the first once more.
      for (size_t i = 0; kDrgDegree + i < kLabelParents; ++i) parents.push_back(parents[i % kDrgDegree]);
    }
    labels.push_back(create_label(cs, partition.replica_id_bits, parents,
                                  gadgets::UInt32::constant(static_cast<uint32_t>(layer)), challenge));
  }

  {
    // The replica node = last label + data, included in TreeR.
    r1cs::Namespace ns(cs, "encode_node");
    const AllocatedNum& key = labels.back();
    const AllocatedNum encoded = AllocatedNum::alloc(cs, key.value + data_leaf.value);
    cs.enforce(r1cs::LinearCombination(key.variable) + data_leaf.variable, r1cs::Variable::one(), encoded.variable);
    CUZK_RETURN_IF_ERROR(synthesize_por(cs, config.tree_r_shape, config.nodes, encoded, proof.comm_r_last_proof.path,
                                        {partition.comm_r_last, partition.comm_r_last.value}, /*private_root=*/true));
  }
  r1cs::Namespace ns(cs, "c_x");
  const AllocatedNum column_hash = gadgets::poseidon_hash(cs, labels);
  return synthesize_por(cs, config.tree_r_shape, config.nodes, column_hash, proof.c_x.inclusion.path,
                        {partition.comm_c, partition.comm_c.value}, /*private_root=*/true);
}

Status synthesize_porep_partition(ConstraintSystem& cs, const PorepConfig& config,
                                  const PorepPublicValues& public_values, const PorepPrivateValues& private_values,
                                  std::span<const ChallengeProof> challenges) {
  if (challenges.size() != config.challenges_per_partition) {
    return Status::invalid_argument("porep partition: " + std::to_string(challenges.size()) +
                                    " challenge proofs, the configuration has " +
                                    std::to_string(config.challenges_per_partition));
  }
  for (size_t i = 0; i < challenges.size(); ++i) {
    const Status fits = check_challenge_proof(config, challenges[i]);
    if (!fits.is_ok()) return Status::invalid_argument("challenge " + std::to_string(i) + ": " + fits.message());
  }
  const PartitionVariables partition = synthesize_porep_header(cs, public_values, private_values);
  for (size_t i = 0; i < challenges.size(); ++i) {
    r1cs::Namespace ns(cs, "challenge_" + std::to_string(i));
    CUZK_RETURN_IF_ERROR(synthesize_porep_challenge(cs, config, partition, challenges[i]));
  }
  return Status::ok();
}

Result<PartitionWitness> partition_witness(const Commit1Output& output, size_t partition) {
  if (partition >= output.partitions.size() || output.partitions[partition].empty()) {
    return Status::invalid_argument("partition " + std::to_string(partition) + ": the Commit-1 output has " +
                                    std::to_string(output.partitions.size()) + " partitions" +
                                    (partition < output.partitions.size() ? ", this one without challenges" : ""));
  }
  PartitionWitness out;
  const std::pair<const char*, std::pair<const Bytes32*, Fr*>> values[] = {
      {"replica_id", {&output.replica_id, &out.public_values.replica_id}},
      {"comm_d", {&output.comm_d, &out.public_values.comm_d}},
      {"comm_r", {&output.comm_r, &out.public_values.comm_r}}};
  for (const auto& [name, value] : values) {
    const std::optional<Fr> fr = Fr::from_bytes_le(*value.first);
    if (!fr) return Status::invalid_argument(std::string(name) + ": not a canonical field element");
    *value.second = *fr;
  }
  out.challenges = output.partitions[partition];
  out.private_values.comm_r_last = out.challenges[0].comm_r_last_proof.root;
  out.private_values.comm_c = out.challenges[0].c_x.inclusion.root;
  for (size_t i = 1; i < out.challenges.size(); ++i) {
    const std::string where = "partition " + std::to_string(partition) + " challenge " + std::to_string(i);
    if (out.challenges[i].comm_r_last_proof.root != out.private_values.comm_r_last) {
      return Status::invalid_argument(where + ": comm_r_last_proof.root differs from challenge 0's (comm_r_last)");
    }
    if (out.challenges[i].c_x.inclusion.root != out.private_values.comm_c) {
      return Status::invalid_argument(where + ": replica_column_proofs.c_x.inclusion_proof.root differs from "
                                      "challenge 0's (comm_c)");
    }
  }
  return out;
}

Result<ChallengeProof> blank_challenge_proof(const PorepConfig& config) {
  auto blank_path = [&](const TreeShape& shape) -> Result<InclusionProof> {
    CUZK_ASSIGN_OR_RETURN(const std::vector<size_t> arities, shape.level_arities(config.nodes));
    InclusionProof proof;
    for (const size_t arity : arities) proof.path.levels.push_back({std::vector<Fr>(arity - 1), 0, std::nullopt});
    proof.base_levels = arities.size() - (shape.sub_arity != 0) - (shape.top_arity != 0);
    proof.form = shape.top_arity != 0 ? ProofForm::kTop : shape.sub_arity != 0 ? ProofForm::kSub : ProofForm::kSingle;
    return proof;
  };
  ChallengeProof out;
  CUZK_ASSIGN_OR_RETURN(out.comm_d_proof, blank_path(kTreeD));
  CUZK_ASSIGN_OR_RETURN(out.comm_r_last_proof, blank_path(config.tree_r_shape));
  CUZK_ASSIGN_OR_RETURN(out.c_x.inclusion, blank_path(config.tree_r_shape));
  out.c_x.column.rows.assign(config.layers, Fr::zero());
  const ColumnProof& column = out.c_x;
  out.drg_parents.assign(kDrgDegree, column);
  out.exp_parents.assign(kExpanderDegree, column);
  for (size_t layer = 1; layer <= config.layers; ++layer) {
    out.labeling_proofs.push_back({static_cast<uint32_t>(layer), 0, std::vector<Fr>(kLabelParents)});
  }
  out.encoding_proof = {static_cast<uint32_t>(config.layers), 0, std::vector<Fr>(kLabelParents)};
  return out;
}

Result<CircuitSize> porep_circuit_size(const PorepConfig& config) {
  CUZK_ASSIGN_OR_RETURN(const ChallengeProof blank, blank_challenge_proof(config));
  r1cs::CountingConstraintSystem cs;
  const PartitionVariables partition = synthesize_porep_header(cs, {}, {});
  const CircuitSize header{cs.num_constraints(), cs.num_inputs(), cs.num_aux()};
  CUZK_RETURN_IF_ERROR(synthesize_porep_challenge(cs, config, partition, blank));
  const uint64_t n = config.challenges_per_partition;
  return CircuitSize{header.constraints + n * (cs.num_constraints() - header.constraints),
                     header.inputs + n * (cs.num_inputs() - header.inputs), header.aux + n * (cs.num_aux() - header.aux)};
}

}  // namespace cuzk::filecoin::porep
