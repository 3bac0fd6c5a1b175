// A SnapDeals vanilla partition proof in memory (rust-fil-proofs' storage-proofs-update
// PartitionProof): comm_c, the partition's apex leaves of TreeD (new data), and per challenge
// three Merkle inclusion proofs — the old replica (TreeR old, root root_r_old), the new data
// (TreeD, binary SHA-256, root comm_d_new) and the new replica (TreeR new, root root_r_new).
// 32-byte values are held as the field elements they encode (porep::InclusionProof).
//
// Reading (partition_bincode.hpp), the native checks (partition_check.hpp), the circuit
// (update_circuit.hpp) and the synthetic generator all speak these types.
#pragma once

#include <vector>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::snapdeals {

using porep::InclusionProof;
using porep::ProofForm;

struct SnapChallengeProof {
  InclusionProof proof_r_old;  // Poseidon TreeR of the sector key
  InclusionProof proof_d_new;  // binary SHA-256 TreeD of the new data
  InclusionProof proof_r_new;  // Poseidon TreeR of the updated replica
};

struct SnapPartitionProof {
  ff::Fr comm_c;
  std::vector<ff::Fr> apex_leafs;
  std::vector<SnapChallengeProof> challenge_proofs;
};

// TreeD: the binary SHA-256 tree over the new data (root comm_d_new).
inline constexpr TreeShape kTreeDShape{TreeHasher::kSha256, 2, 0, 0};

}  // namespace cuzk::filecoin::snapdeals
