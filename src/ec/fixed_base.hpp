// Fixed-base scalar multiplication: a table of d·2^(w·i)·G for every window i and digit d, so
// [k]G costs one mixed addition per window (32 for w = 8) instead of ~256 doublings. For
// generating many multiples of one base (test setups, key generation).
#pragma once

#include <span>
#include <vector>

#include "ec/curve.hpp"

namespace cuzk::ec {

template <class C>
class FixedBaseTable {
 public:
  static constexpr unsigned kWindowBits = 8;
  static constexpr size_t kWindows = 256 / kWindowBits;
  static constexpr size_t kDigits = size_t{1} << kWindowBits;

  explicit FixedBaseTable(const Jacobian<C>& base) {
    std::vector<Jacobian<C>> entries(kWindows * kDigits);
    Jacobian<C> window_base = base;
    for (size_t w = 0; w < kWindows; ++w) {
      entries[w * kDigits] = Jacobian<C>::identity();
      for (size_t d = 1; d < kDigits; ++d) entries[w * kDigits + d] = entries[w * kDigits + d - 1] + window_base;
      for (unsigned i = 0; i < kWindowBits; ++i) window_base = window_base.dbl();
    }
    table_ = batch_to_affine<C>(entries);
  }

  // [k]G for a plain little-endian 256-bit integer k.
  Jacobian<C> mul(const ff::Limbs<4>& k) const {
    Jacobian<C> acc = Jacobian<C>::identity();
    for (size_t w = 0; w < kWindows; ++w) {
      const size_t bit = w * kWindowBits;
      const size_t digit = (k[bit / 64] >> (bit % 64)) & (kDigits - 1);
      acc = acc.add_mixed(table_[w * kDigits + digit]);
    }
    return acc;
  }

  // The table, window-major: entries()[w·kDigits + d] = d·2^(w·kWindowBits)·G (d = 0: identity).
  std::span<const Affine<C>> entries() const { return table_; }

 private:
  std::vector<Affine<C>> table_;  // table_[w·kDigits + d] = d·2^(8w)·G
};

}  // namespace cuzk::ec
