// Bincode partition proofs: reading with bounded counts, writing.
#include "filecoin/snapdeals/partition_bincode.hpp"

#include <string>

#include "filecoin/bincode.hpp"
#include "filecoin/post_vanilla.hpp"

namespace cuzk::filecoin::snapdeals {

using ff::Fr;

namespace {

// Generous bounds (the largest real partition: 128 apex leaves, 86 challenges); counts must
// also fit the bytes left.
constexpr uint64_t kMaxApexLeaves = 1 << 12;
constexpr uint64_t kMaxChallenges = 1 << 12;
constexpr uint64_t kFrBytes = 32;
constexpr uint64_t kMinProofBytes = 4 + 2 * kFrBytes + 8;  // a Single proof with an empty path
constexpr uint64_t kMinChallengeBytes = 3 * kMinProofBytes;

// A MerkleProof as the shared reader gives it, in the SnapDeals form: a sub or top path must be
// one level (a sub or top tree adds one), the levels concatenated.
Result<InclusionProof> read_proof(BincodeReader& in, const std::string& where) {
  CUZK_ASSIGN_OR_RETURN(const PostInclusionProof read, read_merkle_proof(in, where));
  const auto one_level = [&](const MerklePath& upper, const char* name) -> Status {
    if (upper.levels.size() == 1) return Status::ok();
    return in.error(where + ": " + name, std::to_string(upper.levels.size()) + " levels (a sub or top tree adds one)");
  };
  if (read.kind != MerkleProofKind::kSingle) CUZK_RETURN_IF_ERROR(one_level(read.sub, "sub_proof"));
  if (read.kind == MerkleProofKind::kTop) CUZK_RETURN_IF_ERROR(one_level(read.top, "top_proof"));
  InclusionProof out;
  out.form = read.kind == MerkleProofKind::kSingle ? ProofForm::kSingle
             : read.kind == MerkleProofKind::kSub  ? ProofForm::kSub
                                                   : ProofForm::kTop;
  out.root = read.root;
  out.leaf = read.leaf;
  out.path = read.full_path();
  out.base_levels = read.base.levels.size();
  return out;
}

void write_proof(BincodeWriter& out, const InclusionProof& proof) {
  PostInclusionProof p;
  p.kind = proof.form == ProofForm::kSingle ? MerkleProofKind::kSingle
           : proof.form == ProofForm::kSub  ? MerkleProofKind::kSub
                                            : MerkleProofKind::kTop;
  p.root = proof.root;
  p.leaf = proof.leaf;
  const auto level = [&](size_t l) { return proof.path.levels.begin() + static_cast<std::ptrdiff_t>(l); };
  p.base.levels.assign(level(0), level(proof.base_levels));
  // Sub: the rest is the sub path; Top: one sub level, the rest the top path.
  if (proof.form == ProofForm::kSub) p.sub.levels.assign(level(proof.base_levels), proof.path.levels.end());
  if (proof.form == ProofForm::kTop) {
    p.sub.levels.assign(level(proof.base_levels), level(proof.base_levels + 1));
    p.top.levels.assign(level(proof.base_levels + 1), proof.path.levels.end());
  }
  write_merkle_proof(out, p);
}

}  // namespace

Result<SnapPartitionProof> read_snap_partition(std::span<const uint8_t> bytes, size_t partition, size_t max_bytes) {
  const std::string where = "partition " + std::to_string(partition);
  if (bytes.size() > max_bytes) {
    return Status::invalid_argument(where + ": " + std::to_string(bytes.size()) + " bytes, above the maximum " +
                                    std::to_string(max_bytes));
  }
  BincodeReader in(bytes);
  SnapPartitionProof out;
  CUZK_ASSIGN_OR_RETURN(out.comm_c, in.fr(where + ": comm_c"));
  CUZK_ASSIGN_OR_RETURN(const uint64_t apex, in.count(where + ": apex_leafs", kMaxApexLeaves, kFrBytes));
  out.apex_leafs.reserve(apex);
  for (uint64_t i = 0; i < apex; ++i) {
    CUZK_ASSIGN_OR_RETURN(Fr leaf, in.fr(where + ": apex_leafs " + std::to_string(i)));
    out.apex_leafs.push_back(leaf);
  }
  CUZK_ASSIGN_OR_RETURN(const uint64_t challenges,
                        in.count(where + ": challenge_proofs", kMaxChallenges, kMinChallengeBytes));
  out.challenge_proofs.reserve(challenges);
  for (uint64_t i = 0; i < challenges; ++i) {
    const std::string c = where + ": challenge " + std::to_string(i) + ": ";
    SnapChallengeProof proof;
    CUZK_ASSIGN_OR_RETURN(proof.proof_r_old, read_proof(in, c + "proof_r_old"));
    CUZK_ASSIGN_OR_RETURN(proof.proof_d_new, read_proof(in, c + "proof_d_new"));
    CUZK_ASSIGN_OR_RETURN(proof.proof_r_new, read_proof(in, c + "proof_r_new"));
    out.challenge_proofs.push_back(std::move(proof));
  }
  CUZK_RETURN_IF_ERROR(in.expect_end(where));
  return out;
}

std::vector<uint8_t> write_snap_partition(const SnapPartitionProof& proof) {
  BincodeWriter out;
  out.fr(proof.comm_c);
  out.u64(proof.apex_leafs.size());
  for (const Fr& leaf : proof.apex_leafs) out.fr(leaf);
  out.u64(proof.challenge_proofs.size());
  for (const SnapChallengeProof& c : proof.challenge_proofs) {
    write_proof(out, c.proof_r_old);
    write_proof(out, c.proof_d_new);
    write_proof(out, c.proof_r_new);
  }
  return std::move(out).take();
}

}  // namespace cuzk::filecoin::snapdeals
