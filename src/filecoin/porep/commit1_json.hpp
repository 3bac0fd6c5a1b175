// The Commit-1 output (SealCommitPhase1Output) as serde JSON, bare or inside the lotus-bench /
// Curio wrapper {"SectorNum":n,"Phase1Out":"<base64 of the bare JSON>","SectorSize":s,
// "Miner":"f0<id>"?}: reading into Commit1Output (+ Commit1Wrapper) and writing it back in
// exactly that format.
//
// Reading checks the structure against the registered proof's configuration: one
// vanilla_proofs tag (the proof's), partitions × challenges per partition proofs, 6 DRG and 8
// expander parent columns, `layers` rows per column and labeling proofs, 37 parents per
// labeling / encoding proof, 32-byte values that are canonical field elements, Merkle proof
// forms Single/Sub/Top; and a wrapper's SectorSize against the proof's. Each error is
// kInvalidArgument naming the value's path in the document, e.g.
//   vanilla_proofs.StackedDrg2KiBV1[0][1].replica_column_proofs.drg_parents[2].column.rows[1]:
//   33 bytes, expected 32
// The consistency of the values (paths, labels, challenges) is commit1_check.hpp's job.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

struct Commit1Input {
  Commit1Output output;
  Commit1Wrapper wrapper;  // wrapper.present == false for a bare output
};

// Parses `bytes` (bare or wrapped; anything else, truncated or over `max_bytes` is
// kInvalidArgument). Never throws or aborts on any input.
Result<Commit1Input> read_commit1(std::span<const uint8_t> bytes, size_t max_bytes);

// The bare serde JSON (compact, serde's field order).
std::string write_commit1_json(const Commit1Output& output);
// The wrapper around the bare JSON (base64, standard alphabet with padding); "Miner" only
// when wrapper.has_miner.
std::string write_commit1_wrapped(const Commit1Output& output, const Commit1Wrapper& wrapper);

}  // namespace cuzk::filecoin::porep
