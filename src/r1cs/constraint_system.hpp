// The interface circuits synthesize against. Implementations: ProvingAssignment (witness and
// a/b/c evaluations for the prover), TestConstraintSystem (tests/support: finds the first
// unsatisfied constraint by name), ShapeRecorder (extracts the A/B/C matrices once per circuit shape).
#pragma once

#include <string>
#include <string_view>

#include "common/status.hpp"
#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

class WitnessConstraintSystem;

class ConstraintSystem {
 public:
  virtual ~ConstraintSystem() = default;

  // A new private variable holding `value` (ignored by systems that only record shape).
  virtual Variable alloc(const ff::Fr& value) = 0;
  // A new public input.
  virtual Variable alloc_input(const ff::Fr& value) = 0;
  // Adds the constraint <a, w> · <b, w> = <c, w>.
  virtual void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) = 0;
  // The same constraint when the caller already knows <a, w>, <b, w> and <c, w> (it must: a
  // wrong value makes a wrong proof). Systems that evaluate constraints (ProvingAssignment) take
  // the values instead of recomputing them; the others ignore them.
  virtual void enforce_evaluated(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                                 const ff::Fr& /*a_value*/, const ff::Fr& /*b_value*/, const ff::Fr& /*c_value*/) {
    enforce(a, b, c);
  }

  // The witness-only system (WitnessConstraintSystem) when this is one, else nullptr. It keeps
  // the assignment alone and ignores every constraint, so gadgets may skip building linear
  // combinations and compute their values natively — provided they allocate the same
  // variables, with the same values, in the same order.
  virtual WitnessConstraintSystem* witness_only() { return nullptr; }
  bool records_constraints() { return witness_only() == nullptr; }

  // Namespaces only name constraints (for error messages); they do not change the R1CS.
  virtual void push_namespace(std::string_view /*name*/) {}
  virtual void pop_namespace() {}
};

// RAII namespace scope.
class Namespace {
 public:
  Namespace(ConstraintSystem& cs, std::string_view name) : cs_(cs) { cs_.push_namespace(name); }
  ~Namespace() { cs_.pop_namespace(); }
  Namespace(const Namespace&) = delete;
  Namespace& operator=(const Namespace&) = delete;

 private:
  ConstraintSystem& cs_;
};

// A circuit: anything that can synthesize itself. Errors (e.g. a missing witness value) are
// returned, never thrown.
class Circuit {
 public:
  virtual ~Circuit() = default;
  virtual Status synthesize(ConstraintSystem& cs) const = 0;
};

}  // namespace cuzk::r1cs
