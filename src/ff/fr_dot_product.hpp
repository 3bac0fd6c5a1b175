// Σ a_i·b_i over Fr with one Montgomery reduction instead of one per product: the 512-bit
// products are summed exactly in nine limbs, then reduced once (REDC) and brought below r by
// subtraction. For the dense matrix-vector products of the optimized Poseidon permutation
// (poseidon/optimized.cpp), where a per-product reduction is about half the work.
//
// Without unsigned __int128 (limb_arith.hpp) it is the plain sum of products.
//
// Bounds: each product < r² < 2^510 and at most kMaxTerms of them < 2^514, inside 576 bits;
// REDC of S < n·r² gives t = (S + M·r)/2^256 < r·(n·r/2^256 + 1) < 7r for n ≤ 12 (r < 0.46·2^256).
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

#include "ff/fr.hpp"

namespace cuzk::ff {

inline constexpr size_t kFrDotProductMaxTerms = 12;

inline Fr fr_dot_product(std::span<const Fr> a, std::span<const Fr> b) {
  assert(a.size() == b.size() && a.size() <= kFrDotProductMaxTerms);
#if !CUZK_FF_HAVE_INT128
  Fr sum = Fr::zero();
  for (size_t n = 0; n < a.size(); ++n) sum += a[n] * b[n];
  return sum;
#else
  using u128 = UInt128;
  constexpr size_t kWide = 9;
  uint64_t acc[kWide];
  // Product scanning: column k of the sum gathers every x_i·y_j with i + j = k, in a 192-bit
  // accumulator (low 128 bits and a word of carries).
  u128 column = 0;
  uint64_t carries = 0;
  for (size_t k = 0; k < 7; ++k) {
    for (size_t n = 0; n < a.size(); ++n) {
      const Fr::Repr& x = a[n].montgomery();
      const Fr::Repr& y = b[n].montgomery();
      for (size_t i = k < 3 ? 0 : k - 3; i <= (k < 3 ? k : 3); ++i) {
        const u128 p = u128{x[i]} * y[k - i];
        column += p;
        carries += column < p;
      }
    }
    acc[k] = static_cast<uint64_t>(column);
    column = (column >> 64) | (u128{carries} << 64);
    carries = 0;
  }
  acc[7] = static_cast<uint64_t>(column);
  acc[8] = static_cast<uint64_t>(column >> 64);
  // REDC: four rounds clear the low limbs, each carry carried to the top; t = acc[4..8] < 7r
  const Limbs<4>& r = FrParams::kModulus;
  for (size_t i = 0; i < 4; ++i) {
    const uint64_t m = acc[i] * FrParams::kInv;
    uint64_t carry = 0;
    for (size_t j = 0; j < 4; ++j) {
      const u128 t = u128{m} * r[j] + acc[i + j] + carry;
      acc[i + j] = static_cast<uint64_t>(t);
      carry = static_cast<uint64_t>(t >> 64);
    }
    for (size_t k = i + 4; k < kWide; ++k) {
      const u128 t = u128{acc[k]} + carry;
      acc[k] = static_cast<uint64_t>(t);
      carry = static_cast<uint64_t>(t >> 64);
    }
  }
  uint64_t* t = acc + 4;  // five limbs
  auto at_least_r = [&]() {
    if (t[4] != 0) return true;
    for (size_t k = 4; k-- > 0;) {
      if (t[k] != r[k]) return t[k] > r[k];
    }
    return true;
  };
  while (at_least_r()) {
    uint64_t borrow = 0;
    for (size_t k = 0; k < 5; ++k) {
      const uint64_t rk = k < 4 ? r[k] : 0;
      const u128 d = u128{t[k]} - rk - borrow;
      t[k] = static_cast<uint64_t>(d);
      borrow = static_cast<uint64_t>(d >> 64) & 1;
    }
  }
  return Fr::from_montgomery({t[0], t[1], t[2], t[3]});
#endif
}

}  // namespace cuzk::ff
