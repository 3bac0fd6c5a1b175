// Variables and linear combinations of an R1CS, in the spirit of bellperson: a variable is a
// public input (index 0 is the constant ONE) or an auxiliary (private) witness value; a linear
// combination is a list of (variable, coefficient) terms, stored inline up to four terms.
#pragma once

#include <cstdint>
#include <span>

#include "ff/fr.hpp"
#include "r1cs/small_vector.hpp"

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
// Value type; cheap to move; no heap allocation up to kInlineTerms terms.
class LinearCombination {
 public:
  static constexpr size_t kInlineTerms = 4;
  LinearCombination() = default;
  LinearCombination(Variable v) { add(v, ff::Fr::one()); }  // NOLINT(google-explicit-constructor)
  static LinearCombination zero() { return {}; }

  LinearCombination& add(Variable v, const ff::Fr& coefficient) {
    terms_.push_back({v, coefficient});
    return *this;
  }
  LinearCombination& add(const LinearCombination& other) {
    terms_.append(other.terms_.data(), other.terms_.size());
    return *this;
  }
  LinearCombination& add(const LinearCombination& other, const ff::Fr& scale) {
    for (const Term& t : other.terms_) terms_.push_back({t.variable, t.coefficient * scale});
    return *this;
  }
  friend LinearCombination operator+(LinearCombination lc, Variable v) { return std::move(lc.add(v, ff::Fr::one())); }
  friend LinearCombination operator-(LinearCombination lc, Variable v) { return std::move(lc.add(v, -ff::Fr::one())); }
  friend LinearCombination operator+(LinearCombination lc, const LinearCombination& o) { return std::move(lc.add(o)); }
  friend LinearCombination operator-(LinearCombination lc, const LinearCombination& o) {
    return std::move(lc.add(o, -ff::Fr::one()));
  }

  std::span<const Term> terms() const { return terms_.span(); }
  size_t size() const { return terms_.size(); }
  bool empty() const { return terms_.empty(); }
  void clear() { terms_.clear(); }

 private:
  SmallVector<Term, kInlineTerms> terms_;
};

}  // namespace cuzk::r1cs
