// Synthetic SnapDeals updates for any sector size, 32 and 64 GiB included, with no sector data:
// the sector key (TreeR old), the new data (TreeD) and the new replica (TreeR new) are
// block-uniform trees (block_tree.hpp) over the 2^h blocks of nodes that share their h high
// index bits, with random values per block (seeded), the new replica's block value being
// key + data·ρ(block) — a consistent update of the whole sector, so every partition's
// challenges (drawn from comm_r_new) open consistent leaves. The partition proofs are what
// rust-fil-proofs' prover would write for such a sector.
#pragma once

#include <cstdint>
#include <vector>

#include "filecoin/snapdeals/snap_config.hpp"
#include "filecoin/snapdeals/snap_proof.hpp"

namespace cuzk::filecoin::snapdeals {

struct SyntheticSnapUpdate {
  size_t h = 0;
  ff::Fr comm_c, comm_r_old, comm_d_new, comm_r_new;
  std::vector<SnapPartitionProof> partitions;  // [k]
};

// The update of a synthetic sector from `seed` with `h` (one of config.hs), all partitions.
Result<SyntheticSnapUpdate> synthetic_snap_update(const SnapConfig& config, uint64_t seed, size_t h);

}  // namespace cuzk::filecoin::snapdeals
