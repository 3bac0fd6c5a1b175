// FallbackPoStSectorProof bincode reading and writing.
#include "filecoin/post_vanilla.hpp"

#include "filecoin/bincode.hpp"

namespace cuzk::filecoin {

using ff::Fr;

namespace {

// Encoding bounds: the smallest encodings, to bound counts by the bytes left, and structural
// maxima far above any Filecoin tree (arity ≤ 16, ≤ 64 levels per path).
constexpr uint64_t kMaxSiblings = 15;
constexpr uint64_t kMaxPathElements = 64;
constexpr uint64_t kPathElementMinBytes = 16;  // hashes count + index
constexpr uint64_t kMerkleProofMinBytes = 76;  // variant + Single {root, leaf, empty path}
constexpr uint64_t kSectorProofMinBytes = 72;  // inclusion proof count + comm_c + comm_r_last

std::string join(const std::string& a, const std::string& b) {
  std::string out = a;
  out += ": ";
  out += b;
  return out;
}

Result<MerklePath> read_path(BincodeReader& in, const std::string& field) {
  CUZK_ASSIGN_OR_RETURN(const uint64_t elements,
                        in.count(join(field, "element count"), kMaxPathElements, kPathElementMinBytes));
  MerklePath path;
  path.levels.resize(elements);
  for (uint64_t e = 0; e < elements; ++e) {
    std::string element = field;
    element += " element ";
    element += std::to_string(e);
    PathLevel& level = path.levels[e];
    CUZK_ASSIGN_OR_RETURN(const uint64_t hashes, in.count(join(element, "hashes count"), kMaxSiblings, 32));
    level.siblings.reserve(hashes);
    for (uint64_t h = 0; h < hashes; ++h) {
      std::string name = element;
      name += ": hashes[";
      name += std::to_string(h);
      name += "]";
      CUZK_ASSIGN_OR_RETURN(const Fr sibling, in.fr(name));
      level.siblings.push_back(sibling);
    }
    const std::string index_field = join(element, "index");
    CUZK_ASSIGN_OR_RETURN(const uint64_t index, in.u64(index_field));
    if (index > hashes) {
      std::string problem = std::to_string(index);
      problem += " is not a position among the ";
      problem += std::to_string(hashes + 1);
      problem += " children";
      return in.error(index_field, problem);
    }
    level.index = static_cast<size_t>(index);
  }
  return path;
}

void write_path(BincodeWriter& out, const MerklePath& path) {
  out.u64(path.levels.size());
  for (const PathLevel& level : path.levels) {
    out.u64(level.siblings.size());
    for (const Fr& sibling : level.siblings) out.fr(sibling);
    out.u64(level.index);
  }
}

}  // namespace

Result<PostInclusionProof> read_merkle_proof(BincodeReader& in, const std::string& field) {
  PostInclusionProof proof;
  const std::string variant_field = join(field, "MerkleProof variant");
  CUZK_ASSIGN_OR_RETURN(const uint32_t variant, in.u32(variant_field));
  if (variant > 2) {
    std::string problem = std::to_string(variant);
    problem += " (0 Single, 1 Sub, 2 Top)";
    return in.error(variant_field, problem);
  }
  proof.kind = static_cast<MerkleProofKind>(variant);
  if (proof.kind == MerkleProofKind::kSingle) {
    CUZK_ASSIGN_OR_RETURN(proof.root, in.fr(join(field, "root")));
    CUZK_ASSIGN_OR_RETURN(proof.leaf, in.fr(join(field, "leaf")));
    CUZK_ASSIGN_OR_RETURN(proof.base, read_path(in, join(field, "path")));
    return proof;
  }
  CUZK_ASSIGN_OR_RETURN(proof.base, read_path(in, join(field, "base_proof")));
  CUZK_ASSIGN_OR_RETURN(proof.sub, read_path(in, join(field, "sub_proof")));
  if (proof.kind == MerkleProofKind::kTop) {
    CUZK_ASSIGN_OR_RETURN(proof.top, read_path(in, join(field, "top_proof")));
  }
  CUZK_ASSIGN_OR_RETURN(proof.root, in.fr(join(field, "root")));
  CUZK_ASSIGN_OR_RETURN(proof.leaf, in.fr(join(field, "leaf")));
  return proof;
}

void write_merkle_proof(BincodeWriter& out, const PostInclusionProof& proof) {
  out.u32(static_cast<uint32_t>(proof.kind));
  if (proof.kind == MerkleProofKind::kSingle) {
    out.fr(proof.root);
    out.fr(proof.leaf);
    write_path(out, proof.base);
    return;
  }
  write_path(out, proof.base);
  write_path(out, proof.sub);
  if (proof.kind == MerkleProofKind::kTop) write_path(out, proof.top);
  out.fr(proof.root);
  out.fr(proof.leaf);
}

MerklePath PostInclusionProof::full_path() const {
  MerklePath out = base;
  out.levels.insert(out.levels.end(), sub.levels.begin(), sub.levels.end());
  out.levels.insert(out.levels.end(), top.levels.begin(), top.levels.end());
  return out;
}

Result<FallbackPostSectorProof> read_fallback_post_sector_proof(std::span<const uint8_t> bytes) {
  BincodeReader in(bytes);
  FallbackPostSectorProof proof;
  CUZK_ASSIGN_OR_RETURN(proof.sector_id, in.u64("sector_id"));
  CUZK_ASSIGN_OR_RETURN(proof.comm_r, in.fr("comm_r"));
  CUZK_ASSIGN_OR_RETURN(const uint64_t sectors,
                        in.count("vanilla_proof.sectors count", UINT64_MAX, kSectorProofMinBytes));
  // Sector and inclusion proofs are appended as they parse, so what is allocated follows the
  // bytes actually read, not a count (one a few bytes can claim).
  for (uint64_t s = 0; s < sectors; ++s) {
    std::string field = "sectors[";
    field += std::to_string(s);
    field += "]";
    PostSectorProof& sector = proof.sectors.emplace_back();
    CUZK_ASSIGN_OR_RETURN(const uint64_t challenges,
                          in.count(join(field, "inclusion_proofs count"), UINT64_MAX, kMerkleProofMinBytes));
    for (uint64_t c = 0; c < challenges; ++c) {
      std::string challenge = field;
      challenge += " challenge ";
      challenge += std::to_string(c);
      CUZK_ASSIGN_OR_RETURN(PostInclusionProof inclusion, read_merkle_proof(in, challenge));
      sector.inclusion_proofs.push_back(std::move(inclusion));
    }
    CUZK_ASSIGN_OR_RETURN(sector.comm_c, in.fr(join(field, "comm_c")));
    CUZK_ASSIGN_OR_RETURN(sector.comm_r_last, in.fr(join(field, "comm_r_last")));
  }
  CUZK_RETURN_IF_ERROR(in.expect_end("end of the sector proof"));
  return proof;
}

std::vector<uint8_t> write_fallback_post_sector_proof(const FallbackPostSectorProof& proof) {
  BincodeWriter out;
  out.u64(proof.sector_id);
  out.fr(proof.comm_r);
  out.u64(proof.sectors.size());
  for (const PostSectorProof& sector : proof.sectors) {
    out.u64(sector.inclusion_proofs.size());
    for (const PostInclusionProof& inclusion : sector.inclusion_proofs) write_merkle_proof(out, inclusion);
    out.fr(sector.comm_c);
    out.fr(sector.comm_r_last);
  }
  return std::move(out).take();
}

}  // namespace cuzk::filecoin
