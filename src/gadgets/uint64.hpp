// 64-bit words in a circuit, as rust-fil-proofs' UInt64 gadget (storage-proofs-core): 64 bits,
// least significant first, either constants or freshly allocated bits; exposing one as a
// public input packs its bits (one input, one constraint). The PoRep circuit carries the
// challenged node this way: its bits go into the label preimage and its value is public.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gadgets/boolean.hpp"

namespace cuzk::gadgets {

class UInt64 {
 public:
  static UInt64 constant(uint64_t value);
  // 64 new bits, least significant first, each with (1 − b)·b = 0.
  static UInt64 alloc(r1cs::ConstraintSystem& cs, uint64_t value);

  uint64_t value() const { return value_; }
  const std::array<Boolean, 64>& bits() const { return bits_; }  // least significant first
  // 64 bits, most significant first.
  std::vector<Boolean> to_bits_be() const;
  // One new public input equal to the value: Σ 2^i·b_i · 1 = input (multipack).
  void pack_into_input(r1cs::ConstraintSystem& cs) const;

 private:
  std::array<Boolean, 64> bits_{};
  uint64_t value_ = 0;
};

}  // namespace cuzk::gadgets
