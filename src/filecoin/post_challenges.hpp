// PoSt leaf challenges as rust-fil-proofs derives them (FallbackPoSt):
// leaf = LE-u64(SHA-256(randomness ‖ sector_id as u64 LE ‖ challenge_index as u64 LE)[0..8])
// mod leaves, with challenge_index = (partition·sectors_per_partition + slot)·challenges + n
// (API V1_0 and V1_1), or n alone (API V1_2, today's WindowPoSt: a sector's challenges no
// longer depend on its position, storage-proofs-post fallback/utils.rs get_challenge_index).
#pragma once

#include <array>
#include <cstdint>

#include "filecoin/registered_proofs.hpp"

namespace cuzk::filecoin {

using Randomness = std::array<uint8_t, 32>;

uint64_t post_leaf_challenge(const Randomness& randomness, uint64_t sector_id, uint64_t challenge_index,
                             uint64_t leaves);

// The challenge index of challenge n of the sector in `slot` of `partition`.
constexpr uint64_t post_challenge_index(uint64_t partition, uint64_t sectors_per_partition, uint64_t slot,
                                        uint64_t challenges_per_sector, uint64_t n) {
  return (partition * sectors_per_partition + slot) * challenges_per_sector + n;
}

// The same under `version` (V1_0 and V1_1 number challenges alike, V1_2 on by n alone).
constexpr uint64_t post_challenge_index(ApiVersion version, uint64_t partition, uint64_t sectors_per_partition,
                                        uint64_t slot, uint64_t challenges_per_sector, uint64_t n) {
  return version >= ApiVersion::kV1_2
             ? n
             : post_challenge_index(partition, sectors_per_partition, slot, challenges_per_sector, n);
}

}  // namespace cuzk::filecoin
