// PoSt proof kinds: what a WinningPoSt or WindowPoSt partition circuit looks like for a
// sector size (filecoin-proofs' constants), its public inputs, and synthetic instances — a
// circuit with a consistent witness built from a seed over sparse sector trees (only the
// challenged leaves are materialized), so even a 32 GiB WindowPoSt partition needs no data.
//
//   WinningPoSt: 66 challenges of one sector, set up as 66 sector slots × 1 challenge.
//   WindowPoSt:  per partition 2349 sectors (32 GiB; 2300 at 64 GiB; 2 at test sizes) × 10.
#pragma once

#include <string_view>
#include <vector>

#include "filecoin/challenges.hpp"
#include "filecoin/fallback_post.hpp"

namespace cuzk::filecoin {

enum class PostKind : uint8_t { kWinning, kWindow };

struct PostConfig {
  PostKind kind = PostKind::kWindow;
  uint64_t sector_size = 0;
  TreeShape shape;
  uint64_t leaves = 0;         // per sector: sector_size / 32
  size_t sector_count = 0;     // sector slots per partition circuit
  size_t challenge_count = 0;  // challenges per sector slot
};

// "winning-post" / "window-post".
Result<PostKind> parse_post_kind(std::string_view text);
std::string_view post_kind_name(PostKind kind);
// Bytes from "2KiB", "32GiB", "8MiB", or a plain byte count.
Result<uint64_t> parse_sector_size(std::string_view text);

Result<PostConfig> post_config(PostKind kind, uint64_t sector_size);

// A sector as the verifier knows it.
struct PublicSector {
  uint64_t id = 0;
  ff::Fr comm_r;
};

// The partition's public inputs (without ONE), as rust-fil-proofs' generate_public_inputs: per
// sector slot, comm_r, then the leaf index of each challenge. `sectors` must have
// config.sector_count entries (kInvalidArgument otherwise).
Result<std::vector<ff::Fr>> post_public_inputs(const PostConfig& config, const Randomness& randomness,
                                               size_t partition, const std::vector<PublicSector>& sectors);

// The size of a partition circuit, counted by synthesizing one sector slot (slots are
// identical in shape) and scaling: constraints as synthesized (without bellperson's one
// constraint per input), inputs counting ONE, aux variables.
struct CircuitSize {
  uint64_t constraints = 0;
  uint64_t inputs = 0;
  uint64_t aux = 0;
  // log2 of bellperson's FFT domain: the smallest power of two ≥ constraints + inputs.
  size_t domain_log2() const;
};
Result<CircuitSize> post_circuit_size(const PostConfig& config);

struct PostInstance {
  Randomness randomness{};
  std::vector<PublicSector> sectors;  // one per slot
  FallbackPoStCircuit circuit;
  std::vector<ff::Fr> public_inputs;  // without ONE
};

// A synthetic partition (partition 0) from `seed`: randomness, sector ids, sparse trees with
// random challenged leaves, comm_c, comm_r_last = root, comm_r = Poseidon2(comm_c, comm_r_last),
// and the inclusion paths; sectors are generated in parallel on `pool`.
Result<PostInstance> synthetic_post_instance(const PostConfig& config, uint64_t seed, ThreadPool& pool);

}  // namespace cuzk::filecoin
