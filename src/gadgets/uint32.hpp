// 32-bit words in a circuit, as bellpepper's UInt32 and MultiEq gadgets (the SHA-256 building
// blocks): bits least significant first; rotations and shifts are free rewirings; xor is one
// constraint per non-constant bit; addmany allocates the sum's bits and defers its equality to
// a MultiEq, which packs several equalities into one constraint while they fit in 254 bits.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "gadgets/boolean.hpp"

namespace cuzk::gadgets {

// Batches "lhs = rhs" equalities of known bit widths into one constraint
// (Σ 2^offset_k·lhs_k)·1 = Σ 2^offset_k·rhs_k, flushing when the next one would reach 254 bits.
// Call flush() when done (bellpepper flushes on drop, at the end of its scope).
class MultiEq {
 public:
  explicit MultiEq(r1cs::ConstraintSystem& cs) : cs_(cs) {}
  MultiEq(const MultiEq&) = delete;
  MultiEq& operator=(const MultiEq&) = delete;

  r1cs::ConstraintSystem& cs() { return cs_; }
  void enforce_equal(size_t num_bits, const r1cs::LinearCombination& lhs, const r1cs::LinearCombination& rhs);
  void flush();

 private:
  void accumulate();
  r1cs::ConstraintSystem& cs_;
  size_t bits_used_ = 0;
  r1cs::LinearCombination lhs_, rhs_;
};

class UInt32 {
 public:
  static UInt32 constant(uint32_t value);
  static UInt32 alloc(r1cs::ConstraintSystem& cs, uint32_t value);
  // 32 bits, most significant first.
  static UInt32 from_bits_be(std::span<const Boolean> bits);
  std::vector<Boolean> to_bits_be() const;

  uint32_t value() const { return value_; }
  const std::array<Boolean, 32>& bits() const { return bits_; }  // least significant first

  UInt32 rotr(size_t by) const;
  UInt32 shr(size_t by) const;
  UInt32 bit_xor(r1cs::ConstraintSystem& cs, const UInt32& other) const;

  static UInt32 sha256_ch(r1cs::ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c);
  static UInt32 sha256_maj(r1cs::ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c);
  // Σ operands mod 2^32 (2 to 10 operands): a constant if every bit is constant, otherwise the
  // full sum's bits are allocated and its equality handed to `eq`.
  static UInt32 addmany(MultiEq& eq, std::span<const UInt32> operands);

 private:
  std::array<Boolean, 32> bits_{};
  uint32_t value_ = 0;
};

}  // namespace cuzk::gadgets
