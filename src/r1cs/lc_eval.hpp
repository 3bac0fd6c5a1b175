// <lc, w> for the prover's assignments, with a callback per input and per aux variable met (for
// density bitmaps). Shared by ProvingAssignment and AssignmentWindow.
#pragma once

#include <span>

#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

template <class OnInput, class OnAux>
ff::Fr evaluate_lc(const LinearCombination& lc, std::span<const ff::Fr> inputs, std::span<const ff::Fr> aux,
                   OnInput&& on_input, OnAux&& on_aux) {
  ff::Fr acc;
  for (const Term& t : lc.terms()) {
    const ff::Fr* value;
    if (t.variable.kind == VariableKind::kInput) {
      on_input(t.variable.index);
      value = &inputs[t.variable.index];
    } else {
      on_aux(t.variable.index);
      value = &aux[t.variable.index];
    }
    // Most coefficients are 1 and most values bits: skip the multiplications that change nothing.
    if (t.coefficient.is_one()) {
      acc += *value;
    } else if (!value->is_zero()) {
      acc += value->is_one() ? t.coefficient : *value * t.coefficient;
    }
  }
  return acc;
}

}  // namespace cuzk::r1cs
