// The ChaCha block function and the ChaCha8 u64 stream.
#include "filecoin/porep/chacha.hpp"

namespace cuzk::filecoin::porep {

namespace {

constexpr uint32_t rotl(uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }

void quarter_round(ChaChaBlock& x, size_t a, size_t b, size_t c, size_t d) {
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);
}

}  // namespace

ChaChaBlock chacha_block(const std::array<uint32_t, 8>& key, const std::array<uint32_t, 4>& words12_15,
                         unsigned double_rounds) {
  ChaChaBlock input = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};  // "expand 32-byte k"
  for (size_t i = 0; i < 8; ++i) input[4 + i] = key[i];
  for (size_t i = 0; i < 4; ++i) input[12 + i] = words12_15[i];
  ChaChaBlock x = input;
  for (unsigned r = 0; r < double_rounds; ++r) {
    quarter_round(x, 0, 4, 8, 12);  // columns
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);  // diagonals
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (size_t i = 0; i < 16; ++i) x[i] += input[i];
  return x;
}

ChaCha8Rng::ChaCha8Rng(const std::array<uint8_t, 32>& seed) {
  for (size_t i = 0; i < 8; ++i) {
    key_[i] = uint32_t{seed[4 * i]} | uint32_t{seed[4 * i + 1]} << 8 | uint32_t{seed[4 * i + 2]} << 16 |
              uint32_t{seed[4 * i + 3]} << 24;
  }
}

uint64_t ChaCha8Rng::next_u64() {
  // Blocks hold 16 words, so from the stream's start a u64 never straddles two blocks.
  if (used_ == 16) {
    block_ = chacha_block(key_, {static_cast<uint32_t>(counter_), static_cast<uint32_t>(counter_ >> 32), 0, 0}, 4);
    ++counter_;
    used_ = 0;
  }
  const uint64_t value = uint64_t{block_[used_]} | uint64_t{block_[used_ + 1]} << 32;
  used_ += 2;
  return value;
}

}  // namespace cuzk::filecoin::porep
