// Test support: a constraint system that checks every constraint when it is added (a circuit
// allocates each variable, with its value, before a constraint uses it) and keeps only the
// assignment and the name of the first unsatisfied constraint — TestConstraintSystem's verdict
// for circuits too large to keep whole (a PoRep partition at 8 MiB has 4 M constraints).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "r1cs/constraint_system.hpp"

namespace cuzk::filecoin::porep::test {

class CheckingConstraintSystem final : public r1cs::ConstraintSystem {
 public:
  CheckingConstraintSystem() { alloc_input(ff::Fr::one()); }

  r1cs::Variable alloc(const ff::Fr& value) override {
    aux_.push_back(value);
    return {aux_.size() - 1, r1cs::VariableKind::kAux};
  }
  r1cs::Variable alloc_input(const ff::Fr& value) override {
    inputs_.push_back(value);
    return {inputs_.size() - 1, r1cs::VariableKind::kInput};
  }
  void enforce(const r1cs::LinearCombination& a, const r1cs::LinearCombination& b,
               const r1cs::LinearCombination& c) override {
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
  size_t num_inputs() const { return inputs_.size(); }
  const std::vector<ff::Fr>& inputs() const { return inputs_; }  // [ONE, public inputs…]
  const std::optional<std::string>& which_is_unsatisfied() const { return first_unsatisfied_; }

 private:
  ff::Fr evaluate(const r1cs::LinearCombination& lc) const {
    ff::Fr acc;
    for (const r1cs::Term& t : lc.terms()) {
      acc += (t.variable.kind == r1cs::VariableKind::kInput ? inputs_[t.variable.index] : aux_[t.variable.index]) *
             t.coefficient;
    }
    return acc;
  }

  std::vector<ff::Fr> inputs_, aux_;
  std::vector<std::string> path_;
  size_t constraints_ = 0;
  std::optional<std::string> first_unsatisfied_;
};

}  // namespace cuzk::filecoin::porep::test
