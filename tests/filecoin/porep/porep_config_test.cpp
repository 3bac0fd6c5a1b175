// The registered seal proofs' configurations against filecoin-proofs' constants and the api
// registry's porep ids; names both ways; test configurations.
#include "filecoin/porep/porep_config.hpp"

#include <gtest/gtest.h>

namespace cuzk::filecoin::porep {
namespace {

struct Expected {
  uint64_t id;  // Filecoin's RegisteredSealProof number
  std::string_view name;
  uint64_t sector_size;
  size_t layers, partitions, challenges;
  size_t sub_arity, top_arity;
};

TEST(PorepConfig, EveryRegisteredProof) {
  const Expected cases[] = {
      {0, "StackedDrg2KiBV1", 2 * kKiB, 2, 1, 2, 0, 0},
      {1, "StackedDrg8MiBV1", 8 * kMiB, 2, 1, 2, 0, 0},
      {2, "StackedDrg512MiBV1", 512 * kMiB, 2, 1, 2, 0, 0},
      {3, "StackedDrg32GiBV1", 32 * kGiB, 11, 10, 18, 8, 0},
      {4, "StackedDrg64GiBV1", 64 * kGiB, 11, 10, 18, 8, 2},
      {5, "StackedDrg2KiBV1_1", 2 * kKiB, 2, 1, 2, 0, 0},
      {6, "StackedDrg8MiBV1_1", 8 * kMiB, 2, 1, 2, 0, 0},
      {7, "StackedDrg512MiBV1_1", 512 * kMiB, 2, 1, 2, 0, 0},
      {8, "StackedDrg32GiBV1_1", 32 * kGiB, 11, 10, 18, 8, 0},
      {9, "StackedDrg64GiBV1_1", 64 * kGiB, 11, 10, 18, 8, 2},
  };
  for (const Expected& e : cases) {
    SCOPED_TRACE(e.id);
    const RegisteredProof* proof = find_registered_proof(RegisteredProofEnum::kSeal, e.id);
    ASSERT_NE(proof, nullptr);
    EXPECT_EQ(proof->name, e.name);
    Result<PorepConfig> config = porep_config(*proof);
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    EXPECT_EQ(config->sector_size, e.sector_size);
    EXPECT_EQ(config->nodes, e.sector_size / 32);
    EXPECT_EQ(config->layers, e.layers);
    EXPECT_EQ(config->partitions, e.partitions);
    EXPECT_EQ(config->challenges_per_partition, e.challenges);
    EXPECT_EQ(config->tree_r_shape.base_arity, 8u);
    EXPECT_EQ(config->tree_r_shape.sub_arity, e.sub_arity);
    EXPECT_EQ(config->tree_r_shape.top_arity, e.top_arity);
    EXPECT_EQ(config->api_version, e.id < 5 ? ApiVersion::kV1_0 : ApiVersion::kV1_1);
    std::array<uint8_t, 32> porep_id{};
    porep_id[0] = static_cast<uint8_t>(e.id);  // id u64 LE ‖ nonce 0 u64 LE ‖ 16 zero bytes
    EXPECT_EQ(config->porep_id, porep_id);

    Result<RegisteredProof> back = parse_registered_seal_proof(e.name);
    ASSERT_TRUE(back.is_ok());
    EXPECT_EQ(*back, *proof);
    EXPECT_EQ(e.name.substr(0, vanilla_proof_tag(*proof).size()), vanilla_proof_tag(*proof));
    EXPECT_TRUE(vanilla_proof_tag(*proof).ends_with("V1"));
  }
  EXPECT_EQ(vanilla_proof_tag(seal_proof("StackedDrg32GiBV1_1")), "StackedDrg32GiBV1");
}

TEST(PorepConfig, RejectsUnknownProofsAndSizes) {
  Result<RegisteredProof> bad = parse_registered_seal_proof("StackedDrg4KiBV1_1");
  ASSERT_FALSE(bad.is_ok());
  EXPECT_NE(bad.status().message().find("StackedDrg4KiBV1_1"), std::string::npos);
  EXPECT_FALSE(porep_config(*find_registered_proof(RegisteredProofEnum::kSeal, 10)).is_ok());
  EXPECT_FALSE(seal_proof_for_sector_size(4096).is_ok());
  Result<RegisteredProof> s = seal_proof_for_sector_size(uint64_t{32} << 30);
  ASSERT_TRUE(s.is_ok());
  EXPECT_EQ(*s, seal_proof("StackedDrg32GiBV1_1"));
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
    EXPECT_EQ(config->api_version, ApiVersion::kV1_1);
  }
  EXPECT_FALSE(porep_test_config(8, 3, 1, shapes[1], porep_id).is_ok());   // column arity 3
  EXPECT_FALSE(porep_test_config(8, 2, 0, shapes[1], porep_id).is_ok());   // no challenges
  EXPECT_FALSE(porep_test_config(12, 2, 1, shapes[1], porep_id).is_ok());  // 12 leaves in an oct tree
}

}  // namespace
}  // namespace cuzk::filecoin::porep
