// AssignmentWindow: one part's writes into a shared, pre-sized ProvingAssignment.
#include "r1cs/assignment_window.hpp"

#include <algorithm>
#include <cassert>

#include "r1cs/lc_eval.hpp"

namespace cuzk::r1cs {

AssignmentWindow::AssignmentWindow(ProvingAssignment& whole, size_t first_constraint, size_t first_aux,
                                   size_t first_input)
    : whole_(whole),
      first_constraint_(first_constraint),
      next_constraint_(first_constraint),
      first_aux_(first_aux),
      next_aux_(first_aux),
      first_input_(first_input),
      next_input_(first_input) {}

bool AssignmentWindow::fits(size_t constraints, size_t aux, size_t inputs) {
  overflow_ |= next_constraint_ + constraints > whole_.a.size() || next_aux_ + aux > whole_.aux_assignment.size() ||
               next_input_ + inputs > whole_.input_assignment.size();
  return !overflow_;
}

Variable AssignmentWindow::alloc(const ff::Fr& value) {
  if (fits(0, 1, 0)) whole_.aux_assignment[next_aux_] = value;
  a_aux_density_.push(false);
  b_aux_density_.push(false);
  return {next_aux_++, VariableKind::kAux};
}

Variable AssignmentWindow::alloc_many(std::span<const ff::Fr> values) {
  const Variable first{next_aux_, VariableKind::kAux};
  if (fits(0, values.size(), 0)) std::copy(values.begin(), values.end(), whole_.aux_assignment.begin() + next_aux_);
  a_aux_density_.push_zeros(values.size());
  b_aux_density_.push_zeros(values.size());
  next_aux_ += values.size();
  return first;
}

Variable AssignmentWindow::alloc_input(const ff::Fr& value) {
  if (fits(0, 0, 1)) whole_.input_assignment[next_input_] = value;
  b_input_density_.push(false);
  return {next_input_++, VariableKind::kInput};
}

// Marks a variable's density bit: its own variables locally, ONE by flag; anything else is
// outside the window's contract (asserted; ignored in release builds).
void AssignmentWindow::mark_a(Variable v) {
  if (v.kind == VariableKind::kAux) {
    assert(v.index >= first_aux_ && v.index < next_aux_);
    if (v.index >= first_aux_ && v.index < next_aux_) a_aux_density_.set(v.index - first_aux_);
  }
}

void AssignmentWindow::mark_b(Variable v) {
  if (v.kind == VariableKind::kAux) {
    assert(v.index >= first_aux_ && v.index < next_aux_);
    if (v.index >= first_aux_ && v.index < next_aux_) b_aux_density_.set(v.index - first_aux_);
  } else if (v.index == 0) {
    one_in_b_ = true;
  } else {
    assert(v.index >= first_input_ && v.index < next_input_);
    if (v.index >= first_input_ && v.index < next_input_) b_input_density_.set(v.index - first_input_);
  }
}

void AssignmentWindow::push_constraint(const ff::Fr& a, const ff::Fr& b, const ff::Fr& c) {
  if (fits(1, 0, 0)) {
    whole_.a[next_constraint_] = a;
    whole_.b[next_constraint_] = b;
    whole_.c[next_constraint_] = c;
  }
  ++next_constraint_;
}

void AssignmentWindow::enforce(const LinearCombination& la, const LinearCombination& lb, const LinearCombination& lc) {
  if (overflow_) return;  // values may not have been written: nothing to evaluate
  const auto ignore = [](uint64_t) {};
  const ff::Fr a = evaluate_lc(la, whole_.input_assignment, whole_.aux_assignment, ignore,
                               [&](uint64_t i) { mark_a({i, VariableKind::kAux}); });
  const ff::Fr b = evaluate_lc(
      lb, whole_.input_assignment, whole_.aux_assignment, [&](uint64_t i) { mark_b({i, VariableKind::kInput}); },
      [&](uint64_t i) { mark_b({i, VariableKind::kAux}); });
  const ff::Fr c = evaluate_lc(lc, whole_.input_assignment, whole_.aux_assignment, ignore, ignore);
  push_constraint(a, b, c);
}

void AssignmentWindow::enforce_evaluated(const LinearCombination& la, const LinearCombination& lb,
                                         const LinearCombination&, const ff::Fr& a_value, const ff::Fr& b_value,
                                         const ff::Fr& c_value) {
  for (const Term& t : la.terms()) mark_a(t.variable);
  for (const Term& t : lb.terms()) mark_b(t.variable);
  push_constraint(a_value, b_value, c_value);
}

void AssignmentWindow::enforce_evaluated_block(std::span<const Variable> in_a, std::span<const Variable> in_b,
                                               std::span<const ff::Fr> a_values, std::span<const ff::Fr> b_values,
                                               std::span<const ff::Fr> c_values) {
  for (const Variable v : in_a) mark_a(v);
  for (const Variable v : in_b) mark_b(v);
  if (fits(a_values.size(), 0, 0)) {
    std::copy(a_values.begin(), a_values.end(), whole_.a.begin() + next_constraint_);
    std::copy(b_values.begin(), b_values.end(), whole_.b.begin() + next_constraint_);
    std::copy(c_values.begin(), c_values.end(), whole_.c.begin() + next_constraint_);
  }
  next_constraint_ += a_values.size();
}

}  // namespace cuzk::r1cs
