// Width-w non-adjacent form of a non-negative integer: digits d_i ∈ {0, ±1, ±3, …, ±(2^(w−1) − 1)}
// with k = Σ d_i·2^i and at most one non-zero digit in any w consecutive positions.
#pragma once

#include <cstdint>
#include <vector>

#include "ff/limb_arith.hpp"

namespace cuzk::ec {

// Digits least significant first; empty for k = 0. 2 ≤ window ≤ 7.
template <size_t M>
std::vector<int8_t> wnaf_digits(const ff::Limbs<M>& k, unsigned window) {
  ff::Limbs<M + 1> n{};  // one spare limb absorbs the carry of negative digits
  for (size_t i = 0; i < M; ++i) n[i] = k[i];
  const uint64_t modulus = uint64_t{1} << window;
  const int64_t half = int64_t{1} << (window - 1);
  std::vector<int8_t> digits;
  digits.reserve(64 * M + 1);
  while (!ff::is_zero_limbs(n)) {
    int64_t digit = 0;
    if (n[0] & 1) {
      digit = static_cast<int64_t>(n[0] & (modulus - 1));
      if (digit >= half) digit -= static_cast<int64_t>(modulus);
      // n −= digit
      ff::Limbs<M + 1> adjust{};
      adjust[0] = static_cast<uint64_t>(digit < 0 ? -digit : digit);
      if (digit < 0) {
        ff::add_limbs<ff::PortableWords, M + 1>(n, n, adjust);
      } else {
        ff::sub_limbs<ff::PortableWords, M + 1>(n, n, adjust);
      }
    }
    digits.push_back(static_cast<int8_t>(digit));
    ff::shift_right_one(n, 0);
  }
  return digits;
}

}  // namespace cuzk::ec
