// Synthetic PoSt vanilla proofs in the bincode Curio sends (post_vanilla.hpp), so benchmarks
// and tests take the same path as a storage provider's sectors: bytes → read → check →
// circuit. Each sector is a sparse tree (only its challenged leaves materialized) with random
// leaves, a random comm_c, comm_r_last = its root and comm_r = Poseidon2(comm_c, comm_r_last);
// its inclusion proofs open exactly the leaves post_sector_leaf_challenges names.
#pragma once

#include <span>
#include <vector>

#include "filecoin/post_check.hpp"

namespace cuzk::filecoin {

// One FallbackPoStSectorProof per id, the sector in slot i of `partition` having
// sector_ids[i]; a function of (config, randomness, partition, ids, seed) only. WindowPoSt
// takes 1 to config.sector_count ids, WinningPoSt exactly one (partition 0); kInvalidArgument
// otherwise. Sectors are built in parallel on `pool`.
Result<std::vector<std::vector<uint8_t>>> synthetic_post_sector_proofs(const PostConfig& config,
                                                                       const Randomness& randomness, size_t partition,
                                                                       std::span<const uint64_t> sector_ids,
                                                                       uint64_t seed, ThreadPool& pool);

}  // namespace cuzk::filecoin
