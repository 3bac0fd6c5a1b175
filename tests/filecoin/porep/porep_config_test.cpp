// The registered seal proofs' configurations against filecoin-proofs' constants and the api
// registry's porep ids; names both ways; test configurations.
#include "filecoin/porep/porep_config.hpp"

#include <gtest/gtest.h>

namespace cuzk::filecoin::porep {
namespace {

struct Expected {
  RegisteredSealProof proof;
  uint64_t sector_size;
  size_t layers, partitions, challenges;
  size_t sub_arity, top_arity;
};

TEST(PorepConfig, EveryRegisteredProof) {
  constexpr uint64_t kKiB = 1024, kMiB = 1024 * kKiB, kGiB = 1024 * kMiB;
  const Expected cases[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1, 2 * kKiB, 2, 1, 2, 0, 0},
      {RegisteredSealProof::kStackedDrg8MiBV1, 8 * kMiB, 2, 1, 2, 0, 0},
      {RegisteredSealProof::kStackedDrg512MiBV1, 512 * kMiB, 2, 1, 2, 0, 0},
      {RegisteredSealProof::kStackedDrg32GiBV1, 32 * kGiB, 11, 10, 18, 8, 0},
      {RegisteredSealProof::kStackedDrg64GiBV1, 64 * kGiB, 11, 10, 18, 8, 2},
      {RegisteredSealProof::kStackedDrg2KiBV1_1, 2 * kKiB, 2, 1, 2, 0, 0},
      {RegisteredSealProof::kStackedDrg8MiBV1_1, 8 * kMiB, 2, 1, 2, 0, 0},
      {RegisteredSealProof::kStackedDrg512MiBV1_1, 512 * kMiB, 2, 1, 2, 0, 0},
      {RegisteredSealProof::kStackedDrg32GiBV1_1, 32 * kGiB, 11, 10, 18, 8, 0},
      {RegisteredSealProof::kStackedDrg64GiBV1_1, 64 * kGiB, 11, 10, 18, 8, 2},
  };
  for (const Expected& e : cases) {
    const uint64_t id = static_cast<uint64_t>(e.proof);
    SCOPED_TRACE(id);
    Result<PorepConfig> config = porep_config(e.proof);
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    EXPECT_EQ(config->sector_size, e.sector_size);
    EXPECT_EQ(config->nodes, e.sector_size / 32);
    EXPECT_EQ(config->layers, e.layers);
    EXPECT_EQ(config->partitions, e.partitions);
    EXPECT_EQ(config->challenges_per_partition, e.challenges);
    EXPECT_EQ(config->tree_r_shape.base_arity, 8u);
    EXPECT_EQ(config->tree_r_shape.sub_arity, e.sub_arity);
    EXPECT_EQ(config->tree_r_shape.top_arity, e.top_arity);
    EXPECT_EQ(config->api_version, id < 5 ? PorepApiVersion::kV1_0 : PorepApiVersion::kV1_1);
    std::array<uint8_t, 32> porep_id{};
    porep_id[0] = static_cast<uint8_t>(id);  // id u64 LE ‖ nonce 0 u64 LE ‖ 16 zero bytes
    EXPECT_EQ(config->porep_id, porep_id);

    const std::string_view name = registered_seal_proof_name(e.proof);
    Result<RegisteredSealProof> back = parse_registered_seal_proof(name);
    ASSERT_TRUE(back.is_ok());
    EXPECT_EQ(*back, e.proof);
    EXPECT_EQ(name.substr(0, vanilla_proof_tag(e.proof).size()), vanilla_proof_tag(e.proof));
    EXPECT_TRUE(vanilla_proof_tag(e.proof).ends_with("V1"));
  }
  EXPECT_EQ(registered_seal_proof_name(RegisteredSealProof::kStackedDrg32GiBV1_1), "StackedDrg32GiBV1_1");
  EXPECT_EQ(vanilla_proof_tag(RegisteredSealProof::kStackedDrg32GiBV1_1), "StackedDrg32GiBV1");
}

TEST(PorepConfig, RejectsUnknownProofsAndSizes) {
  Result<RegisteredSealProof> bad = parse_registered_seal_proof("StackedDrg4KiBV1_1");
  ASSERT_FALSE(bad.is_ok());
  EXPECT_NE(bad.status().message().find("StackedDrg4KiBV1_1"), std::string::npos);
  EXPECT_FALSE(porep_config(static_cast<RegisteredSealProof>(10)).is_ok());
  EXPECT_FALSE(seal_proof_for_sector_size(4096).is_ok());
  Result<RegisteredSealProof> s = seal_proof_for_sector_size(uint64_t{32} << 30);
  ASSERT_TRUE(s.is_ok());
  EXPECT_EQ(*s, RegisteredSealProof::kStackedDrg32GiBV1_1);
}

TEST(PorepConfig, TestConfigurations) {
  std::array<uint8_t, 32> porep_id;
  porep_id.fill(44);
  const TreeShape shapes[] = {{TreeHasher::kPoseidon, 2, 0, 0}, {TreeHasher::kPoseidon, 8, 0, 0},
                              {TreeHasher::kPoseidon, 8, 4, 0}, {TreeHasher::kPoseidon, 8, 4, 2}};
  for (const TreeShape& shape : shapes) {
    const uint64_t nodes = 8 * shape.base_tree_count();
    Result<PorepConfig> config = porep_test_config(nodes, 2, 1, shape, porep_id);
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    EXPECT_EQ(config->nodes, nodes);
    EXPECT_EQ(config->sector_size, nodes * 32);
    EXPECT_EQ(config->partitions, 1u);
    EXPECT_EQ(config->challenges_per_partition, 1u);
    EXPECT_EQ(config->porep_id, porep_id);
    EXPECT_EQ(config->api_version, PorepApiVersion::kV1_1);
  }
  EXPECT_FALSE(porep_test_config(8, 3, 1, shapes[1], porep_id).is_ok());   // column arity 3
  EXPECT_FALSE(porep_test_config(8, 2, 0, shapes[1], porep_id).is_ok());   // no challenges
  EXPECT_FALSE(porep_test_config(12, 2, 1, shapes[1], porep_id).is_ok());  // 12 leaves in an oct tree
}

}  // namespace
}  // namespace cuzk::filecoin::porep
