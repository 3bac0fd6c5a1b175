// Multipacking of bits into field elements (inputs or private numbers).
#include "gadgets/multipack.hpp"

#include <algorithm>

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

std::vector<Fr> compute_multipacking(const std::vector<bool>& bits) {
  std::vector<Fr> out;
  for (size_t start = 0; start < bits.size(); start += kFrCapacity) {
    Fr acc, coeff = Fr::one();
    for (size_t i = start; i < std::min(bits.size(), start + kFrCapacity); ++i) {
      if (bits[i]) acc += coeff;
      coeff = coeff.dbl();
    }
    out.push_back(acc);
  }
  return out;
}

namespace {

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

void pack_into_inputs(ConstraintSystem& cs, std::span<const Boolean> bits) {
  for (size_t start = 0; start < bits.size(); start += kFrCapacity) {
    const Num num = pack(bits.subspan(start, std::min(kFrCapacity, bits.size() - start)));
    const Variable input = cs.alloc_input(num.value);
    cs.enforce(num.lc, Variable::one(), input);
  }
}

AllocatedNum pack_bits(ConstraintSystem& cs, std::span<const Boolean> bits) {
  const Num num = pack(bits.first(std::min(kFrCapacity, bits.size())));
  const AllocatedNum out = AllocatedNum::alloc(cs, num.value);
  cs.enforce(num.lc, Variable::one(), out.variable);
  return out;
}

}  // namespace cuzk::gadgets
