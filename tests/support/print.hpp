// gtest printers for field elements: failures print canonical hex instead of raw bytes.
// gtest finds PrintTo by argument-dependent lookup, so these live in cuzk::ff.
#pragma once

#include <ostream>

#include "ff/fq12.hpp"
#include "ff/fr.hpp"

namespace cuzk::ff {
template <class P, class W>
void PrintTo(const PrimeField<P, W>& v, std::ostream* os) {
  *os << "0x" << v.to_hex();
}
inline void PrintTo(const Fq2& v, std::ostream* os) {
  *os << "{";
  PrintTo(v.c0, os);
  *os << ", ";
  PrintTo(v.c1, os);
  *os << "}";
}
inline void PrintTo(const Fq6& v, std::ostream* os) {
  *os << "{";
  PrintTo(v.c0, os);
  *os << ", ";
  PrintTo(v.c1, os);
  *os << ", ";
  PrintTo(v.c2, os);
  *os << "}";
}
inline void PrintTo(const Fq12& v, std::ostream* os) {
  *os << "{";
  PrintTo(v.c0, os);
  *os << ", ";
  PrintTo(v.c1, os);
  *os << "}";
}
}  // namespace cuzk::ff
