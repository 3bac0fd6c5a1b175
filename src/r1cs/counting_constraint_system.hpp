// CountingConstraintSystem: counts constraints, inputs and aux variables and stores nothing
// (bellperson's MetricCS without the names). Used to size a circuit — constraints, public
// inputs, FFT domain — without proving or recording it.
#pragma once

#include "r1cs/constraint_system.hpp"

namespace cuzk::r1cs {

class CountingConstraintSystem final : public ConstraintSystem {
 public:
  CountingConstraintSystem() { alloc_input(ff::Fr::one()); }
  Variable alloc(const ff::Fr&) override { return {num_aux_++, VariableKind::kAux}; }
  Variable alloc_input(const ff::Fr&) override { return {num_inputs_++, VariableKind::kInput}; }
  void enforce(const LinearCombination&, const LinearCombination&, const LinearCombination&) override {
    ++num_constraints_;
  }

  size_t num_constraints() const { return num_constraints_; }
  size_t num_inputs() const { return num_inputs_; }  // including ONE
  size_t num_aux() const { return num_aux_; }

 private:
  size_t num_constraints_ = 0;
  size_t num_inputs_ = 0;
  size_t num_aux_ = 0;
};

}  // namespace cuzk::r1cs
