// FallbackPoStSectorProof bincode: the real 32 GiB WindowPoSt sector proof read and written
// back byte for byte, the sizes the layout gives per shape (24,960 bytes at 32 GiB), synthetic
// proofs round-tripping, and truncated, garbage and oversized input refused by name.
#include <gtest/gtest.h>

#include "filecoin/post_vanilla.hpp"
#include "post_fixture.hpp"

namespace cuzk::filecoin {
namespace {

constexpr uint64_t kGiB = uint64_t{1} << 30;

TEST(PostVanilla, ReadsTheRealWindowPoStSectorProof) {
  const std::vector<uint8_t> bytes = test::real_window_sector_proof();
  ASSERT_EQ(bytes.size(), 24960u);
  Result<FallbackPostSectorProof> proof = read_fallback_post_sector_proof(bytes);
  ASSERT_TRUE(proof.is_ok()) << proof.status().to_string();
  EXPECT_EQ(proof->sector_id, 1u);
  ASSERT_EQ(proof->sectors.size(), 1u);
  const PostSectorProof& sector = proof->sectors[0];
  ASSERT_EQ(sector.inclusion_proofs.size(), 10u);
  for (const PostInclusionProof& inclusion : sector.inclusion_proofs) {
    EXPECT_EQ(inclusion.kind, MerkleProofKind::kSub);  // 8-8-0
    EXPECT_EQ(inclusion.base.levels.size(), 9u);       // 2^27 leaves per base tree
    EXPECT_EQ(inclusion.sub.levels.size(), 1u);
    EXPECT_TRUE(inclusion.top.levels.empty());
    EXPECT_EQ(inclusion.root, sector.comm_r_last);
    EXPECT_EQ(inclusion.base.levels[0].siblings.size(), 7u);
  }
  EXPECT_EQ(write_fallback_post_sector_proof(*proof), bytes);
}

// The layout's size per shape, from the encoding rules: a path element is 8 + 32·(arity − 1) + 8.
TEST(PostVanilla, SyntheticSectorProofSizesFollowTheLayout) {
  struct Case {
    uint64_t sector_size;
    size_t bytes;
  };
  // sector_id, comm_r, sectors count (48), inclusion proofs count (8), 10 proofs, comm_c, comm_r_last:
  // 32 GiB 8-8-0: 120 + 10 × (4 + (8 + 9 × 240) + (8 + 240) + 64) = 24,960 (the real file's).
  // 64 GiB 8-8-2: Top proofs, one more path of one arity-2 element (8 + 8 + 32 + 8): 25,520.
  // 2 KiB 8-0-0: Single proofs of 2 levels: 120 + 10 × (4 + 64 + 8 + 2 × 240) = 5,680.
  for (const Case c : {Case{32 * kGiB, 24960}, Case{64 * kGiB, 25520}, Case{2048, 5680}}) {
    const PostConfig config = *post_config(PostKind::kWindow, c.sector_size);
    const std::vector<std::vector<uint8_t>> proofs = test::synthetic_proofs(config, test::test_randomness(1), 1);
    ASSERT_EQ(proofs.size(), 1u);
    EXPECT_EQ(proofs[0].size(), c.bytes) << config.shape.to_string();
    Result<FallbackPostSectorProof> proof = read_fallback_post_sector_proof(proofs[0]);
    ASSERT_TRUE(proof.is_ok()) << proof.status().to_string();
    EXPECT_EQ(write_fallback_post_sector_proof(*proof), proofs[0]);
  }
}

std::string read_error(std::span<const uint8_t> bytes) {
  Result<FallbackPostSectorProof> proof = read_fallback_post_sector_proof(bytes);
  EXPECT_FALSE(proof.is_ok());
  if (proof.is_ok()) return "";
  EXPECT_EQ(proof.status().code(), StatusCode::kInvalidArgument);
  return proof.status().message();
}

void put_u64(std::vector<uint8_t>& bytes, size_t at, uint64_t value) {
  for (size_t i = 0; i < 8; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

TEST(PostVanilla, EveryTruncationIsRefused) {
  const std::vector<uint8_t> bytes = test::real_window_sector_proof();
  for (size_t n = 0; n < bytes.size(); n += 1 + n / 64) {
    const std::string message = read_error(std::span(bytes).first(n));
    const bool named = message.find("truncated") != std::string::npos || message.find("cannot fit") != std::string::npos;
    EXPECT_TRUE(named) << n << ": " << message;
  }
  // Inside challenge 3's base path: 48 + 8 (inclusion proof count) + 3 × 2,484 + 4 (variant) + 8 + 240 + 100:
  // the count of element 1's seven hashes already cannot fit.
  const std::string message = read_error(std::span(bytes).first(48 + 8 + 3 * 2484 + 4 + 8 + 240 + 100));
  EXPECT_NE(message.find("byte 7760: sectors[0] challenge 3: base_proof element 1: hashes count: count 7 cannot fit "
                         "in the 92 bytes left"),
            std::string::npos)
      << message;
}

TEST(PostVanilla, GarbageIsRefusedByName) {
  const std::vector<uint8_t> good = test::real_window_sector_proof();
  const size_t first_proof = 48 + 8;   // sector_id, comm_r, sectors count, inclusion proofs count
  const size_t first_path = first_proof + 4;
  struct Case {
    const char* what;
    size_t at;
    uint64_t value;  // written as a u64 (the variant as the low 4 bytes of it)
    const char* expect;
  };
  const Case cases[] = {
      {"sectors count", 40, uint64_t{1} << 60, "vanilla_proof.sectors count: count 1152921504606846976 cannot fit"},
      {"inclusion proofs count", 48, 1000, "sectors[0]: inclusion_proofs count: count 1000 cannot fit"},
      {"path element count", first_path, 65, "challenge 0: base_proof: element count: count 65 above the maximum 64"},
      {"hashes count", first_path + 8, 16, "base_proof element 0: hashes count: count 16 above the maximum 15"},
      {"index", first_path + 16 + 7 * 32, 8, "base_proof element 0: index: 8 is not a position among the 8 children"},
  };
  for (const Case& c : cases) {
    std::vector<uint8_t> bytes = good;
    put_u64(bytes, c.at, c.value);
    const std::string message = read_error(bytes);
    EXPECT_NE(message.find(c.expect), std::string::npos) << c.what << ": " << message;
  }
  std::vector<uint8_t> bytes = good;
  bytes[first_proof] = 3;  // MerkleProof variant
  EXPECT_NE(read_error(bytes).find("challenge 0: MerkleProof variant: 3 (0 Single, 1 Sub, 2 Top)"), std::string::npos);
  bytes = good;
  for (size_t i = 8; i < 40; ++i) bytes[i] = 0xff;  // comm_r ≥ the modulus
  EXPECT_NE(read_error(bytes).find("byte 8: comm_r: not a canonical field element"), std::string::npos);
  bytes = good;
  bytes.push_back(0);
  EXPECT_NE(read_error(bytes).find("1 trailing bytes"), std::string::npos);
  EXPECT_NE(read_error({}).find("byte 0: sector_id: truncated (needs 8 bytes, 0 left)"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::filecoin
