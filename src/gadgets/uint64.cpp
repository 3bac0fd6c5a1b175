// UInt64: constants, allocation, big-endian bits, packing into a public input.
#include "gadgets/uint64.hpp"

#include "gadgets/multipack.hpp"

namespace cuzk::gadgets {

UInt64 UInt64::constant(uint64_t value) {
  UInt64 out;
  out.value_ = value;
  for (size_t i = 0; i < 64; ++i) out.bits_[i] = Boolean::constant((value >> i) & 1);
  return out;
}

UInt64 UInt64::alloc(r1cs::ConstraintSystem& cs, uint64_t value) {
  UInt64 out;
  out.value_ = value;
  for (size_t i = 0; i < 64; ++i) out.bits_[i] = AllocatedBit::alloc(cs, (value >> i) & 1);
  return out;
}

std::vector<Boolean> UInt64::to_bits_be() const { return {bits_.rbegin(), bits_.rend()}; }

void UInt64::pack_into_input(r1cs::ConstraintSystem& cs) const { pack_into_inputs(cs, bits_); }

}  // namespace cuzk::gadgets
