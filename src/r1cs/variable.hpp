// Variables and linear combinations of an R1CS, in the spirit of bellperson: a variable is a
// public input (index 0 is the constant ONE) or an auxiliary (private) witness value; a linear
// combination is a list of (variable, coefficient) terms.
#pragma once

#include <cstdint>
#include <vector>

#include "ff/fr.hpp"

namespace cuzk::r1cs {

enum class VariableKind : uint8_t { kInput, kAux };

struct Variable {
  uint64_t index = 0;
  VariableKind kind = VariableKind::kInput;

  // The constant 1: input 0, allocated by every constraint system before synthesis.
  static constexpr Variable one() { return {0, VariableKind::kInput}; }
  friend bool operator==(const Variable&, const Variable&) = default;
};

struct Term {
  Variable variable;
  ff::Fr coefficient;
};

// Σ coefficient·variable. Terms are kept in insertion order; duplicates are allowed (they add).
// Value type; cheap to move.
class LinearCombination {
 public:
  LinearCombination() = default;
  LinearCombination(Variable v) { add(v, ff::Fr::one()); }  // NOLINT(google-explicit-constructor)
  static LinearCombination zero() { return {}; }

  LinearCombination& add(Variable v, const ff::Fr& coefficient) {
    terms_.push_back({v, coefficient});
    return *this;
  }
  LinearCombination& add(const LinearCombination& other, const ff::Fr& scale = ff::Fr::one()) {
    for (const Term& t : other.terms_) terms_.push_back({t.variable, t.coefficient * scale});
    return *this;
  }
  friend LinearCombination operator+(LinearCombination lc, Variable v) { return std::move(lc.add(v, ff::Fr::one())); }
  friend LinearCombination operator-(LinearCombination lc, Variable v) { return std::move(lc.add(v, -ff::Fr::one())); }
  friend LinearCombination operator+(LinearCombination lc, const LinearCombination& o) { return std::move(lc.add(o)); }
  friend LinearCombination operator-(LinearCombination lc, const LinearCombination& o) {
    return std::move(lc.add(o, -ff::Fr::one()));
  }

  const std::vector<Term>& terms() const { return terms_; }
  bool empty() const { return terms_.empty(); }

 private:
  std::vector<Term> terms_;
};

}  // namespace cuzk::r1cs
