// UInt32 and MultiEq: the word arithmetic behind the SHA-256 gadget.
#include "gadgets/uint32.hpp"

#include <bit>
#include <cassert>

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;

namespace {

constexpr size_t kCapacity = 254;  // Fr::CAPACITY: bits a field element holds without wrapping

// 2^i for i < 256.
const Fr& power_of_two(size_t i) {
  static const std::array<Fr, 256> table = [] {
    std::array<Fr, 256> t{};
    t[0] = Fr::one();
    for (size_t k = 1; k < t.size(); ++k) t[k] = t[k - 1].dbl();
    return t;
  }();
  return table[i];
}

}  // namespace

void MultiEq::accumulate() {
  cs_.enforce(lhs_, r1cs::Variable::one(), rhs_);
  lhs_.clear();
  rhs_.clear();
  bits_used_ = 0;
}

void MultiEq::enforce_equal(size_t num_bits, const LinearCombination& lhs, const LinearCombination& rhs) {
  if (kCapacity <= bits_used_ + num_bits) accumulate();
  assert(kCapacity > bits_used_ + num_bits);
  const Fr& coeff = power_of_two(bits_used_);
  lhs_.add(lhs, coeff);
  rhs_.add(rhs, coeff);
  bits_used_ += num_bits;
}

void MultiEq::flush() {
  if (bits_used_ > 0) accumulate();
}

UInt32 UInt32::constant(uint32_t value) {
  UInt32 out;
  out.value_ = value;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = Boolean::constant((value >> i) & 1);
  return out;
}

UInt32 UInt32::alloc(ConstraintSystem& cs, uint32_t value) {
  UInt32 out;
  out.value_ = value;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = AllocatedBit::alloc(cs, (value >> i) & 1);
  return out;
}

UInt32 UInt32::from_bits_be(std::span<const Boolean> bits) {
  assert(bits.size() == 32);
  UInt32 out;
  for (size_t i = 0; i < 32; ++i) {
    out.bits_[i] = bits[31 - i];
    if (out.bits_[i].value()) out.value_ |= uint32_t{1} << i;
  }
  return out;
}

std::vector<Boolean> UInt32::to_bits_be() const { return {bits_.rbegin(), bits_.rend()}; }

UInt32 UInt32::rotr(size_t by) const {
  by %= 32;
  UInt32 out;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = bits_[(i + by) % 32];
  out.value_ = std::rotr(value_, static_cast<int>(by));
  return out;
}

UInt32 UInt32::shr(size_t by) const {
  by %= 32;
  UInt32 out;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = i + by < 32 ? bits_[i + by] : Boolean::constant(false);
  out.value_ = value_ >> by;
  return out;
}

UInt32 UInt32::bit_xor(ConstraintSystem& cs, const UInt32& other) const {
  UInt32 out;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = boolean_xor(cs, bits_[i], other.bits_[i]);
  out.value_ = value_ ^ other.value_;
  return out;
}

UInt32 UInt32::sha256_ch(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  UInt32 out;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = gadgets::sha256_ch(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
  out.value_ = (a.value_ & b.value_) ^ (~a.value_ & c.value_);
  return out;
}

UInt32 UInt32::sha256_maj(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  UInt32 out;
  for (size_t i = 0; i < 32; ++i) out.bits_[i] = gadgets::sha256_maj(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
  out.value_ = (a.value_ & b.value_) ^ (a.value_ & c.value_) ^ (b.value_ & c.value_);
  return out;
}

UInt32 UInt32::addmany(MultiEq& eq, std::span<const UInt32> operands) {
  assert(operands.size() >= 2 && operands.size() <= 10);
  uint64_t max_value = operands.size() * uint64_t{0xffffffff};
  uint64_t sum = 0;
  bool all_constants = true;
  LinearCombination lc;
  for (const UInt32& op : operands) {
    sum += op.value_;
    for (size_t i = 0; i < 32; ++i) {
      op.bits_[i].add_to_lc(lc, power_of_two(i));
      all_constants &= op.bits_[i].is_constant();
    }
  }
  if (all_constants) return constant(static_cast<uint32_t>(sum));
  UInt32 out;
  out.value_ = static_cast<uint32_t>(sum);
  LinearCombination result_lc;
  size_t i = 0;
  for (; max_value != 0; max_value >>= 1, ++i) {
    const AllocatedBit bit = AllocatedBit::alloc(eq.cs(), (sum >> i) & 1);
    result_lc.add(bit.variable, power_of_two(i));
    if (i < 32) out.bits_[i] = bit;
  }
  eq.enforce_equal(i, lc, result_lc);
  return out;
}

}  // namespace cuzk::gadgets
