// ProvingAssignment: the constraint system a prover synthesizes into. It records the input and
// aux assignments, the evaluations a_j = <A_j, w>, b_j, c_j of every constraint, and the A/B
// density bitmaps exactly as bellperson does (a variable is dense in a query if it appears in
// that query's linear combination of any constraint, whatever the coefficient).
#pragma once

#include <span>
#include <vector>

#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"

namespace cuzk::r1cs {

class ProvingAssignment final : public ConstraintSystem {
 public:
  // Starts with input 0 = ONE allocated.
  ProvingAssignment();

  Variable alloc(const ff::Fr& value) override;
  Variable alloc_input(const ff::Fr& value) override;
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override;
  // Records the densities of a and b and the given values (asserted equal to the evaluations in
  // debug builds).
  void enforce_evaluated(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                         const ff::Fr& a_value, const ff::Fr& b_value, const ff::Fr& c_value) override;

  // values.size() new private variables, numbered consecutively; returns the first.
  Variable alloc_many(std::span<const ff::Fr> values);
  // Appends constraints whose evaluations are known (a block a gadget computed natively): the
  // values, and the densities from `in_a` / `in_b`, every variable that occurs in any of the
  // block's A / B combinations. Equivalent to one enforce_evaluated per constraint.
  void enforce_evaluated_block(std::span<const Variable> in_a, std::span<const Variable> in_b,
                               std::span<const ff::Fr> a_values, std::span<const ff::Fr> b_values,
                               std::span<const ff::Fr> c_values);

  // Capacity for this many constraints / aux / inputs (an optimisation only).
  void reserve(size_t constraints, size_t aux, size_t inputs);

  // Appends a system synthesized separately (its own ONE at input 0, which is dropped): its
  // inputs after ours, its aux after ours, its constraints after ours. The result is exactly
  // what synthesizing both parts, one after the other, into this system would give (the
  // a/b/c evaluations do not depend on variable numbering). Neither may have had
  // append_input_constraints() yet.
  void extend(ProvingAssignment&& other);

  // Appends bellperson's input constraints: for every input i, input_i · 0 = 0. Call once,
  // after synthesis, before proving.
  void append_input_constraints();
  bool input_constraints_appended() const { return input_constraints_appended_; }

  std::vector<ff::Fr> input_assignment;  // [1, public inputs…]
  std::vector<ff::Fr> aux_assignment;
  std::vector<ff::Fr> a, b, c;  // per constraint
  DensityBitmap a_aux_density;
  DensityBitmap b_input_density;
  DensityBitmap b_aux_density;

 private:
  ff::Fr evaluate(const LinearCombination& lc, DensityBitmap* input_density, DensityBitmap* aux_density) const;
  static void mark(const LinearCombination& lc, DensityBitmap* input_density, DensityBitmap* aux_density);

  bool input_constraints_appended_ = false;
};

}  // namespace cuzk::r1cs
