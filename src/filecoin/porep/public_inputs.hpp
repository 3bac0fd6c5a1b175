// A PoRep partition's public inputs as the verifier computes them (rust-fil-proofs
// StackedCompound::generate_public_inputs), from the sector's commitments, replica_id, seed,
// the configuration and the graph — never from a witness. Order (the ONE input not included):
//   replica_id, comm_d, comm_r, then per challenge c of the partition 18 values:
//   c (its TreeD leaf index), the 6 DRG parents, the 8 expander parents (their TreeC leaf
//   indices), c (as u64), c (its TreeR leaf index), c (its TreeC leaf index).
// A packed Merkle path of a leaf is the leaf index as a field element.
#pragma once

#include <vector>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

inline constexpr size_t kPublicInputsPerChallenge = 18;

// 3 + 18 · config.challenges_per_partition values. kInvalidArgument if replica_id, comm_d or
// comm_r is not a canonical field element, partition ≥ config.partitions, or the graph cannot
// be built.
Result<std::vector<ff::Fr>> porep_public_inputs(const PorepConfig& config, const Bytes32& replica_id,
                                                const Bytes32& comm_d, const Bytes32& comm_r, const Bytes32& seed,
                                                size_t partition);

}  // namespace cuzk::filecoin::porep
