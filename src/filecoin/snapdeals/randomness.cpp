// φ, ρ and the partition challenges.
#include "filecoin/snapdeals/randomness.hpp"

#include <array>
#include <cassert>

#include "gadgets/num.hpp"
#include "poseidon/optimized.hpp"

namespace cuzk::filecoin::snapdeals {

using ff::Fr;

const poseidon::OptimizedConstants& gen_randomness_constants() {
  static const poseidon::OptimizedConstants constants = poseidon::OptimizedConstants::with_custom_tag(2, 1);
  return constants;
}

namespace {

Fr hash2(const Fr& a, const Fr& b) {
  const std::array<Fr, 2> preimage = {a, b};
  return poseidon::poseidon_hash_optimized(preimage, gen_randomness_constants());
}

}  // namespace

Fr snap_phi(const Fr& comm_d_new, const Fr& comm_r_old) { return hash2(comm_d_new, comm_r_old); }

Fr snap_rho(const Fr& phi, uint64_t high) { return hash2(phi, Fr::from_u64(high)); }

uint64_t challenge_high(const SnapConfig& config, uint64_t node, size_t h) {
  assert(h <= config.challenge_bits);
  return node >> (config.challenge_bits - h);
}

std::vector<uint64_t> snap_challenges(const SnapConfig& config, const Fr& comm_r_new, size_t k) {
  assert(k < config.partitions);
  const size_t bits = config.random_bits_per_challenge();
  const size_t per_digest = config.challenges_per_digest();
  const uint64_t digests = config.digests_per_partition();
  const uint64_t partition_high = uint64_t{k} << bits;
  std::vector<uint64_t> out;
  out.reserve(config.challenges_per_partition);
  for (uint64_t j = 0; out.size() < config.challenges_per_partition; ++j) {
    const std::vector<bool> digest_bits = gadgets::fr_to_bits_le(hash2(comm_r_new, Fr::from_u64(k * digests + j)));
    for (size_t i = 0; i < per_digest && out.size() < config.challenges_per_partition; ++i) {
      uint64_t c = 0;
      for (size_t b = 0; b < bits; ++b) c |= uint64_t{digest_bits[i * bits + b]} << b;
      out.push_back(c | partition_high);
    }
  }
  return out;
}

}  // namespace cuzk::filecoin::snapdeals
