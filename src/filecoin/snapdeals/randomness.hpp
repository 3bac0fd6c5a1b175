// SnapDeals' randomness (rust-fil-proofs' storage-proofs-update challenges.rs and vanilla.rs
// phi / rho), all Poseidon of arity 2 with neptune's Custom(Arbitrary(1)) domain tag (2^40):
//   φ = H(comm_d_new, comm_r_old);
//   ρ(high) = H(φ, high), high = a node's h high index bits;
//   digest j of partition k = H(comm_r_new, k·digests_per_partition + j), whose little-endian
//   bits give challenges_per_digest challenges of random_bits_per_challenge bits each; the
//   partition index fills a challenge's high bits, so every challenge of partition k lies in
//   the k-th slice of the sector.
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/snapdeals/snap_config.hpp"

namespace cuzk::poseidon {
struct OptimizedConstants;
}

namespace cuzk::filecoin::snapdeals {

// The arity-2 Poseidon constants with the Custom(Arbitrary(1)) tag (built once).
const poseidon::OptimizedConstants& gen_randomness_constants();

ff::Fr snap_phi(const ff::Fr& comm_d_new, const ff::Fr& comm_r_old);
ff::Fr snap_rho(const ff::Fr& phi, uint64_t high);
// A node's h high bits: node >> (challenge_bits − h); h ≤ challenge_bits.
uint64_t challenge_high(const SnapConfig& config, uint64_t node, size_t h);

// The challenges (node indices) of partition k < config.partitions (asserted).
std::vector<uint64_t> snap_challenges(const SnapConfig& config, const ff::Fr& comm_r_new, size_t k);

}  // namespace cuzk::filecoin::snapdeals
