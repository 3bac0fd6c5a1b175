// TestConstraintSystem: named constraints and satisfaction checks.
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::r1cs {

Variable TestConstraintSystem::alloc(const ff::Fr& value) {
  aux_.push_back(value);
  return {aux_.size() - 1, VariableKind::kAux};
}

Variable TestConstraintSystem::alloc_input(const ff::Fr& value) {
  inputs_.push_back(value);
  return {inputs_.size() - 1, VariableKind::kInput};
}

void TestConstraintSystem::push_namespace(std::string_view name) { path_.emplace_back(name); }
void TestConstraintSystem::pop_namespace() {
  if (!path_.empty()) path_.pop_back();
}

void TestConstraintSystem::enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) {
  std::string name;
  for (const std::string& part : path_) name += part + "/";
  name += "constraint " + std::to_string(constraints_.size());
  constraints_.push_back({std::move(name), a, b, c});
}

ff::Fr TestConstraintSystem::value(Variable v) const {
  return v.kind == VariableKind::kInput ? inputs_.at(v.index) : aux_.at(v.index);
}

ff::Fr TestConstraintSystem::evaluate(const LinearCombination& lc) const {
  ff::Fr acc;
  for (const Term& t : lc.terms()) acc += value(t.variable) * t.coefficient;
  return acc;
}

std::optional<std::string> TestConstraintSystem::which_is_unsatisfied() const {
  for (const Constraint& k : constraints_) {
    if (evaluate(k.a) * evaluate(k.b) != evaluate(k.c)) return k.name;
  }
  return std::nullopt;
}

}  // namespace cuzk::r1cs
