// The Stacked-DRG PoRep partition circuit, constraint-for-constraint and allocation-for-
// allocation as rust-fil-proofs' StackedCircuit (storage-proofs-porep stacked/circuit), so that
// Filecoin's published parameters and verifying keys fit it. Per partition:
//   replica_id (public) and its 255 bits; comm_d, comm_r (public); comm_r_last, comm_c
//   (private); comm_r = Poseidon2(comm_c, comm_r_last).
// Per challenge, in this order:
//   the data leaf and its inclusion in TreeD (binary SHA-256, root comm_d);
//   for each of the 6 DRG, then the 8 expander parents: its column (one label per layer), the
//   column hash (Poseidon of arity `layers`: 2 or 11) and its inclusion in TreeC (root comm_c);
//   the challenged node as 64 bits, public;
//   per layer the label (create_label.hpp) over the DRG parents' labels of this layer and,
//   from layer 2 on, the expander parents' labels of the layer below;
//   the encoded node = last label + data leaf and its inclusion in TreeR (root comm_r_last);
//   the challenge's own column hash (its labels) and its inclusion in TreeC.
// Every inclusion has a private root and one public input (the leaf index), so a partition has
// 3 + 18 per challenge public inputs besides ONE.
#pragma once

#include <span>
#include <vector>

#include "filecoin/porep/commit1.hpp"
#include "filecoin/circuit_size.hpp"
#include "gadgets/num.hpp"

namespace cuzk::filecoin::porep {

// The partition's public values (the verifier knows them) and private commitments.
struct PorepPublicValues {
  ff::Fr replica_id, comm_d, comm_r;
};
struct PorepPrivateValues {
  ff::Fr comm_c, comm_r_last;
};

// A partition of a Commit-1 output as rust-fil-proofs' StackedCompound::circuit reads it:
// replica_id, comm_d and comm_r from the sector; comm_r_last and comm_c from the first
// challenge's TreeR and c_x inclusion roots. `challenges` views the output's partition.
struct PartitionWitness {
  PorepPublicValues public_values;
  PorepPrivateValues private_values;
  std::span<const ChallengeProof> challenges;
};
// kInvalidArgument if `partition` is out of range or empty, a sector value is not a canonical
// field element, or the partition's challenges disagree on comm_r_last or comm_c (naming it).
Result<PartitionWitness> partition_witness(const Commit1Output& output, size_t partition);

// What every challenge of a partition refers to.
struct PartitionVariables {
  std::vector<gadgets::Boolean> replica_id_bits;  // 256: to_bits_le, bit order reversed per byte
  gadgets::AllocatedNum comm_d, comm_c, comm_r_last;
};

// One partition: the header, then every challenge in order. `challenges` must hold
// config.challenges_per_partition proofs. Errors (kInvalidArgument) name the challenge and the
// part of its proof that does not fit the configuration (parent counts, column heights, path
// shapes, layer count); nothing is synthesized for a partition that does not fit.
Status synthesize_porep_partition(r1cs::ConstraintSystem& cs, const PorepConfig& config,
                                  const PorepPublicValues& public_values, const PorepPrivateValues& private_values,
                                  std::span<const ChallengeProof> challenges);

// The partition header alone (the part before the first challenge).
PartitionVariables synthesize_porep_header(r1cs::ConstraintSystem& cs, const PorepPublicValues& public_values,
                                           const PorepPrivateValues& private_values);
// One challenge against a header's variables (check_challenge_proof first: kInvalidArgument
// before anything is synthesized).
Status synthesize_porep_challenge(r1cs::ConstraintSystem& cs, const PorepConfig& config,
                                const PartitionVariables& partition, const ChallengeProof& proof);
// Whether a challenge proof fits the configuration (the shape, not the values); the error
// names the field.
Status check_challenge_proof(const PorepConfig& config, const ChallengeProof& proof);

// A challenge proof of the configuration's shape with zero values and node 0 (rust-fil-proofs'
// blank circuit): sizing a circuit, or generating parameters, needs no witness.
Result<ChallengeProof> blank_challenge_proof(const PorepConfig& config);

// The size of one partition circuit: the header and one blank challenge counted
// (r1cs::CountingConstraintSystem), the challenge scaled by challenges_per_partition (every
// challenge has the same shape). Constraints as synthesized, inputs counting ONE.
Result<CircuitSize> porep_circuit_size(const PorepConfig& config);

}  // namespace cuzk::filecoin::porep
