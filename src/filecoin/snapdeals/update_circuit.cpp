// The EmptySectorUpdate partition circuit: input checks, header, challenges, blank inputs and
// circuit sizes.
#include "filecoin/snapdeals/update_circuit.hpp"

#include <string>

#include "filecoin/insertion.hpp"
#include "filecoin/por.hpp"
#include "filecoin/porep/inclusion_check.hpp"
#include "filecoin/snapdeals/randomness.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/sha256.hpp"
#include "r1cs/counting_constraint_system.hpp"

namespace cuzk::filecoin::snapdeals {

using ff::Fr;
using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

namespace {

std::string challenge_name(size_t i) { return "challenge " + std::to_string(i); }

Status path_fits(const std::vector<size_t>& arities, const InclusionProof& proof, const std::string& what) {
  if (proof.path.levels.size() != arities.size()) {
    return Status::invalid_argument(what + ": " + std::to_string(proof.path.levels.size()) + " path levels, expected " +
                                    std::to_string(arities.size()));
  }
  for (size_t l = 0; l < arities.size(); ++l) {
    if (proof.path.levels[l].siblings.size() != arities[l] - 1) {
      return Status::invalid_argument(what + ": path level " + std::to_string(l) + " has " +
                                      std::to_string(proof.path.levels[l].siblings.size()) + " hashes, expected " +
                                      std::to_string(arities[l] - 1));
    }
  }
  return Status::ok();
}

// The bits of k_and_h_select, little-endian, as many as the circuit decomposes.
std::vector<bool> selector_bits(const SnapConfig& config, const Fr& k_and_h_select) {
  std::vector<bool> bits = gadgets::fr_to_bits_le(k_and_h_select);
  bits.resize(config.partition_bits + kHCount);
  return bits;
}

// Poseidon2(a, b) with the Merkle-tree tag (rust-fil-proofs' PoseidonFunction::hash2_circuit).
AllocatedNum tree_r_hash2(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum preimage[2] = {a, b};
  return gadgets::poseidon_hash(cs, preimage);
}

// H_GR(a, b): the custom "gen randomness" tag.
AllocatedNum gen_randomness_hash(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum preimage[2] = {a, b};
  return gadgets::poseidon_hash(cs, preimage, gen_randomness_constants());
}

// The SHA-256 tree's hash2_circuit: both numbers' bits (to_bits_le, byte-reversed), hashed.
AllocatedNum tree_d_hash2(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  std::vector<Boolean> bits;
  bits.reserve(512);
  gadgets::append_fr_preimage_bits(cs, a, bits);
  gadgets::append_fr_preimage_bits(cs, b, bits);
  return gadgets::sha256_fr32(cs, bits);
}

std::vector<AllocatedNum> alloc_all(ConstraintSystem& cs, std::span<const Fr> values) {
  std::vector<AllocatedNum> out;
  out.reserve(values.size());
  for (const Fr& v : values) out.push_back(AllocatedNum::alloc(cs, v));
  return out;
}

// Σ 2^i·bits_i · 1 = num (rust-fil-proofs' binary decompositions in this circuit).
void enforce_decomposition(ConstraintSystem& cs, std::span<const AllocatedBit> bits, const AllocatedNum& num) {
  LinearCombination lc;
  Fr pow2 = Fr::one();
  for (const AllocatedBit& bit : bits) {
    lc.add(bit.variable, pow2);
    pow2 = pow2.dbl();
  }
  cs.enforce(lc, Variable::one(), num.variable);
}

std::vector<AllocatedBit> alloc_bits(ConstraintSystem& cs, const std::vector<bool>& values) {
  std::vector<AllocatedBit> bits;
  bits.reserve(values.size());
  for (const bool b : values) bits.push_back(AllocatedBit::alloc(cs, b));
  return bits;
}

// gen_challenge_bits: per digest j, digest_index = k·digests + j (one constraint), the digest
// H_GR(comm_r_new, digest_index), its 255 bits and their decomposition; challenges take
// consecutive chunks of random_bits_per_challenge bits.
std::vector<std::vector<Boolean>> challenge_random_bits(ConstraintSystem& cs, const SnapConfig& config,
                                                        const AllocatedNum& comm_r_new, const AllocatedNum& partition) {
  const size_t bits_per_challenge = config.random_bits_per_challenge();
  const uint64_t digests = config.digests_per_partition();
  std::vector<std::vector<Boolean>> out;
  out.reserve(config.challenges_per_partition);
  for (uint64_t j = 0; j < digests; ++j) {
    r1cs::Namespace ns(cs, "digest_" + std::to_string(j));
    const AllocatedNum digest_index =
        AllocatedNum::alloc(cs, partition.value * Fr::from_u64(digests) + Fr::from_u64(j));
    cs.enforce(LinearCombination().add(partition.variable, Fr::from_u64(digests)).add(Variable::one(), Fr::from_u64(j)),
               Variable::one(), digest_index.variable);
    const AllocatedNum digest = gen_randomness_hash(cs, comm_r_new, digest_index);
    const std::vector<AllocatedBit> digest_bits = alloc_bits(cs, gadgets::fr_to_bits_le(digest.value));
    enforce_decomposition(cs, digest_bits, digest);
    const size_t take = j + 1 == digests ? config.challenges_per_partition - out.size() : config.challenges_per_digest();
    for (size_t i = 0; i < take; ++i) {
      out.emplace_back(digest_bits.begin() + static_cast<std::ptrdiff_t>(i * bits_per_challenge),
                       digest_bits.begin() + static_cast<std::ptrdiff_t>((i + 1) * bits_per_challenge));
    }
  }
  return out;
}

// get_challenge_high_bits: for each h, the h high bits packed, times its h_select bit; the sum.
AllocatedNum challenge_high_bits(ConstraintSystem& cs, const SnapConfig& config, std::span<const Boolean> c_bits,
                                 std::span<const Boolean> h_select_bits) {
  std::vector<AllocatedNum> high_or_zero;
  for (size_t i = 0; i < kHCount; ++i) {
    const size_t h = config.hs[i];
    const AllocatedNum high = gadgets::pack_bits(cs, c_bits.subspan(c_bits.size() - h));
    const Boolean& select = h_select_bits[i];
    const AllocatedNum scaled = AllocatedNum::alloc(cs, select.value() ? high.value : Fr::zero());
    cs.enforce(high.variable, select.bit().variable, scaled.variable);
    high_or_zero.push_back(scaled);
  }
  Fr sum;
  LinearCombination lc;
  for (const AllocatedNum& v : high_or_zero) {
    sum += v.value;
    lc.add(v.variable, Fr::one());
  }
  const AllocatedNum selected = AllocatedNum::alloc(cs, sum);
  cs.enforce(lc, Variable::one(), selected.variable);
  return selected;
}

std::vector<std::vector<AllocatedNum>> alloc_path(ConstraintSystem& cs, const MerklePath& path, size_t levels) {
  std::vector<std::vector<AllocatedNum>> out;
  out.reserve(levels);
  for (size_t l = 0; l < levels; ++l) out.push_back(alloc_all(cs, path.levels[l].siblings));
  return out;
}

}  // namespace

Result<SnapPrivateInputs> snap_private_inputs(const SnapPartitionProof& proof) {
  if (proof.challenge_proofs.empty()) {
    return Status::invalid_argument("snap-deals partition proof: no challenge proofs (root_r_old and root_r_new "
                                    "are challenge 0's roots)");
  }
  return SnapPrivateInputs{proof.comm_c, proof.challenge_proofs[0].proof_r_old.root,
                           proof.challenge_proofs[0].proof_r_new.root, proof.apex_leafs, proof.challenge_proofs};
}

Status check_snap_circuit_inputs(const SnapConfig& config, const SnapPublicInputs& public_inputs,
                                 const SnapPrivateInputs& private_inputs) {
  const std::vector<bool> all_bits = gadgets::fr_to_bits_le(public_inputs.k_and_h_select);
  uint64_t k = 0;
  for (size_t i = 0; i < config.partition_bits; ++i) k |= uint64_t{all_bits[i]} << i;
  size_t h_bits_set = 0;
  for (size_t i = 0; i < kHCount; ++i) h_bits_set += all_bits[config.partition_bits + i];
  bool high_clear = true;
  for (size_t i = config.partition_bits + kHCount; i < all_bits.size(); ++i) high_clear = high_clear && !all_bits[i];
  if (k >= config.partitions || h_bits_set != 1 || !high_clear) {
    return Status::invalid_argument("snap-deals: k_and_h_select " + porep::fr_hex(public_inputs.k_and_h_select) +
                                    " is not k | h_select << " + std::to_string(config.partition_bits) +
                                    " with k < " + std::to_string(config.partitions) +
                                    " and exactly one of the 6 h_select bits set");
  }
  if (private_inputs.apex_leafs.size() != config.apex_leaves) {
    return Status::invalid_argument("snap-deals: " + std::to_string(private_inputs.apex_leafs.size()) +
                                    " apex leaves, expected " + std::to_string(config.apex_leaves));
  }
  if (private_inputs.challenge_proofs.size() != config.challenges_per_partition) {
    return Status::invalid_argument("snap-deals: " + std::to_string(private_inputs.challenge_proofs.size()) +
                                    " challenge proofs, expected " + std::to_string(config.challenges_per_partition));
  }
  CUZK_ASSIGN_OR_RETURN(const std::vector<size_t> tree_r, config.tree_r_shape.level_arities(config.nodes));
  const std::vector<size_t> tree_d(config.challenge_bits, 2);
  const MerklePath* partition_path = nullptr;
  for (size_t i = 0; i < private_inputs.challenge_proofs.size(); ++i) {
    const SnapChallengeProof& proof = private_inputs.challenge_proofs[i];
    const std::string where = "snap-deals: " + challenge_name(i) + ": ";
    CUZK_RETURN_IF_ERROR(path_fits(tree_r, proof.proof_r_old, where + "proof_r_old"));
    CUZK_RETURN_IF_ERROR(path_fits(tree_d, proof.proof_d_new, where + "proof_d_new"));
    CUZK_RETURN_IF_ERROR(path_fits(tree_r, proof.proof_r_new, where + "proof_r_new"));
    if (partition_path == nullptr) {
      partition_path = &proof.proof_d_new.path;
      continue;
    }
    for (size_t l = config.challenge_bits - config.partition_bits; l < config.challenge_bits; ++l) {
      if (proof.proof_d_new.path.levels[l].siblings != partition_path->levels[l].siblings) {
        return Status::invalid_argument(where + "proof_d_new: path level " + std::to_string(l) +
                                        " (the partition path) differs from challenge 0's");
      }
    }
  }
  return Status::ok();
}

SnapPartitionVariables synthesize_snap_header(ConstraintSystem& cs, const SnapConfig& config,
                                              const SnapPublicInputs& public_inputs,
                                              const SnapPrivateInputs& private_inputs) {
  SnapPartitionVariables out;
  const AllocatedNum k_and_h_select = AllocatedNum::alloc(cs, public_inputs.k_and_h_select);
  k_and_h_select.inputize(cs);
  const std::vector<AllocatedBit> selector = alloc_bits(cs, selector_bits(config, public_inputs.k_and_h_select));
  enforce_decomposition(cs, selector, k_and_h_select);
  out.partition_bits.assign(selector.begin(), selector.begin() + static_cast<std::ptrdiff_t>(config.partition_bits));
  out.h_select_bits.assign(selector.begin() + static_cast<std::ptrdiff_t>(config.partition_bits), selector.end());
  const AllocatedNum partition = gadgets::pack_bits(cs, out.partition_bits);

  const AllocatedNum comm_r_old = AllocatedNum::alloc(cs, public_inputs.comm_r_old);
  comm_r_old.inputize(cs);
  const AllocatedNum comm_d_new = AllocatedNum::alloc(cs, public_inputs.comm_d_new);
  comm_d_new.inputize(cs);
  const AllocatedNum comm_r_new = AllocatedNum::alloc(cs, public_inputs.comm_r_new);
  comm_r_new.inputize(cs);
  {
    r1cs::Namespace ns(cs, "phi");
    out.phi = gen_randomness_hash(cs, comm_d_new, comm_r_old);
  }

  const AllocatedNum comm_c = AllocatedNum::alloc(cs, private_inputs.comm_c);
  out.root_r_old = AllocatedNum::alloc(cs, private_inputs.root_r_old);
  out.root_r_new = AllocatedNum::alloc(cs, private_inputs.root_r_new);
  out.apex_leafs = alloc_all(cs, private_inputs.apex_leafs);
  const MerklePath& first_d_path = private_inputs.challenge_proofs[0].proof_d_new.path;
  std::vector<std::vector<AllocatedNum>> partition_path;
  for (size_t l = config.challenge_bits - config.partition_bits; l < config.challenge_bits; ++l) {
    partition_path.push_back(alloc_all(cs, first_d_path.levels[l].siblings));
  }

  {
    r1cs::Namespace ns(cs, "comm_r_old_calc");
    gadgets::enforce_equal(cs, tree_r_hash2(cs, comm_c, out.root_r_old), comm_r_old);
  }
  {
    r1cs::Namespace ns(cs, "comm_r_new_calc");
    gadgets::enforce_equal(cs, tree_r_hash2(cs, comm_c, out.root_r_new), comm_r_new);
  }
  {
    // The apex tree hashed up, then its root through the partition path to comm_d_new.
    r1cs::Namespace ns(cs, "apex_gadget");
    std::vector<AllocatedNum> row = out.apex_leafs;
    while (row.size() > 1) {
      std::vector<AllocatedNum> up;
      for (size_t i = 0; i < row.size(); i += 2) up.push_back(tree_d_hash2(cs, row[i], row[i + 1]));
      row = std::move(up);
    }
    const std::vector<size_t> arities(config.partition_bits, 2);
    synthesize_por_no_challenge_input(cs, TreeHasher::kSha256, arities, out.partition_bits, row[0], partition_path,
                                      comm_d_new);
  }
  r1cs::Namespace ns(cs, "gen_challenge_bits");
  out.random_bits = challenge_random_bits(cs, config, comm_r_new, partition);
  return out;
}

void synthesize_snap_challenge(ConstraintSystem& cs, const SnapConfig& config, const SnapPartitionVariables& partition,
                               size_t index, const SnapChallengeProof& proof) {
  r1cs::Namespace ns(cs, challenge_name(index));
  std::vector<Boolean> c_bits = partition.random_bits[index];
  c_bits.insert(c_bits.end(), partition.partition_bits.begin(), partition.partition_bits.end());

  const AllocatedNum high = challenge_high_bits(cs, config, c_bits, partition.h_select_bits);
  const AllocatedNum rho = gen_randomness_hash(cs, partition.phi, high);
  const AllocatedNum leaf_r_old = AllocatedNum::alloc(cs, proof.proof_r_old.leaf);
  const AllocatedNum leaf_d_new = AllocatedNum::alloc(cs, proof.proof_d_new.leaf);
  // leaf_r_new = leaf_r_old + leaf_d_new·ρ
  const AllocatedNum d_rho = leaf_d_new.mul(cs, rho);
  const AllocatedNum leaf_r_new = AllocatedNum::alloc(cs, leaf_r_old.value + d_rho.value);
  cs.enforce(LinearCombination(leaf_r_old.variable) + d_rho.variable, Variable::one(), leaf_r_new.variable);

  const std::vector<size_t> tree_r = *config.tree_r_shape.level_arities(config.nodes);  // checked before
  {
    r1cs::Namespace por_ns(cs, "por tree_r_old");
    const auto siblings = alloc_path(cs, proof.proof_r_old.path, tree_r.size());
    synthesize_por_no_challenge_input(cs, TreeHasher::kPoseidon, tree_r, c_bits, leaf_r_old, siblings,
                                      partition.root_r_old);
  }
  {
    r1cs::Namespace por_ns(cs, "por tree_r_new");
    const auto siblings = alloc_path(cs, proof.proof_r_new.path, tree_r.size());
    synthesize_por_no_challenge_input(cs, TreeHasher::kPoseidon, tree_r, c_bits, leaf_r_new, siblings,
                                      partition.root_r_new);
  }
  const size_t below_apex = config.levels_below_apex();
  const AllocatedNum apex_leaf =
      select(cs, partition.apex_leafs, std::span<const Boolean>(c_bits).subspan(below_apex, config.apex_bits));
  r1cs::Namespace por_ns(cs, "por to_apex_leaf");
  const auto siblings = alloc_path(cs, proof.proof_d_new.path, below_apex);
  const std::vector<size_t> tree_d(below_apex, 2);
  synthesize_por_no_challenge_input(cs, TreeHasher::kSha256, tree_d, std::span<const Boolean>(c_bits).first(below_apex),
                                    leaf_d_new, siblings, apex_leaf);
}

Status synthesize_snap_partition(ConstraintSystem& cs, const SnapConfig& config, const SnapPublicInputs& public_inputs,
                                 const SnapPrivateInputs& private_inputs) {
  CUZK_RETURN_IF_ERROR(check_snap_circuit_inputs(config, public_inputs, private_inputs));
  const SnapPartitionVariables partition = synthesize_snap_header(cs, config, public_inputs, private_inputs);
  for (size_t i = 0; i < private_inputs.challenge_proofs.size(); ++i) {
    synthesize_snap_challenge(cs, config, partition, i, private_inputs.challenge_proofs[i]);
  }
  return Status::ok();
}

Status SnapPartitionCircuit::synthesize(ConstraintSystem& cs) const {
  CUZK_ASSIGN_OR_RETURN(const SnapPrivateInputs private_inputs, snap_private_inputs(proof_));
  return synthesize_snap_partition(cs, config_, public_inputs_, private_inputs);
}

Result<SnapPartitionProof> blank_snap_partition(const SnapConfig& config) {
  auto blank_proof = [&](const TreeShape& shape) -> Result<InclusionProof> {
    CUZK_ASSIGN_OR_RETURN(const std::vector<size_t> arities, shape.level_arities(config.nodes));
    InclusionProof proof;
    proof.form = porep::proof_form_of(shape);
    for (const size_t arity : arities) proof.path.levels.push_back({std::vector<Fr>(arity - 1), 0, std::nullopt});
    proof.base_levels = arities.size() - porep::upper_levels_of(shape);
    return proof;
  };
  SnapChallengeProof challenge;
  CUZK_ASSIGN_OR_RETURN(challenge.proof_r_old, blank_proof(config.tree_r_shape));
  CUZK_ASSIGN_OR_RETURN(challenge.proof_d_new, blank_proof(kTreeDShape));
  challenge.proof_r_new = challenge.proof_r_old;
  SnapPartitionProof out;
  out.apex_leafs.assign(config.apex_leaves, Fr::zero());
  out.challenge_proofs.assign(config.challenges_per_partition, challenge);
  return out;
}

SnapPublicInputs blank_snap_public_inputs(const SnapConfig& config) {
  return SnapPublicInputs{Fr::from_u64(uint64_t{1} << config.partition_bits), Fr::zero(), Fr::zero(), Fr::zero()};
}

Result<CircuitSize> snap_circuit_size(const SnapConfig& config) {
  CUZK_ASSIGN_OR_RETURN(const SnapPartitionProof blank, blank_snap_partition(config));
  CUZK_ASSIGN_OR_RETURN(const SnapPrivateInputs private_inputs, snap_private_inputs(blank));
  const SnapPublicInputs public_inputs = blank_snap_public_inputs(config);
  CUZK_RETURN_IF_ERROR(check_snap_circuit_inputs(config, public_inputs, private_inputs));
  r1cs::CountingConstraintSystem cs;  // ONE allocated
  const SnapPartitionVariables partition = synthesize_snap_header(cs, config, public_inputs, private_inputs);
  const CircuitSize header{cs.num_constraints(), cs.num_inputs(), cs.num_aux()};
  synthesize_snap_challenge(cs, config, partition, 0, blank.challenge_proofs[0]);
  const uint64_t n = config.challenges_per_partition;
  return CircuitSize{header.constraints + n * (cs.num_constraints() - header.constraints),
                     header.inputs + n * (cs.num_inputs() - header.inputs), header.aux + n * (cs.num_aux() - header.aux)};
}

}  // namespace cuzk::filecoin::snapdeals
