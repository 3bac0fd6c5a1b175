// SnapDeals partition proofs in bincode: the layout's byte count (the 32 GiB partition's
// 561,768 bytes derived from Curio's / rust-fil-proofs' field order), round trips, and bad
// input — truncation anywhere, garbage counts, variants, values and indices — refused with
// the field named, never a crash.
#include <gtest/gtest.h>

#include <cstring>

#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"

namespace cuzk::filecoin::snapdeals {
namespace {

constexpr uint64_t kKiB = 1024, kGiB = 1024 * 1024 * kKiB;

std::vector<uint8_t> synthetic_bytes(uint64_t sector_size, size_t k) {
  const SnapConfig config = *snap_config(sector_size);
  const SyntheticSnapUpdate update = *synthetic_snap_update(config, 7, config.h_default);
  return write_snap_partition(update.partitions[k]);
}

void put_u64(std::vector<uint8_t>& bytes, size_t at, uint64_t v) {
  for (size_t i = 0; i < 8; ++i) bytes[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

std::string error_of(std::span<const uint8_t> bytes) {
  const Result<SnapPartitionProof> r = read_snap_partition(bytes, 2);
  return r.is_ok() ? "" : r.status().message();
}

TEST(SnapBincode, RoundTripsAndHasTheDerivedSize) {
  for (const uint64_t size : {2 * kKiB, 16 * kKiB, 32 * kKiB}) {
    const std::vector<uint8_t> bytes = synthetic_bytes(size, 0);
    const Result<SnapPartitionProof> proof = read_snap_partition(bytes, 0);
    ASSERT_TRUE(proof.is_ok()) << proof.status().message();
    EXPECT_EQ(write_snap_partition(*proof), bytes) << size;
  }
  // 32 + 8 + 128·32 + 8 + 86 · (2 · Sub 8-8-0 (2,484) + Single 30 levels (1,516)).
  const std::vector<uint8_t> g32 = synthetic_bytes(32 * kGiB, 5);
  EXPECT_EQ(g32.size(), 561768u);
  const Result<SnapPartitionProof> proof = read_snap_partition(g32, 5);
  ASSERT_TRUE(proof.is_ok());
  EXPECT_EQ(proof->challenge_proofs[85].proof_r_old.form, ProofForm::kSub);
  EXPECT_EQ(proof->challenge_proofs[85].proof_r_old.base_levels, 9u);
  EXPECT_EQ(proof->challenge_proofs[85].proof_d_new.path.levels.size(), 30u);
}

TEST(SnapBincode, EveryTruncationIsRefused) {
  const std::vector<uint8_t> bytes = synthetic_bytes(2 * kKiB, 0);
  for (size_t n = 0; n < bytes.size(); n += 5) {
    const std::string e = error_of(std::span(bytes).first(n));
    EXPECT_NE(e.find("partition 2: "), std::string::npos) << n << ": " << e;
  }
  EXPECT_NE(error_of(std::span(bytes).first(bytes.size() - 1)).find("truncated"), std::string::npos);
}

TEST(SnapBincode, GarbageIsRefusedByName) {
  const std::vector<uint8_t> good = synthetic_bytes(2 * kKiB, 0);
  std::vector<uint8_t> b = good;
  put_u64(b, 32, uint64_t{1} << 60);  // apex_leafs count
  EXPECT_NE(error_of(b).find("apex_leafs"), std::string::npos) << error_of(b);

  b = good;
  const size_t first_proof = 32 + 8 + 8 * 32 + 8;
  b[first_proof] = 7;  // proof_r_old variant
  EXPECT_NE(error_of(b).find("challenge 0: proof_r_old: MerkleProof variant"), std::string::npos) << error_of(b);

  b = good;
  std::memset(&b[0], 0xff, 32);  // comm_c ≥ the modulus
  EXPECT_NE(error_of(b).find("comm_c"), std::string::npos) << error_of(b);

  b = good;
  // proof_r_old is Single: variant, root, leaf, path count, first level's hash count: its index
  // follows seven hashes.
  const size_t index_at = first_proof + 4 + 64 + 8 + 8 + 7 * 32;
  put_u64(b, index_at, 8);
  EXPECT_NE(error_of(b).find("index"), std::string::npos) << error_of(b);

  b = good;
  b.push_back(0);
  EXPECT_NE(error_of(b).find("trailing"), std::string::npos) << error_of(b);

  EXPECT_NE(read_snap_partition(good, 0, good.size() - 1).status().message().find("above the maximum"),
            std::string::npos);
}

TEST(SnapBincode, UpperPathsAreOneLevel) {
  // 16 KiB is 8-8-0: Sub proofs. Give challenge 0's proof_r_old sub path a second level.
  const SnapConfig config = *snap_config(16 * kKiB);
  SnapPartitionProof proof = synthetic_snap_update(config, 3, 1)->partitions[0];
  InclusionProof& p = proof.challenge_proofs[0].proof_r_old;
  p.path.levels.push_back(p.path.levels.back());
  const std::string e = error_of(write_snap_partition(proof));
  EXPECT_NE(e.find("challenge 0: proof_r_old: sub_proof"), std::string::npos) << e;
}

}  // namespace
}  // namespace cuzk::filecoin::snapdeals
