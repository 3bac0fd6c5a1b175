// PoRep interactive challenges and replica ids.
#include "filecoin/porep/challenges.hpp"

#include <cassert>

#include "gadgets/sha256_native.hpp"

namespace cuzk::filecoin::porep {

std::vector<uint64_t> interactive_challenges(const Bytes32& replica_id, const Bytes32& seed, uint64_t partition,
                                             size_t count, uint64_t nodes) {
  assert(nodes >= 2 && nodes < (uint64_t{1} << 32));
  const uint64_t modulus = nodes - 1;
  std::vector<uint64_t> out;
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t j = static_cast<uint32_t>(partition * count + i);
    const uint8_t j_le[4] = {static_cast<uint8_t>(j), static_cast<uint8_t>(j >> 8), static_cast<uint8_t>(j >> 16),
                             static_cast<uint8_t>(j >> 24)};
    gadgets::Sha256 h;
    h.update(replica_id).update(seed).update(j_le);
    const gadgets::Sha256Digest digest = std::move(h).finish();
    // The digest as a little-endian integer, reduced by Horner's rule from its top byte
    // (remainder < 2^32, so remainder · 256 + byte fits in 64 bits).
    uint64_t remainder = 0;
    for (size_t b = digest.size(); b-- > 0;) remainder = (remainder * 256 + digest[b]) % modulus;
    out.push_back(remainder + 1);
  }
  return out;
}

Bytes32 prover_id_from_actor(uint64_t actor_id) {
  Bytes32 out{};
  size_t n = 0;
  do {
    const uint8_t low = actor_id & 0x7f;
    actor_id >>= 7;
    out[n++] = actor_id != 0 ? (low | 0x80) : low;
  } while (actor_id != 0);  // at most 10 bytes for a u64
  return out;
}

Bytes32 generate_replica_id(const Bytes32& prover_id, uint64_t sector_id, const Bytes32& ticket,
                            const Bytes32& comm_d, const Bytes32& porep_seed) {
  uint8_t sector_be[8];
  for (size_t b = 0; b < 8; ++b) sector_be[b] = static_cast<uint8_t>(sector_id >> (56 - 8 * b));
  gadgets::Sha256 h;
  h.update(prover_id).update(sector_be).update(ticket).update(comm_d).update(porep_seed);
  return gadgets::trim_to_fr32(std::move(h).finish());
}

}  // namespace cuzk::filecoin::porep
