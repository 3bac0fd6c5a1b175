// Test support for PoSt vanilla proofs: the real 32 GiB WindowPoSt sector proof committed in
// tests/fixtures/filecoin (Curio's lib/proof/testgolden/post.vproof: sector 1 of miner f01000,
// registered proof 8 = StackedDrgWindow32GiBV1, randomness all zero), and synthetic partitions.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "filecoin/synthetic_post.hpp"

namespace cuzk::filecoin::test {

inline std::vector<uint8_t> real_window_sector_proof() {
  const std::string path = std::string(CUZK_FILECOIN_FIXTURES_DIR) + "/post-32GiB-window-v1.vproof";
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing " << path;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline Randomness test_randomness(uint8_t seed) {
  Randomness r{};
  for (size_t i = 0; i < r.size(); ++i) r[i] = static_cast<uint8_t>(seed * 31 + i * 7);
  r[31] &= 0x3f;  // as Filecoin masks it: a canonical field element
  return r;
}

// Synthetic sector proofs for ids 1..count (WinningPoSt: id 1) of `partition`.
inline std::vector<std::vector<uint8_t>> synthetic_proofs(const PostConfig& config, const Randomness& randomness,
                                                          size_t count, size_t partition = 0, uint64_t seed = 5) {
  std::vector<uint64_t> ids(count);
  for (size_t i = 0; i < count; ++i) ids[i] = i + 1;
  ThreadPool pool(2);
  Result<std::vector<std::vector<uint8_t>>> proofs =
      synthetic_post_sector_proofs(config, randomness, partition, ids, seed, pool);
  EXPECT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  return proofs.is_ok() ? std::move(proofs).value() : std::vector<std::vector<uint8_t>>{};
}

}  // namespace cuzk::filecoin::test
