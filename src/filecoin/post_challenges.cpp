// PoSt leaf challenge derivation.
#include "filecoin/post_challenges.hpp"

#include "gadgets/sha256_native.hpp"

namespace cuzk::filecoin {

uint64_t post_leaf_challenge(const Randomness& randomness, uint64_t sector_id, uint64_t challenge_index,
                             uint64_t leaves) {
  uint8_t message[48];
  for (size_t i = 0; i < 32; ++i) message[i] = randomness[i];
  for (size_t i = 0; i < 8; ++i) {
    message[32 + i] = static_cast<uint8_t>(sector_id >> (8 * i));
    message[40 + i] = static_cast<uint8_t>(challenge_index >> (8 * i));
  }
  const gadgets::Sha256Digest digest = gadgets::sha256(message);
  uint64_t value = 0;
  for (size_t i = 0; i < 8; ++i) value |= uint64_t{digest[i]} << (8 * i);
  return value % leaves;
}

}  // namespace cuzk::filecoin
