// Exponentiation by square-and-multiply, shared by every field type (PrimeField, Fq2, Fq12):
// F needs one(), square() and *=. Variable time in the exponent (exponents are public).
#pragma once

#include "ff/limb_arith.hpp"

namespace cuzk::ff {

// base^exp, exp a plain little-endian integer of any width.
template <class F, size_t M>
F pow_vartime(const F& base, const Limbs<M>& exp) {
  F acc = F::one();
  for (size_t i = bit_length(exp); i-- > 0;) {
    acc = acc.square();
    if (bit_at(exp, i)) acc *= base;
  }
  return acc;
}

}  // namespace cuzk::ff
