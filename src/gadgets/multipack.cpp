// Multipacking of bits into field elements (inputs or private numbers).
#include "gadgets/multipack.hpp"

#include <algorithm>

#include "r1cs/witness_constraint_system.hpp"

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::Variable;

std::vector<bool> bytes_to_bits(std::span<const uint8_t> bytes) {
  std::vector<bool> out;
  out.reserve(bytes.size() * 8);
  for (const uint8_t b : bytes) {
    for (size_t i = 8; i-- > 0;) out.push_back((b >> i) & 1);
  }
  return out;
}

std::vector<bool> bytes_to_bits_le(std::span<const uint8_t> bytes) {
  std::vector<bool> out;
  out.reserve(bytes.size() * 8);
  for (const uint8_t b : bytes) {
    for (size_t i = 0; i < 8; ++i) out.push_back((b >> i) & 1);
  }
  return out;
}

namespace {

// Σ 2^i·bit_at(i) for i < count ≤ 254 (below r: no reduction), from the integer's limbs.
template <class BitAt>
Fr packed_value(size_t count, BitAt bit_at) {
  Fr::Repr limbs{};
  for (size_t i = 0; i < count; ++i) limbs[i / 64] |= uint64_t{bit_at(i)} << (i % 64);
  return *Fr::from_canonical(limbs);
}

Fr packed_value(std::span<const Boolean> bits) {
  return packed_value(bits.size(), [&](size_t i) { return bits[i].value(); });
}

// The value and the combination Σ 2^i·bit_i.
Num pack(std::span<const Boolean> bits) {
  Num num;
  Fr coeff = Fr::one();
  for (const Boolean& bit : bits) {
    num.add_bool_with_coeff(bit, coeff);
    coeff = coeff.dbl();
  }
  return num;
}

}  // namespace

std::vector<Fr> compute_multipacking(const std::vector<bool>& bits) {
  std::vector<Fr> out;
  for (size_t start = 0; start < bits.size(); start += kFrCapacity) {
    const size_t count = std::min(kFrCapacity, bits.size() - start);
    out.push_back(packed_value(count, [&](size_t i) { return static_cast<bool>(bits[start + i]); }));
  }
  return out;
}

void pack_into_inputs(ConstraintSystem& cs, std::span<const Boolean> bits) {
  for (size_t start = 0; start < bits.size(); start += kFrCapacity) {
    const std::span<const Boolean> chunk = bits.subspan(start, std::min(kFrCapacity, bits.size() - start));
    if (cs.witness_only()) {
      cs.alloc_input(packed_value(chunk));  // the packing constraint is not kept
      continue;
    }
    const Num num = pack(chunk);
    const Variable input = cs.alloc_input(num.value);
    cs.enforce(num.lc, Variable::one(), input);
  }
}

AllocatedNum pack_bits(ConstraintSystem& cs, std::span<const Boolean> bits) {
  const std::span<const Boolean> packed = bits.first(std::min(kFrCapacity, bits.size()));
  if (cs.witness_only()) return AllocatedNum::alloc(cs, packed_value(packed));  // the constraint is not kept
  const Num num = pack(packed);
  const AllocatedNum out = AllocatedNum::alloc(cs, num.value);
  cs.enforce(num.lc, Variable::one(), out.variable);
  return out;
}

}  // namespace cuzk::gadgets
