// TestConstraintSystem: keeps every constraint with its namespaced name and the assignment, so a
// test can ask whether the witness satisfies the circuit and, if not, which constraint fails
// first ("sha256/compression/round 3/ch: a·b ≠ c").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs {

class TestConstraintSystem final : public ConstraintSystem {
 public:
  TestConstraintSystem() { alloc_input(ff::Fr::one()); }

  Variable alloc(const ff::Fr& value) override;
  Variable alloc_input(const ff::Fr& value) override;
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override;
  void push_namespace(std::string_view name) override;
  void pop_namespace() override;

  size_t num_constraints() const { return constraints_.size(); }
  size_t num_inputs() const { return inputs_.size(); }
  size_t num_aux() const { return aux_.size(); }
  // Name of the first constraint with <a,w>·<b,w> ≠ <c,w>, or nullopt when all hold.
  std::optional<std::string> which_is_unsatisfied() const;
  bool is_satisfied() const { return !which_is_unsatisfied(); }
  ff::Fr value(Variable v) const;

 private:
  struct Constraint {
    std::string name;
    LinearCombination a, b, c;
  };
  ff::Fr evaluate(const LinearCombination& lc) const;

  std::vector<ff::Fr> inputs_, aux_;
  std::vector<Constraint> constraints_;
  std::vector<std::string> path_;
};

}  // namespace cuzk::r1cs
