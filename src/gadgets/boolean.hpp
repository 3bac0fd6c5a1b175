// Bits in a circuit, constraint-for-constraint as bellpepper's boolean gadget: an AllocatedBit
// is a variable constrained to 0/1; a Boolean is a constant, an allocated bit, or the negation
// of one (negation is free). Every operation emits exactly bellpepper's variables and
// constraints in bellpepper's order, including its constant-folding shortcuts, because
// Filecoin's parameters fix the R1CS down to the variable order.
#pragma once

#include "r1cs/constraint_system.hpp"

namespace cuzk::gadgets {

struct AllocatedBit {
  r1cs::Variable variable;
  bool value = false;

  // A new bit with (1 − a)·a = 0.
  static AllocatedBit alloc(r1cs::ConstraintSystem& cs, bool value);
  // A new bit with (1 − must_be_false − a)·a = 0: forced to 0 when must_be_false is 1.
  static AllocatedBit alloc_conditionally(r1cs::ConstraintSystem& cs, bool value, const AllocatedBit& must_be_false);
};

// a ⊕ b: (a + a)·b = a + b − c.
AllocatedBit bit_xor(r1cs::ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
// a ∧ b: a·b = c.
AllocatedBit bit_and(r1cs::ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
// a ∧ ¬b: a·(1 − b) = c.
AllocatedBit bit_and_not(r1cs::ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);
// ¬a ∧ ¬b: (1 − a)·(1 − b) = c.
AllocatedBit bit_nor(r1cs::ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b);

class Boolean {
 public:
  enum class Kind : uint8_t { kConstant, kIs, kNot };

  Boolean() = default;  // constant false
  static Boolean constant(bool value) { return Boolean(Kind::kConstant, {}, value); }
  Boolean(const AllocatedBit& bit) : Boolean(Kind::kIs, bit.variable, bit.value) {}  // NOLINT(google-explicit-constructor)

  Kind kind() const { return kind_; }
  bool is_constant() const { return kind_ == Kind::kConstant; }
  bool value() const { return value_; }
  // The underlying allocated bit (kIs or kNot only).
  AllocatedBit bit() const { return {variable_, kind_ == Kind::kNot ? !value_ : value_}; }
  Boolean negated() const;

  // lc += coeff·this, without building an intermediate combination: nothing for constant 0,
  // coeff·ONE for constant 1, coeff·v for v, coeff·ONE − coeff·v for ¬v (bellpepper's terms).
  void add_to_lc(r1cs::LinearCombination& lc, const ff::Fr& coeff) const;
  r1cs::LinearCombination lc(const ff::Fr& coeff = ff::Fr::one()) const;

 private:
  Boolean(Kind kind, r1cs::Variable variable, bool value) : variable_(variable), kind_(kind), value_(value) {}
  r1cs::Variable variable_{};
  Kind kind_ = Kind::kConstant;
  bool value_ = false;
};

Boolean boolean_xor(r1cs::ConstraintSystem& cs, const Boolean& a, const Boolean& b);
Boolean boolean_and(r1cs::ConstraintSystem& cs, const Boolean& a, const Boolean& b);
// SHA-256's ch = (a ∧ b) ⊕ (¬a ∧ c) and maj = (a ∧ b) ⊕ (a ∧ c) ⊕ (b ∧ c), with bellpepper's
// constant cases.
Boolean sha256_ch(r1cs::ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c);
Boolean sha256_maj(r1cs::ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c);
// a = b as one constraint 0·0 = a − b (nothing for two constants). Two different constants:
// kUnsatisfiable.
Status enforce_equal(r1cs::ConstraintSystem& cs, const Boolean& a, const Boolean& b);

}  // namespace cuzk::gadgets
