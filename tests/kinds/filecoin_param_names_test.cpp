// Filecoin parameter names: every PoRep, PoSt and SnapDeals name of rust-fil-proofs'
// parameters.json (@87348a74) for 2 KiB, 8 MiB, 512 MiB, 32 GiB and 64 GiB, reproduced from the
// circuits' configurations by hashing their identifiers as rust-fil-proofs formats them.
#include "kinds/filecoin_param_names.hpp"

#include <gtest/gtest.h>

namespace cuzk::kinds {
namespace {

namespace porep = filecoin::porep;

constexpr uint64_t kSizes[] = {2048, 8388608, 536870912, 34359738368, 68719476736};

TEST(FilecoinParamNames, PorepNamesAreParametersJsons) {
  const char* expected[] = {
      "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f",
      "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb",
      "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472",
      "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820",
      "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-2-sha256_hasher-96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2",
  };
  for (size_t i = 0; i < std::size(kSizes); ++i) {
    for (bool v1_1 : {true, false}) {
      auto proof = porep::seal_proof_for_sector_size(kSizes[i]);
      ASSERT_TRUE(proof.is_ok());
      auto id = proof->id - (v1_1 ? uint64_t{0} : uint64_t{5});  // V1 and V1_1 share their parameters
      auto config = porep::porep_config(*filecoin::find_registered_proof(filecoin::RegisteredProofEnum::kSeal, id));
      ASSERT_TRUE(config.is_ok());
      EXPECT_EQ(porep_param_stem(*config), expected[i]) << kSizes[i];
    }
  }
}

TEST(FilecoinParamNames, PostNamesAreParametersJsons) {
  const char* winning[] = {
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-50c7368dea9593ed0989e70974d28024efa9d156d585b7eea1be22b2e753f331",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-7d739b8cf60f1b0709eeebee7730e297683552e4b69cab6984ec0285663c5781",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-559e581f022bb4e4ec6e719e563bf0e026ad6de42e56c18714a2c692b1b88d7e",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-2-b62098629d07946e9028127e70295ed996fe3ed25b0f9f88eb610a0ab4385a3c",
  };
  const char* window[] = {
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-5294475db5237a2e83c3e52fd6c2b03859a1831d45ed08c4f35dbf9a803165a9",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-0cfb4f178bbb71cf2ecfcd42accce558b27199ab4fb59cb78f2483fe21ef36d9",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc",
      "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-2-2627e4006b67f99cef990c0a47d5426cb7ab0a0ad58fc1061547bf2d28b09def",
  };
  for (size_t i = 0; i < std::size(kSizes); ++i) {
    auto win = filecoin::post_config(filecoin::PostKind::kWinning, kSizes[i]);
    auto win_dow = filecoin::post_config(filecoin::PostKind::kWindow, kSizes[i]);
    ASSERT_TRUE(win.is_ok() && win_dow.is_ok());
    EXPECT_EQ(post_param_stem(*win), winning[i]) << kSizes[i];
    EXPECT_EQ(post_param_stem(*win_dow), window[i]) << kSizes[i];
  }
}

TEST(FilecoinParamNames, EmptySectorUpdateNamesAreParametersJsons) {
  const char* expected[] = {
      "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194",
      "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-92180959e1918d26350b8e6cfe217bbdd0a2d8de51ebec269078b364b715ad63",
      "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-61fa69f38b9cc771ba27b670124714b4ea77fbeae05e377fb859c4a43b73a30c",
      "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18",
      "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-2-102e1444a7e9a97ebf1e3d6855dcc77e66c011ea66f936d9b2c508f87f2f83a7",
  };
  for (size_t i = 0; i < std::size(kSizes); ++i) {
    auto shape = filecoin::tree_shape_for_sector(kSizes[i]);
    ASSERT_TRUE(shape.is_ok());
    EXPECT_EQ(empty_sector_update_param_stem(kSizes[i], *shape), expected[i]) << kSizes[i];
  }
  auto shape = filecoin::tree_shape_for_sector(kSizes[3]);
  EXPECT_EQ(empty_sector_update_param_stem(kSizes[3], *shape, /*poseidon=*/true),
            "v28-empty-sector-update-poseidon-merkletree-poseidon_hasher-8-8-0-"
            "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18");
}

}  // namespace
}  // namespace cuzk::kinds
