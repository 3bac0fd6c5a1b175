// SnapDeals vanilla partition proofs in bincode 1.x, as Curio sends them (one per partition,
// rust-fil-proofs' PartitionProof serialized with default options):
//   comm_c [32] ‖ apex_leafs: u64 n, n × [32] ‖ challenge_proofs: u64 n, n × ChallengeProof
//   ChallengeProof = proof_r_old ‖ proof_d_new ‖ proof_r_new, each a MerkleProof:
//     u32 tag 0 Single: root [32] ‖ leaf [32] ‖ path
//             1 Sub:    base path ‖ sub path ‖ root ‖ leaf
//             2 Top:    base path ‖ sub path ‖ top path ‖ root ‖ leaf
//   path = u64 n, n × (u64 m, m × [32] hashes, u64 index), lowest level first.
// Values are little-endian field elements (non-canonical ones are refused). Every count is
// bounded by the bytes left before anything is reserved; a sub or top path must be one level;
// an index must name one of its level's children. Errors name the partition, challenge, proof,
// field and byte offset, e.g.
//   partition 3: challenge 7: proof_d_new: path level 2: index: byte 91234: truncated (...)
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "filecoin/snapdeals/snap_proof.hpp"

namespace cuzk::filecoin::snapdeals {

// A 32 GiB partition is ~562 KB, a 64 GiB one a little more; 16 MiB leaves room and bounds work.
inline constexpr size_t kMaxSnapPartitionBytes = size_t{16} << 20;

// Reads one partition proof (`partition` names it in errors). kInvalidArgument for input over
// max_bytes, truncated, malformed or with trailing bytes.
Result<SnapPartitionProof> read_snap_partition(std::span<const uint8_t> bytes, size_t partition,
                                               size_t max_bytes = kMaxSnapPartitionBytes);

// The bincode bytes of a partition proof (the inverse of read_snap_partition).
std::vector<uint8_t> write_snap_partition(const SnapPartitionProof& proof);

}  // namespace cuzk::filecoin::snapdeals
