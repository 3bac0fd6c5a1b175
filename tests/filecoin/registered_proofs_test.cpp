// The registered-proof table against Filecoin's numbering (go-state-types abi: each enum's
// families of five, one per sector size), the lookups, and the sector sizes' names.
#include "filecoin/registered_proofs.hpp"

#include <gtest/gtest.h>

namespace cuzk::filecoin {
namespace {

constexpr std::string_view kSizeNames[] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};

struct Family {
  RegisteredProofEnum numbering;
  uint64_t first;  // the 2 KiB proof's number; the next four follow in kSectorSizes' order
  RegisteredProofKind kind;
  std::string_view prefix, suffix;  // the name is prefix + size name + suffix
  ApiVersion api_version;
  ApiFeature feature;
};

TEST(RegisteredProofs, FilecoinsNumbering) {
  using enum RegisteredProofKind;
  const Family families[] = {
      {RegisteredProofEnum::kSeal, 0, kSeal, "StackedDrg", "V1", ApiVersion::kV1_0, ApiFeature::kNone},
      {RegisteredProofEnum::kSeal, 5, kSeal, "StackedDrg", "V1_1", ApiVersion::kV1_1, ApiFeature::kNone},
      {RegisteredProofEnum::kSeal, 10, kSeal, "StackedDrg", "V1_1_Feat_SyntheticPoRep", ApiVersion::kV1_1,
       ApiFeature::kSyntheticPoRep},
      {RegisteredProofEnum::kSeal, 15, kSeal, "StackedDrg", "V1_2_Feat_NiPoRep", ApiVersion::kV1_2,
       ApiFeature::kNonInteractivePoRep},
      {RegisteredProofEnum::kPost, 0, kWinningPost, "StackedDrgWinning", "V1", ApiVersion::kV1_0, ApiFeature::kNone},
      {RegisteredProofEnum::kPost, 5, kWindowPost, "StackedDrgWindow", "V1", ApiVersion::kV1_0, ApiFeature::kNone},
      {RegisteredProofEnum::kPost, 10, kWindowPost, "StackedDrgWindow", "V1_1", ApiVersion::kV1_2, ApiFeature::kNone},
      {RegisteredProofEnum::kUpdate, 0, kUpdate, "StackedDrg", "V1", ApiVersion::kV1_2, ApiFeature::kNone},
  };
  size_t rows = 0;
  for (const Family& family : families) {
    for (size_t i = 0; i < std::size(kSectorSizes); ++i) {
      const uint64_t id = family.first + i;
      SCOPED_TRACE(std::to_string(static_cast<int>(family.numbering)) + "/" + std::to_string(id));
      const RegisteredProof* proof = find_registered_proof(family.numbering, id);
      ASSERT_NE(proof, nullptr);
      EXPECT_EQ(proof->kind, family.kind);
      EXPECT_EQ(proof->name, std::string(family.prefix) + std::string(kSizeNames[i]) + std::string(family.suffix));
      EXPECT_EQ(proof->sector_size, kSectorSizes[i]);
      EXPECT_EQ(sector_size_name(proof->sector_size), kSizeNames[i]);
      EXPECT_EQ(proof->api_version, family.api_version);
      EXPECT_EQ(proof->feature, family.feature);
      EXPECT_EQ(find_registered_proof(family.numbering, proof->name), proof);
      ++rows;
    }
  }
  EXPECT_EQ(rows, std::size(kRegisteredProofs));
  EXPECT_EQ(find_registered_proof(RegisteredProofEnum::kSeal, 20), nullptr);
  EXPECT_EQ(find_registered_proof(RegisteredProofEnum::kPost, 15), nullptr);
  EXPECT_EQ(find_registered_proof(RegisteredProofEnum::kUpdate, 5), nullptr);
}

TEST(RegisteredProofs, NamesAreLookedUpPerEnum) {
  // "StackedDrg32GiBV1" is seal proof 3 and update proof 3.
  EXPECT_EQ(seal_proof("StackedDrg32GiBV1").kind, RegisteredProofKind::kSeal);
  EXPECT_EQ(update_proof("StackedDrg32GiBV1").kind, RegisteredProofKind::kUpdate);
  EXPECT_EQ(find_registered_proof(RegisteredProofEnum::kPost, "StackedDrg32GiBV1"), nullptr);
  EXPECT_EQ(find_registered_proof(RegisteredProofEnum::kSeal, "StackedDrg4KiBV1"), nullptr);
}

TEST(RegisteredProofs, CurrentProofOfAKindAndSize) {
  EXPECT_EQ(current_registered_proof(RegisteredProofKind::kSeal, 32 * kGiB)->name, "StackedDrg32GiBV1_1");
  EXPECT_EQ(current_registered_proof(RegisteredProofKind::kWindowPost, 2 * kKiB)->name, "StackedDrgWindow2KiBV1_1");
  EXPECT_EQ(current_registered_proof(RegisteredProofKind::kWinningPost, 64 * kGiB)->name, "StackedDrgWinning64GiBV1");
  EXPECT_EQ(current_registered_proof(RegisteredProofKind::kUpdate, 8 * kMiB)->name, "StackedDrg8MiBV1");
  EXPECT_EQ(current_registered_proof(RegisteredProofKind::kSeal, 4 * kKiB), nullptr);
}

TEST(RegisteredProofs, SectorSizeNames) {
  EXPECT_EQ(sector_size_name(512 * kMiB), "512MiB");
  EXPECT_EQ(sector_size_name(4 * kKiB), "4096 bytes");  // not one of Filecoin's sizes
  EXPECT_TRUE(is_filecoin_sector_size(64 * kGiB));
  EXPECT_FALSE(is_filecoin_sector_size(16 * kMiB));
}

}  // namespace
}  // namespace cuzk::filecoin
