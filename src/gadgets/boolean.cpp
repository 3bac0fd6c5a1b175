// Boolean gadgets: allocation, xor/and/and-not/nor, SHA-256 ch and maj, equality.
#include "gadgets/boolean.hpp"

#include "r1cs/witness_constraint_system.hpp"

namespace cuzk::gadgets {

using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;
using ff::Fr;

namespace {

Fr bit_value(bool b) { return b ? Fr::one() : Fr::zero(); }
const Fr& minus_one() {
  static const Fr value = -Fr::one();
  return value;
}
LinearCombination one_minus(Variable v) { return LinearCombination(Variable::one()).add(v, minus_one()); }

}  // namespace

AllocatedBit AllocatedBit::alloc(ConstraintSystem& cs, bool value) {
  if (r1cs::WitnessConstraintSystem* witness = cs.witness_only()) return {witness->alloc_bits(value, 1), value};
  const Variable v = cs.alloc(bit_value(value));
  cs.enforce(one_minus(v), v, {});
  return {v, value};
}

AllocatedBit AllocatedBit::alloc_conditionally(ConstraintSystem& cs, bool value, const AllocatedBit& must_be_false) {
  const Variable v = cs.alloc(bit_value(value));
  cs.enforce(one_minus(must_be_false.variable).add(v, minus_one()), v, {});
  return {v, value};
}

AllocatedBit bit_xor(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  const bool value = a.value != b.value;
  const Variable c = cs.alloc(bit_value(value));
  cs.enforce(LinearCombination(a.variable) + a.variable, b.variable,
             (LinearCombination(a.variable) + b.variable) - c);
  return {c, value};
}

AllocatedBit bit_and(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  const bool value = a.value && b.value;
  const Variable c = cs.alloc(bit_value(value));
  cs.enforce(a.variable, b.variable, c);
  return {c, value};
}

AllocatedBit bit_and_not(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  const bool value = a.value && !b.value;
  const Variable c = cs.alloc(bit_value(value));
  cs.enforce(a.variable, one_minus(b.variable), c);
  return {c, value};
}

AllocatedBit bit_nor(ConstraintSystem& cs, const AllocatedBit& a, const AllocatedBit& b) {
  const bool value = !a.value && !b.value;
  const Variable c = cs.alloc(bit_value(value));
  cs.enforce(one_minus(a.variable), one_minus(b.variable), c);
  return {c, value};
}

Boolean Boolean::negated() const {
  switch (kind_) {
    case Kind::kConstant: return constant(!value_);
    case Kind::kIs: return Boolean(Kind::kNot, variable_, !value_);
    case Kind::kNot: return Boolean(Kind::kIs, variable_, !value_);
  }
  return *this;
}

void Boolean::add_to_lc(LinearCombination& lc, const Fr& coeff) const {
  switch (kind_) {
    case Kind::kConstant:
      if (value_) lc.add(Variable::one(), coeff);
      break;
    case Kind::kIs: lc.add(variable_, coeff); break;
    case Kind::kNot:
      lc.add(Variable::one(), coeff);
      lc.add(variable_, -coeff);
      break;
  }
}

LinearCombination Boolean::lc(const Fr& coeff) const {
  LinearCombination out;
  add_to_lc(out, coeff);
  return out;
}

Boolean boolean_xor(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  using K = Boolean::Kind;
  if (a.is_constant()) return a.value() ? b.negated() : b;
  if (b.is_constant()) return b.value() ? a.negated() : a;
  if (a.kind() == K::kIs && b.kind() == K::kNot) return Boolean(bit_xor(cs, a.bit(), b.bit())).negated();
  if (a.kind() == K::kNot && b.kind() == K::kIs) return Boolean(bit_xor(cs, b.bit(), a.bit())).negated();
  // Is/Is, or Not/Not: ¬a ⊕ ¬b = a ⊕ b.
  return bit_xor(cs, a.bit(), b.bit());
}

Boolean boolean_and(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  using K = Boolean::Kind;
  if ((a.is_constant() && !a.value()) || (b.is_constant() && !b.value())) return Boolean::constant(false);
  if (a.is_constant()) return b;
  if (b.is_constant()) return a;
  if (a.kind() == K::kIs && b.kind() == K::kNot) return bit_and_not(cs, a.bit(), b.bit());
  if (a.kind() == K::kNot && b.kind() == K::kIs) return bit_and_not(cs, b.bit(), a.bit());
  if (a.kind() == K::kNot) return bit_nor(cs, a.bit(), b.bit());
  return bit_and(cs, a.bit(), b.bit());
}

namespace {
bool is_const(const Boolean& x, bool value) { return x.is_constant() && x.value() == value; }
}  // namespace

Boolean sha256_ch(ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c) {
  const bool value = (a.value() && b.value()) != (!a.value() && c.value());
  if (a.is_constant() && b.is_constant() && c.is_constant()) return Boolean::constant(value);
  if (is_const(a, false)) return c;
  if (is_const(b, false)) return boolean_and(cs, a.negated(), c);
  if (is_const(c, false)) return boolean_and(cs, a, b);
  if (is_const(c, true)) return boolean_and(cs, a, b.negated()).negated();
  if (is_const(b, true)) return boolean_and(cs, a.negated(), c.negated()).negated();
  // a is a constant 1 or allocated: a·(b − c) = ch − c.
  const Variable ch = cs.alloc(bit_value(value));
  LinearCombination lhs = b.lc();
  c.add_to_lc(lhs, minus_one());
  LinearCombination out(ch);
  c.add_to_lc(out, minus_one());
  cs.enforce(lhs, a.lc(), out);
  return AllocatedBit{ch, value};
}

Boolean sha256_maj(ConstraintSystem& cs, const Boolean& a, const Boolean& b, const Boolean& c) {
  const bool value = ((a.value() && b.value()) != (a.value() && c.value())) != (b.value() && c.value());
  if (a.is_constant() && b.is_constant() && c.is_constant()) return Boolean::constant(value);
  if (is_const(a, false)) return boolean_and(cs, b, c);
  if (is_const(b, false)) return boolean_and(cs, a, c);
  if (is_const(c, false)) return boolean_and(cs, a, b);
  if (is_const(c, true)) return boolean_and(cs, a.negated(), b.negated()).negated();
  if (is_const(b, true)) return boolean_and(cs, a.negated(), c.negated()).negated();
  if (is_const(a, true)) return boolean_and(cs, b.negated(), c.negated()).negated();
  // maj first, then bc = b ∧ c, then (2bc − b − c)·a = bc − maj.
  const Variable maj = cs.alloc(bit_value(value));
  const Boolean bc = boolean_and(cs, b, c);
  const Fr two = Fr::one().dbl();
  LinearCombination lhs = bc.lc(two);
  b.add_to_lc(lhs, minus_one());
  c.add_to_lc(lhs, minus_one());
  cs.enforce(lhs, a.lc(), bc.lc() - maj);
  return AllocatedBit{maj, value};
}

Status enforce_equal(ConstraintSystem& cs, const Boolean& a, const Boolean& b) {
  if (a.is_constant() && b.is_constant()) {
    if (a.value() == b.value()) return Status::ok();
    return {StatusCode::kUnsatisfiable, "enforce_equal: constants differ"};
  }
  if (is_const(a, true) || is_const(b, true)) {
    const Boolean& x = a.is_constant() ? b : a;
    LinearCombination out(Variable::one());
    x.add_to_lc(out, minus_one());
    cs.enforce({}, {}, out);
  } else if (a.is_constant() || b.is_constant()) {
    cs.enforce({}, {}, (a.is_constant() ? b : a).lc());
  } else {
    LinearCombination out = a.lc();
    b.add_to_lc(out, minus_one());
    cs.enforce({}, {}, out);
  }
  return Status::ok();
}

}  // namespace cuzk::gadgets
