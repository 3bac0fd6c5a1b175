// The native checks of a SnapDeals partition proof before synthesis (rust-fil-proofs'
// EmptySectorUpdate::verify, stricter, with errors that say what is wrong): the apex-leaf and
// challenge counts; comm_r_old = Poseidon2(comm_c, root_r_old) and comm_r_new =
// Poseidon2(comm_c, root_r_new), the roots being challenge 0's; the challenges recomputed from
// comm_r_new and k; per challenge each of the three paths against its tree's shape, the
// challenge as the leaf it opens, and its root (root_r_old, comm_d_new, root_r_new);
// leaf_r_new = leaf_r_old + leaf_d_new·ρ(φ, the challenge's h high bits); the TreeD node at
// the apex-leaf height equal to the apex leaf the challenge selects and the partition path the
// same as challenge 0's; the apex leaves hashed up and through the partition path to
// comm_d_new. Each failure is kInvalidArgument naming the partition, challenge, proof and field:
//   partition 3: challenge 7: proof_r_new: the path hashes to 0x…, not to its root 0x…
#pragma once

#include <vector>

#include "filecoin/snapdeals/snap_public_inputs.hpp"
#include "filecoin/snapdeals/snap_proof.hpp"

namespace cuzk::filecoin::snapdeals {

// What the circuit and the verifier need, derived and checked.
struct CheckedSnapPartition {
  ff::Fr root_r_old, root_r_new;
  std::vector<uint64_t> challenges;
  SnapPublicInputs public_inputs;
};

// Partition `k` of an update of (comm_r_old → comm_r_new, new data comm_d_new) encoded with h
// (config.h_default for what filecoin-proofs produces).
Result<CheckedSnapPartition> check_snap_partition(const SnapConfig& config, const SnapPartitionProof& proof, size_t k,
                                                  const ff::Fr& comm_r_old, const ff::Fr& comm_r_new,
                                                  const ff::Fr& comm_d_new, size_t h);

}  // namespace cuzk::filecoin::snapdeals
