// The ChaCha block function (Bernstein's original layout: a 256-bit key, a 64-bit block
// counter and a 64-bit nonce) and rand_chacha's ChaCha8Rng as the PoRep DRG draws from it:
// the keystream of (seed, nonce 0) read as consecutive little-endian u64 words.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin::porep {

using ChaChaBlock = std::array<uint32_t, 16>;

// One block: the state constants ‖ key (8 LE words) ‖ words 12..15 as given (counter low,
// counter high, nonce low, nonce high in the original layout; counter ‖ 96-bit nonce in RFC
// 8439's), `double_rounds` double rounds (4 for ChaCha8, 10 for ChaCha20), plus the input.
ChaChaBlock chacha_block(const std::array<uint32_t, 8>& key, const std::array<uint32_t, 4>& words12_15,
                         unsigned double_rounds);

// rand_chacha::ChaCha8Rng::from_seed(seed) drawing u64s with next_u64 (from the start of the
// stream: two consecutive keystream words, low first).
class ChaCha8Rng {
 public:
  explicit ChaCha8Rng(const std::array<uint8_t, 32>& seed);
  uint64_t next_u64();

 private:
  std::array<uint32_t, 8> key_{};
  uint64_t counter_ = 0;  // the next block
  ChaChaBlock block_{};
  size_t used_ = 16;  // words of block_ consumed
};

}  // namespace cuzk::filecoin::porep
