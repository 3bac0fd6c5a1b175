// AllocatedNum and Num: allocation, inputs, bit decompositions, products, conditional reversal.
#include "gadgets/num.hpp"

#include <cassert>
#include <optional>

#include "r1cs/witness_constraint_system.hpp"

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

AllocatedNum AllocatedNum::alloc(ConstraintSystem& cs, const Fr& value) { return {cs.alloc(value), value}; }

void AllocatedNum::inputize(ConstraintSystem& cs) const {
  const Variable input = cs.alloc_input(value);
  cs.enforce(input, Variable::one(), variable);
}

std::vector<bool> fr_to_bits_le(const Fr& value) {
  const Fr::Repr limbs = value.to_canonical();
  std::vector<bool> bits(255);
  for (size_t i = 0; i < 255; ++i) bits[i] = (limbs[i / 64] >> (i % 64)) & 1;
  return bits;
}

namespace {

// 0·0 = Σ 2^i·bit_i − num (bits little-endian).
void enforce_unpacking(ConstraintSystem& cs, const std::vector<Boolean>& bits_le, Variable num) {
  LinearCombination lc;
  Fr coeff = Fr::one();
  for (const Boolean& bit : bits_le) {
    bit.add_to_lc(lc, coeff);
    coeff = coeff.dbl();
  }
  lc.add(num, -Fr::one());
  cs.enforce({}, {}, lc);
}

}  // namespace

std::vector<Boolean> AllocatedNum::to_bits_le(ConstraintSystem& cs) const {
  if (r1cs::WitnessConstraintSystem* witness = cs.witness_only()) {
    // The same 255 bits appended at once; the constraints are not kept.
    const Fr::Repr limbs = value.to_canonical();
    const uint64_t first = witness->next_aux();
    for (size_t l = 0; l < 4; ++l) witness->alloc_bits(limbs[l], l < 3 ? 64 : 255 - 192);
    std::vector<Boolean> bits;
    bits.reserve(255);
    for (size_t i = 0; i < 255; ++i) {
      bits.emplace_back(AllocatedBit{{first + i, r1cs::VariableKind::kAux}, ((limbs[i / 64] >> (i % 64)) & 1) != 0});
    }
    return bits;
  }
  const std::vector<bool> values = fr_to_bits_le(value);
  std::vector<Boolean> bits;
  bits.reserve(values.size());
  for (const bool b : values) bits.emplace_back(AllocatedBit::alloc(cs, b));
  enforce_unpacking(cs, bits, variable);
  return bits;
}

std::vector<Boolean> AllocatedNum::to_bits_le_strict(ConstraintSystem& cs) const {
  // Walk r − 1 from its top bit down: bits under a 1 of r − 1 are free; under a 0 they must be
  // 0 when every bit of the preceding runs of ones equals 1 (then the value would exceed r − 1).
  const std::vector<bool> a = fr_to_bits_le(value);
  const std::vector<bool> r_minus_1 = fr_to_bits_le(-Fr::one());
  std::vector<AllocatedBit> result;  // big-endian
  std::vector<AllocatedBit> current_run;
  std::optional<AllocatedBit> last_run;
  auto kary_and = [&](const std::vector<AllocatedBit>& v) {
    AllocatedBit cur = v[0];
    for (size_t i = 1; i < v.size(); ++i) cur = bit_and(cs, cur, v[i]);
    return cur;
  };
  bool found_one = false;
  for (size_t k = 255; k-- > 0;) {
    found_one |= r_minus_1[k];
    if (!found_one) continue;
    if (r_minus_1[k]) {
      const AllocatedBit bit = AllocatedBit::alloc(cs, a[k]);
      current_run.push_back(bit);
      result.push_back(bit);
    } else {
      if (!current_run.empty()) {
        if (last_run) current_run.push_back(*last_run);
        last_run = kary_and(current_run);
        current_run.clear();
      }
      assert(last_run);
      result.push_back(AllocatedBit::alloc_conditionally(cs, a[k], *last_run));
    }
  }
  std::vector<Boolean> bits(result.rbegin(), result.rend());
  enforce_unpacking(cs, bits, variable);
  return bits;
}

AllocatedNum AllocatedNum::mul(ConstraintSystem& cs, const AllocatedNum& other) const {
  const AllocatedNum out = alloc(cs, value * other.value);
  cs.enforce(variable, other.variable, out.variable);
  return out;
}

AllocatedNum AllocatedNum::square(ConstraintSystem& cs) const {
  const AllocatedNum out = alloc(cs, value.square());
  cs.enforce(variable, variable, out.variable);
  return out;
}

std::pair<AllocatedNum, AllocatedNum> conditionally_reverse(ConstraintSystem& cs, const AllocatedNum& a,
                                                            const AllocatedNum& b, const Boolean& condition) {
  const AllocatedNum c = AllocatedNum::alloc(cs, condition.value() ? b.value : a.value);
  cs.enforce(LinearCombination(a.variable) - b.variable, condition.lc(), LinearCombination(a.variable) - c.variable);
  const AllocatedNum d = AllocatedNum::alloc(cs, condition.value() ? a.value : b.value);
  cs.enforce(LinearCombination(b.variable) - a.variable, condition.lc(), LinearCombination(b.variable) - d.variable);
  return {c, d};
}

void enforce_equal(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b) {
  cs.enforce(a.variable, Variable::one(), b.variable);
}

Num& Num::add_bool_with_coeff(const Boolean& bit, const Fr& coeff) {
  if (bit.value()) value += coeff;
  bit.add_to_lc(lc, coeff);
  return *this;
}

}  // namespace cuzk::gadgets
