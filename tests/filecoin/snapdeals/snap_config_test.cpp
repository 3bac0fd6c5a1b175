// SnapDeals configurations against rust-fil-proofs' constants.rs and the registered update
// proofs' numbering (rust-filecoin-proofs-api registry.rs).
#include <gtest/gtest.h>

#include "filecoin/snapdeals/snap_config.hpp"

namespace cuzk::filecoin::snapdeals {
namespace {

constexpr uint64_t kKiB = 1024, kMiB = 1024 * kKiB, kGiB = 1024 * kMiB;

struct Row {
  uint64_t size;
  size_t partitions, challenges, apex, h_default;
  TreeShape shape;
};

TEST(SnapConfig, EveryAllowedSize) {
  const TreeHasher p = TreeHasher::kPoseidon;
  const Row rows[] = {
      {1 * kKiB, 1, 10, 8, 1, {p, 8, 4, 0}},      {2 * kKiB, 1, 10, 8, 1, {p, 8, 0, 0}},
      {4 * kKiB, 1, 10, 8, 1, {p, 8, 2, 0}},      {8 * kKiB, 1, 10, 8, 1, {p, 8, 4, 0}},
      {16 * kKiB, 2, 10, 128, 1, {p, 8, 8, 0}},   {32 * kKiB, 2, 10, 128, 1, {p, 8, 8, 2}},
      {8 * kMiB, 4, 10, 128, 10, {p, 8, 0, 0}},   {16 * kMiB, 4, 10, 128, 10, {p, 8, 2, 0}},
      {512 * kMiB, 16, 86, 128, 10, {p, 8, 0, 0}}, {32 * kGiB, 16, 86, 128, 10, {p, 8, 8, 0}},
      {64 * kGiB, 16, 86, 128, 10, {p, 8, 8, 2}},
  };
  for (const Row& r : rows) {
    const Result<SnapConfig> c = snap_config(r.size);
    ASSERT_TRUE(c.is_ok()) << r.size;
    EXPECT_EQ(c->nodes, r.size / 32);
    EXPECT_EQ(c->partitions, r.partitions) << r.size;
    EXPECT_EQ(c->challenges_per_partition, r.challenges) << r.size;
    EXPECT_EQ(c->apex_leaves, r.apex) << r.size;
    EXPECT_EQ(c->h_default, r.h_default) << r.size;
    EXPECT_EQ(c->tree_r_shape.to_string(), r.shape.to_string()) << r.size;
    EXPECT_TRUE(c->tree_r_shape.level_arities(c->nodes).is_ok()) << r.size;
  }
  const SnapConfig g32 = *snap_config(32 * kGiB);
  EXPECT_EQ(g32.challenge_bits, 30u);
  EXPECT_EQ(g32.partition_bits, 4u);
  EXPECT_EQ(g32.apex_bits, 7u);
  EXPECT_EQ(g32.levels_below_apex(), 19u);
  EXPECT_EQ(g32.challenges_per_digest(), 9u);  // 254 / 26
  EXPECT_EQ(g32.digests_per_partition(), 10u);
  EXPECT_EQ(g32.hs, (std::array<size_t, 6>{7, 8, 9, 10, 11, 12}));
  EXPECT_FALSE(snap_config(64 * kKiB).is_ok());
}

TEST(SnapConfig, RegisteredUpdateProofs) {
  const std::pair<uint64_t, uint64_t> numbering[] = {
      {0, 2 * kKiB}, {1, 8 * kMiB}, {2, 512 * kMiB}, {3, 32 * kGiB}, {4, 64 * kGiB}};
  for (const auto& [number, size] : numbering) {
    const RegisteredProof proof = *registered_update_proof(number);
    EXPECT_EQ(snap_config(proof)->sector_size, size);
    EXPECT_EQ(snap_config(size)->registered_proof, proof);
  }
  EXPECT_EQ(registered_update_proof(3)->name, "StackedDrg32GiBV1");
  EXPECT_FALSE(registered_update_proof(5).is_ok());
  EXPECT_FALSE(snap_config(16 * kKiB)->registered_proof.has_value());
}

TEST(SnapConfig, HSelect) {
  const SnapConfig big = *snap_config(32 * kGiB);
  EXPECT_EQ(*h_select(big, 10), 8u);  // hs[3]
  EXPECT_EQ(*h_select(big, 7), 1u);
  EXPECT_FALSE(h_select(big, 13).is_ok());
  EXPECT_EQ(*h_select(*snap_config(2 * kKiB), 1), 1u);  // hs = [1;6]: the first
}

}  // namespace
}  // namespace cuzk::filecoin::snapdeals
