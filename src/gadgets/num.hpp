// Field elements in a circuit, as bellpepper's num gadget: AllocatedNum (a variable with its
// value) and Num (a value with a linear combination, not yet allocated). Same variables and
// constraints, in the same order, as bellpepper.
#pragma once

#include <utility>
#include <vector>

#include "gadgets/boolean.hpp"

namespace cuzk::gadgets {

struct AllocatedNum {
  r1cs::Variable variable;
  ff::Fr value;

  static AllocatedNum alloc(r1cs::ConstraintSystem& cs, const ff::Fr& value);

  // A new public input x with x·1 = this.
  void inputize(r1cs::ConstraintSystem& cs) const;
  // The 255 bits, little-endian, each allocated, then 0·0 = Σ 2^i·b_i − this. Does not force the
  // bits below the modulus (a congruent value also satisfies it).
  std::vector<Boolean> to_bits_le(r1cs::ConstraintSystem& cs) const;
  // As to_bits_le, but the bits are forced to encode a value < r (bellpepper's run-of-ones check).
  std::vector<Boolean> to_bits_le_strict(r1cs::ConstraintSystem& cs) const;
  // this·other = product.
  AllocatedNum mul(r1cs::ConstraintSystem& cs, const AllocatedNum& other) const;
  // this·this = square.
  AllocatedNum square(r1cs::ConstraintSystem& cs) const;
};

// (b, a) if condition, else (a, b): two new variables, two constraints.
std::pair<AllocatedNum, AllocatedNum> conditionally_reverse(r1cs::ConstraintSystem& cs, const AllocatedNum& a,
                                                            const AllocatedNum& b, const Boolean& condition);

// a·1 = b (rust-fil-proofs' constraint::equal).
void enforce_equal(r1cs::ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b);

// The 255 little-endian bits of a field element's canonical value.
std::vector<bool> fr_to_bits_le(const ff::Fr& value);

// A value and the linear combination that equals it.
struct Num {
  ff::Fr value;
  r1cs::LinearCombination lc;

  static Num from(const AllocatedNum& n) { return {n.value, r1cs::LinearCombination(n.variable)}; }
  // this + coeff·bit
  Num& add_bool_with_coeff(const Boolean& bit, const ff::Fr& coeff);
};

}  // namespace cuzk::gadgets
