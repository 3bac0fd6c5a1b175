// The Stacked-DRG PoRep's vanilla proofs as a Commit-1 output (SealCommitPhase1Output) carries
// them, in memory: per partition, per challenge, the comm_d inclusion of the data leaf, the
// TreeR (comm_r_last) inclusion of the replica leaf, the columns of the challenge and its 6 DRG
// and 8 expander parents with their TreeC inclusions, the labeling proofs (one per layer) and
// the encoding proof; and the sector's commitments.
//
// Every 32-byte value of the file is held as the field element it encodes (a Poseidon-domain
// value is Fr's little-endian representation; a SHA-256 value is the digest with its top two
// bits cleared, read little-endian): parsing rejects a non-canonical encoding, naming it.
// The raw bytes of the sector-level values are kept too, since replica_id, seed and ticket
// enter SHA-256 preimages as bytes.
//
// Parsing (commit1_json.hpp), the native checks (commit1_check.hpp), the circuit
// (stacked_circuit.hpp) and the synthetic generator all speak these types.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/porep/porep_config.hpp"
#include "filecoin/sparse_tree.hpp"

namespace cuzk::filecoin::porep {

using Bytes32 = std::array<uint8_t, 32>;

// Which variant of rust-fil-proofs' MerkleProof the file used: Single (base levels only), Sub
// (base levels, then one sub-tree level), Top (base, sub, then one top level).
enum class ProofForm : uint8_t { kSingle, kSub, kTop };

// The form of a tree's proofs and how many of its levels are base levels.
inline ProofForm proof_form_of(const TreeShape& shape) {
  return shape.sub_arity == 0 ? ProofForm::kSingle : shape.top_arity == 0 ? ProofForm::kSub : ProofForm::kTop;
}
inline size_t upper_levels_of(const TreeShape& shape) {
  return (shape.sub_arity != 0 ? 1 : 0) + (shape.top_arity != 0 ? 1 : 0);
}

// One Merkle inclusion proof. `path` holds every level from the leaves up, base levels first,
// then the sub level, then the top level (the concatenation of base_proof, sub_proof and
// top_proof); `base_levels` says how many of them are base levels.
struct InclusionProof {
  ProofForm form = ProofForm::kSingle;
  ff::Fr root;
  ff::Fr leaf;
  MerklePath path;
  size_t base_levels = 0;
};

// A column: the node's label in every layer (rows[l] = layer l + 1), and the column's index.
struct Column {
  uint64_t index = 0;
  std::vector<ff::Fr> rows;
};

struct ColumnProof {
  Column column;
  InclusionProof inclusion;  // the column hash's inclusion in TreeC (root comm_c)
};

// A labeling (or encoding) proof: the node, its layer (1-based) and the 37 parent labels
// hashed into the label (rust-fil-proofs' LabelingProof / EncodingProof).
struct LabelingProof {
  uint32_t layer_index = 0;
  uint64_t node = 0;
  std::vector<ff::Fr> parents;
};

struct ChallengeProof {
  InclusionProof comm_d_proof;       // data leaf in TreeD (binary SHA-256), root comm_d
  InclusionProof comm_r_last_proof;  // replica leaf in TreeR, root comm_r_last
  ColumnProof c_x;                   // the challenge's own column
  std::vector<ColumnProof> drg_parents;  // kDrgDegree of them
  std::vector<ColumnProof> exp_parents;  // kExpanderDegree of them
  std::vector<LabelingProof> labeling_proofs;
  LabelingProof encoding_proof;
};

// The parts of a SealCommitPhase1Output the prover uses.
struct Commit1Output {
  RegisteredProof registered_proof = seal_proof("StackedDrg2KiBV1_1");
  std::vector<std::vector<ChallengeProof>> partitions;  // [partition][challenge]
  Bytes32 comm_r{}, comm_d{}, replica_id{}, seed{}, ticket{};
};

// What the lotus-bench / Curio wrapper adds around the Commit-1 output (absent when the file
// is the bare output).
struct Commit1Wrapper {
  bool present = false;
  uint64_t sector_number = 0;
  uint64_t sector_size = 0;
  uint64_t miner = 0;  // 0 when the wrapper has no "Miner"
  bool has_miner = false;  // whether it has one ("f0<id>"/"t0<id>" or a number)
};

}  // namespace cuzk::filecoin::porep
