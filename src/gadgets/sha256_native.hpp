// Plain SHA-256 (FIPS 180-4) on bytes: the reference the SHA-256 gadget is checked against and
// the hash behind Filecoin's PoSt challenges and SHA-256 Merkle trees. Also Filecoin's Fr32
// truncation of a digest.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace cuzk::gadgets {

using Sha256Digest = std::array<uint8_t, 32>;

class Sha256 {
 public:
  Sha256();
  Sha256& update(std::span<const uint8_t> data);
  Sha256Digest finish() &&;

 private:
  void compress(const uint8_t* block);
  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

Sha256Digest sha256(std::span<const uint8_t> data);

// One compression of a 64-byte block from `state` (no padding): the sha256 round function alone.
void sha256_compress(std::array<uint32_t, 8>& state, std::span<const uint8_t, 64> block);

// The SHA-256 initial hash value and round constants (FIPS 180-4 §5.3.3, §4.2.2).
extern const std::array<uint32_t, 8> kSha256Iv;
extern const std::array<uint32_t, 64> kSha256RoundConstants;

// Filecoin's Fr32 truncation: keep 254 bits by clearing the top two bits of the last byte of
// the little-endian value (digest[31] &= 0x3f).
inline Sha256Digest trim_to_fr32(Sha256Digest digest) {
  digest[31] &= 0x3f;
  return digest;
}

}  // namespace cuzk::gadgets
