// The PoRep's native node hashes: a label (rust-fil-proofs' LabelingProof::create_label and
// EncodingProof::create_key, the same function) and a column hash (hash_single_column).
//   label = Fr32(SHA-256(replica_id ‖ layer u32 BE ‖ node u64 BE ‖ 20 zero bytes ‖
//                        37 parent labels, 32 bytes LE each))   — 1,248 bytes, 20 compressions
//   column hash = Poseidon (MerkleTree domain tag) of the column's rows: arity 11 for 11
//   layers, arity 2 for 2 (the only column heights rust-fil-proofs hashes).
#pragma once

#include <cstdint>
#include <array>
#include <span>
#include <vector>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

ff::Fr compute_label(const Bytes32& replica_id, uint32_t layer, uint64_t node, std::span<const ff::Fr> parents);

// The (37) parent labels of a node's label in `layer` (1-based), from the columns (rows[l] =
// the label in layer l + 1) of its DRG parents, read in that layer, and of its expander
// parents, read in the layer below: layer 1 repeats the 6 DRG labels, later layers the 14
// (DRG then expander) — cycled to 37. Every column must have ≥ `layer` rows (asserted).
using ParentColumns = std::array<const std::vector<ff::Fr>*, kParentCount>;  // 6 DRG, then 8 expander
std::vector<ff::Fr> label_parents(size_t layer, const ParentColumns& columns);

// rows.size() must be 2 or 11 (asserted; configurations guarantee it).
ff::Fr column_hash(std::span<const ff::Fr> rows);

}  // namespace cuzk::filecoin::porep
