// BLAKE2b (RFC 7693), unkeyed, 64-byte digest: the round function of the PoRep expander
// graph's Feistel permutation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace cuzk::filecoin::porep {

using Blake2bDigest = std::array<uint8_t, 64>;

// BLAKE2b-512 of `data` (no key).
Blake2bDigest blake2b_512(std::span<const uint8_t> data);

}  // namespace cuzk::filecoin::porep
