// CheckingConstraintSystem: the verdict of the tests' TestConstraintSystem (the name of the
// first unsatisfied constraint) for circuits too large to keep whole — every constraint is
// checked when it is added (a circuit allocates each variable, with its value, before a
// constraint uses it) and only the assignment is kept. `cuzk porep check` runs a Commit-1
// output's partitions through it to name the constraint a bad file breaks.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs {

class CheckingConstraintSystem final : public ConstraintSystem {
 public:
  CheckingConstraintSystem() { alloc_input(ff::Fr::one()); }

  Variable alloc(const ff::Fr& value) override {
    aux_.push_back(value);
    return {aux_.size() - 1, VariableKind::kAux};
  }
  Variable alloc_input(const ff::Fr& value) override {
    inputs_.push_back(value);
    return {inputs_.size() - 1, VariableKind::kInput};
  }
  // enforce_evaluated's values are not trusted: the default evaluates the constraint here.
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override {
    if (!first_unsatisfied_ && evaluate(a) * evaluate(b) != evaluate(c)) {
      std::string name;
      for (const std::string& part : path_) name += part + "/";
      first_unsatisfied_ = name + "constraint " + std::to_string(constraints_);
    }
    ++constraints_;
  }
  void push_namespace(std::string_view name) override { path_.emplace_back(name); }
  void pop_namespace() override { path_.pop_back(); }

  size_t num_constraints() const { return constraints_; }
  size_t num_aux() const { return aux_.size(); }
  size_t num_inputs() const { return inputs_.size(); }
  const std::vector<ff::Fr>& inputs() const { return inputs_; }  // [ONE, public inputs…]
  // "<namespace>/…/constraint <n>" of the first constraint with <a,w>·<b,w> ≠ <c,w>.
  const std::optional<std::string>& which_is_unsatisfied() const { return first_unsatisfied_; }

 private:
  ff::Fr evaluate(const LinearCombination& lc) const {
    ff::Fr acc;
    for (const Term& t : lc.terms()) {
      acc += (t.variable.kind == VariableKind::kInput ? inputs_[t.variable.index] : aux_[t.variable.index]) *
             t.coefficient;
    }
    return acc;
  }

  std::vector<ff::Fr> inputs_, aux_;
  std::vector<std::string> path_;
  size_t constraints_ = 0;
  std::optional<std::string> first_unsatisfied_;
};

}  // namespace cuzk::r1cs
