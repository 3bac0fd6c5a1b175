// ProvingAssignment: evaluation of linear combinations against the assignment.
#include "r1cs/proving_assignment.hpp"

namespace cuzk::r1cs {

ProvingAssignment::ProvingAssignment() { alloc_input(ff::Fr::one()); }

Variable ProvingAssignment::alloc(const ff::Fr& value) {
  aux_assignment.push_back(value);
  a_aux_density.push(false);
  b_aux_density.push(false);
  return {aux_assignment.size() - 1, VariableKind::kAux};
}

Variable ProvingAssignment::alloc_input(const ff::Fr& value) {
  input_assignment.push_back(value);
  b_input_density.push(false);
  return {input_assignment.size() - 1, VariableKind::kInput};
}

ff::Fr ProvingAssignment::evaluate(const LinearCombination& lc, DensityBitmap* input_density,
                                   DensityBitmap* aux_density) const {
  ff::Fr acc;
  for (const Term& t : lc.terms()) {
    if (t.variable.kind == VariableKind::kInput) {
      if (input_density) input_density->set(t.variable.index);
      acc += input_assignment[t.variable.index] * t.coefficient;
    } else {
      if (aux_density) aux_density->set(t.variable.index);
      acc += aux_assignment[t.variable.index] * t.coefficient;
    }
  }
  return acc;
}

void ProvingAssignment::enforce(const LinearCombination& la, const LinearCombination& lb, const LinearCombination& lc) {
  a.push_back(evaluate(la, nullptr, &a_aux_density));
  b.push_back(evaluate(lb, &b_input_density, &b_aux_density));
  c.push_back(evaluate(lc, nullptr, nullptr));
}

void ProvingAssignment::append_input_constraints() {
  const size_t inputs = input_assignment.size();
  for (size_t i = 0; i < inputs; ++i) enforce(Variable{i, VariableKind::kInput}, {}, {});
  input_constraints_appended_ = true;
}

}  // namespace cuzk::r1cs
