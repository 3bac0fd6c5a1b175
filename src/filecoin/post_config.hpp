// PoSt proof kinds: what a WinningPoSt or WindowPoSt partition circuit looks like for a
// sector size (filecoin-proofs' constants), its public inputs, and synthetic instances — a
// circuit with a consistent witness built from a seed over sparse sector trees (only the
// challenged leaves are materialized), so even a 32 GiB WindowPoSt partition needs no data.
//
//   WinningPoSt: 66 challenges of one sector, set up as 66 sector slots × 1 challenge.
//   WindowPoSt:  per partition 2349 sectors (32 GiB; 2300 at 64 GiB; 2 at test sizes) × 10.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "filecoin/circuit_size.hpp"
#include "filecoin/fallback_post.hpp"
#include "filecoin/post_challenges.hpp"
#include "filecoin/registered_proofs.hpp"

namespace cuzk::filecoin {

enum class PostKind : uint8_t { kWinning, kWindow };

struct PostConfig {
  PostKind kind = PostKind::kWindow;
  uint64_t sector_size = 0;
  TreeShape shape;
  uint64_t leaves = 0;         // per sector: sector_size / 32
  size_t sector_count = 0;     // sector slots per partition circuit
  size_t challenge_count = 0;  // challenges per sector slot
  // How challenge indices are numbered: V1_2 for WindowPoSt as the network runs it today,
  // V1_0 for WinningPoSt and the V1 WindowPoSt proofs.
  ApiVersion api_version = ApiVersion::kV1_0;
};

// The registered PoSt proof numbered `number` (Filecoin's RegisteredPoStProof: 0-4 WinningPoSt
// V1, 5-9 WindowPoSt V1, 10-14 WindowPoSt V1_1); kInvalidArgument naming the number otherwise.
Result<RegisteredProof> registered_post_proof(uint64_t number);

// "winning-post" / "window-post".
Result<PostKind> parse_post_kind(std::string_view text);
std::string_view post_kind_name(PostKind kind);
// The registered-proof kind of a PoSt kind.
RegisteredProofKind registered_proof_kind(PostKind kind);

// The configuration for a kind and sector size as today's registered proofs run it (WindowPoSt
// API V1_2, WinningPoSt V1_0).
Result<PostConfig> post_config(PostKind kind, uint64_t sector_size);
// The configuration of a registered PoSt proof (its kind, sector size and API version);
// `proof` is a WinningPoSt or WindowPoSt proof.
PostConfig post_config(const RegisteredProof& proof);

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

// The partition's public inputs as the verifier computes them from the sectors it challenged,
// which may be fewer than the slots: rust-fil-proofs' FallbackPoStCompound::generate_public_inputs
// as verify_window_post / verify_winning_post call it. WindowPoSt: 1 to config.sector_count
// sectors, the slots past them filled by repeating the last sector's inputs (comm_r and its
// challenges, as computed for its own slot). WinningPoSt: the one sector (or sector_count
// copies of it) in every slot, each slot's challenge computed for that slot. Otherwise
// kInvalidArgument naming the count.
Result<std::vector<ff::Fr>> post_verifier_public_inputs(const PostConfig& config, const Randomness& randomness,
                                                        size_t partition, std::span<const PublicSector> sectors);

// The size of a partition circuit, counted by synthesizing one sector slot (slots are
// identical in shape) and scaling.
Result<CircuitSize> post_circuit_size(const PostConfig& config);

struct PostInstance {
  Randomness randomness{};
  std::vector<PublicSector> sectors;  // one per slot
  FallbackPoStCircuit circuit;
  std::vector<ff::Fr> public_inputs;  // without ONE
};

// A synthetic partition (partition 0) from `seed`, built the way a storage provider's is: the
// randomness from the seed, sectors 1..slots (WinningPoSt: sector 1) as synthetic vanilla
// proofs in Curio's bincode (synthetic_post.hpp), then read, checked, assembled and given the
// verifier's public inputs (post_check.hpp); sectors are generated and checked on `pool`.
Result<PostInstance> synthetic_post_instance(const PostConfig& config, uint64_t seed, ThreadPool& pool);

}  // namespace cuzk::filecoin
