// The EmptySectorUpdate (SnapDeals) partition circuit, constraint-for-constraint and
// allocation-for-allocation as rust-fil-proofs' EmptySectorUpdateCircuit (storage-proofs-update
// circuit.rs, gadgets.rs; the non-Poseidon variant used on chain), so that Filecoin's published
// parameters fit it. Per partition:
//   k_and_h_select (public) and its partition_bits + 6 bits, the partition index packed;
//   comm_r_old, comm_d_new, comm_r_new (public); φ = H_GR(comm_d_new, comm_r_old);
//   comm_c, root_r_old, root_r_new, the apex leaves and the partition path (private);
//   comm_r_old = Poseidon2(comm_c, root_r_old), comm_r_new = Poseidon2(comm_c, root_r_new);
//   the apex tree (SHA-256) hashed up and through the partition path to comm_d_new;
//   the challenges' random bits from H_GR(comm_r_new, digest index), 255 bits per digest.
// Per challenge: its bits (random ‖ partition), the h high bits selected by h_select, ρ =
// H_GR(φ, high), leaf_r_old and leaf_d_new, leaf_r_new = leaf_r_old + leaf_d_new·ρ; TreeR old
// and TreeR new inclusions (siblings first, then the path); the apex leaf selected by the
// challenge's apex bits and leaf_d_new's TreeD path up to it. H_GR is Poseidon arity 2 with the
// Custom(Arbitrary(1)) tag. Four public inputs besides ONE.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "filecoin/circuit_size.hpp"
#include "filecoin/snapdeals/snap_public_inputs.hpp"
#include "filecoin/snapdeals/snap_config.hpp"
#include "filecoin/snapdeals/snap_proof.hpp"
#include "gadgets/num.hpp"

namespace cuzk::filecoin::snapdeals {

// The private inputs as rust-fil-proofs' circuit::PrivateInputs::new takes them from a
// partition proof: root_r_old and root_r_new are challenge 0's proof roots.
struct SnapPrivateInputs {
  ff::Fr comm_c, root_r_old, root_r_new;
  std::span<const ff::Fr> apex_leafs;
  std::span<const SnapChallengeProof> challenge_proofs;
};
// The private inputs of a partition proof (kInvalidArgument if it has no challenge proofs).
Result<SnapPrivateInputs> snap_private_inputs(const SnapPartitionProof& proof);

// Whether the inputs fit the configuration, as rust-fil-proofs' synthesize asserts: k < the
// partitions, exactly one of the 6 h_select bits set and no bit above them; the apex-leaf and
// challenge counts; every path's level count and sibling counts (TreeR old/new of the
// configuration's shape, TreeD binary over the sector); every challenge's TreeD path ends in
// the same partition path as challenge 0's. The error names the challenge and proof.
Status check_snap_circuit_inputs(const SnapConfig& config, const SnapPublicInputs& public_inputs,
                                 const SnapPrivateInputs& private_inputs);

// The whole partition (check_snap_circuit_inputs first; nothing is synthesized on an error).
Status synthesize_snap_partition(r1cs::ConstraintSystem& cs, const SnapConfig& config,
                                 const SnapPublicInputs& public_inputs, const SnapPrivateInputs& private_inputs);

// One checked partition as an r1cs::Circuit (the engine's unit of synthesis): owns its inputs;
// construct it from check_snap_partition's public inputs and the proof it accepted.
class SnapPartitionCircuit final : public r1cs::Circuit {
 public:
  SnapPartitionCircuit(SnapConfig config, SnapPublicInputs public_inputs, SnapPartitionProof proof)
      : config_(std::move(config)), public_inputs_(std::move(public_inputs)), proof_(std::move(proof)) {}
  Status synthesize(r1cs::ConstraintSystem& cs) const override;
  const SnapPublicInputs& public_inputs() const { return public_inputs_; }

 private:
  SnapConfig config_;
  SnapPublicInputs public_inputs_;
  SnapPartitionProof proof_;
};

// What every challenge refers to (synthesize_snap_header's result).
struct SnapPartitionVariables {
  std::vector<gadgets::Boolean> partition_bits, h_select_bits;
  gadgets::AllocatedNum phi, root_r_old, root_r_new;
  std::vector<gadgets::AllocatedNum> apex_leafs;
  std::vector<std::vector<gadgets::Boolean>> random_bits;  // per challenge
};
// The part before the first challenge; inputs as check_snap_circuit_inputs accepts them.
SnapPartitionVariables synthesize_snap_header(r1cs::ConstraintSystem& cs, const SnapConfig& config,
                                              const SnapPublicInputs& public_inputs,
                                              const SnapPrivateInputs& private_inputs);
// Challenge `index` (< challenges_per_partition) against the header's variables.
void synthesize_snap_challenge(r1cs::ConstraintSystem& cs, const SnapConfig& config,
                               const SnapPartitionVariables& partition, size_t index, const SnapChallengeProof& proof);

// A partition proof of the configuration's shape with zero values (rust-fil-proofs' blank
// circuit), and public inputs with k = 0 and h_select = 1: sizing a circuit needs no witness.
Result<SnapPartitionProof> blank_snap_partition(const SnapConfig& config);
SnapPublicInputs blank_snap_public_inputs(const SnapConfig& config);

// The size of one partition circuit: the header and one blank challenge counted
// (r1cs::CountingConstraintSystem), the challenge scaled by challenges_per_partition. Inputs
// count ONE.
Result<CircuitSize> snap_circuit_size(const SnapConfig& config);

}  // namespace cuzk::filecoin::snapdeals
