// Filecoin Merkle tree shapes: a base arity (2, 4 or 8) with optional sub-tree and top-tree
// arities (rust-fil-proofs' LCTree<Hasher, U, V, W>), hashed with Poseidon, or binary SHA-256
// trees. A tree over N leaves is a mixed-radix tree: log_base(N / (sub·top)) base levels, then
// one sub level and one top level when present; a leaf index's digits (least significant
// first) pick the child at each level, so the concatenated little-endian index bits of a path
// are the leaf index.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.hpp"

namespace cuzk::filecoin {

enum class TreeHasher : uint8_t { kPoseidon, kSha256 };

struct TreeShape {
  TreeHasher hasher = TreeHasher::kPoseidon;
  size_t base_arity = 8;
  size_t sub_arity = 0;  // 0: none
  size_t top_arity = 0;  // 0: none (requires a sub arity)

  // Number of base trees: sub·top, sub, or 1.
  size_t base_tree_count() const;
  // The arity of every level from the leaves up, for a tree over `leaves` leaves; an error
  // naming the problem if the shape is unsupported or the leaf count does not fit it.
  Result<std::vector<size_t>> level_arities(uint64_t leaves) const;
  // "poseidon 8-8-0", "sha256 2-0-0"
  std::string to_string() const;
};

// Sector sizes rust-fil-proofs knows, with their tree shapes (LCTree, Poseidon): 2 KiB 8-0-0,
// 4 KiB 8-2-0, 16 KiB 8-8-0, 32 KiB 8-8-2, 8 MiB 8-0-0, 16 MiB 8-2-0, 512 MiB 8-0-0,
// 1 GiB 8-2-0, 32 GiB 8-8-0, 64 GiB 8-8-2.
Result<TreeShape> tree_shape_for_sector(uint64_t sector_size);

// 32-byte nodes: leaves = sector_size / 32.
constexpr uint64_t kNodeSize = 32;

}  // namespace cuzk::filecoin
