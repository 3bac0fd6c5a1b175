// The vanilla proof of one sector for WindowPoSt / WinningPoSt as Curio sends it: the bincode of
// rust-fil-proofs' FallbackPoStSectorProof (filecoin-proofs' types, storage-proofs-post's
// fallback::Proof and SectorProof, storage-proofs-core's MerkleProof):
//
//   sector_id u64, comm_r [32],
//   vanilla_proof.sectors: u64 count (one), each
//     inclusion_proofs: u64 count (10 per WindowPoSt sector, 66 for WinningPoSt), each a
//       MerkleProof: u32 variant 0 Single {root, leaf, path}
//                                1 Sub    {base_proof, sub_proof, root, leaf}
//                                2 Top    {base_proof, sub_proof, top_proof, root, leaf}
//       with a path = u64 count of elements, each {hashes: u64 count (arity − 1) × [32],
//       index u64 (the node's position among its arity children)},
//     comm_c [32], comm_r_last [32].
//
// Domain elements are little-endian field elements. At 32 GiB (8-8-0: 9 base levels, 1 sub
// level, Sub proofs) one sector's proof is 24,960 bytes. Reading checks only the encoding (and
// that every index names a child of its element); what the proof must say for a configuration
// is post_check's.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "filecoin/sparse_tree.hpp"

namespace cuzk::filecoin {

enum class MerkleProofKind : uint32_t { kSingle = 0, kSub = 1, kTop = 2 };

// One Merkle inclusion proof. `sub` is empty unless kind ≥ kSub, `top` unless kind == kTop.
struct PostInclusionProof {
  MerkleProofKind kind = MerkleProofKind::kSingle;
  MerklePath base, sub, top;
  ff::Fr root;
  ff::Fr leaf;

  // The levels from the leaf up (base, then sub, then top), as the PoR gadget takes them.
  MerklePath full_path() const;
};

// rust-fil-proofs' SectorProof.
struct PostSectorProof {
  std::vector<PostInclusionProof> inclusion_proofs;  // one per challenge
  ff::Fr comm_c;
  ff::Fr comm_r_last;
};

class BincodeReader;
class BincodeWriter;

// One MerkleProof (u32 variant, then its fields, as above) at the reader's position; `field`
// names it in errors. Shared by every vanilla-proof reader (PoSt sectors, SnapDeals partitions).
Result<PostInclusionProof> read_merkle_proof(BincodeReader& in, const std::string& field);
void write_merkle_proof(BincodeWriter& out, const PostInclusionProof& proof);

// rust-fil-proofs' FallbackPoStSectorProof.
struct FallbackPostSectorProof {
  uint64_t sector_id = 0;
  ff::Fr comm_r;
  std::vector<PostSectorProof> sectors;  // vanilla_proof.sectors: one per sector proof
};

// Parses exactly one proof occupying all of `bytes`. Errors (kInvalidArgument) name the byte
// offset, the field as a path ("sectors[0] challenge 3: base_proof element 2: hashes[1]"),
// and the problem: truncation, a count the remaining bytes cannot hold, an unknown variant,
// a non-canonical field element, an index outside its element's children, trailing bytes.
// Counts are checked before anything is allocated from them.
Result<FallbackPostSectorProof> read_fallback_post_sector_proof(std::span<const uint8_t> bytes);

// The bincode of `proof` (read_fallback_post_sector_proof's inverse).
std::vector<uint8_t> write_fallback_post_sector_proof(const FallbackPostSectorProof& proof);

}  // namespace cuzk::filecoin
