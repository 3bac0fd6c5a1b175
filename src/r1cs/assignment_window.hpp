// AssignmentWindow: synthesizes one part of a circuit straight into a ProvingAssignment that was
// sized for the whole (ProvingAssignment::prepare_windows), so parts of known size — PoSt
// sectors, all of one shape — are synthesized in parallel without copying: each window owns the
// ranges of constraints, aux variables and inputs that start at its offsets and writes values
// and a/b/c there; densities are kept per window and merged, in order, by
// ProvingAssignment::finish_windows. A window's constraints may refer to its own variables and
// to ONE only. Writing past the assignment is recorded (and reported by finish_windows), never
// done. Each window is used by one thread; windows over disjoint ranges run concurrently.
#pragma once

#include "r1cs/proving_assignment.hpp"

namespace cuzk::r1cs {

class AssignmentWindow final : public ConstraintSystem, public EvaluatedBlockSink {
 public:
  AssignmentWindow(ProvingAssignment& whole, size_t first_constraint, size_t first_aux, size_t first_input);

  Variable alloc(const ff::Fr& value) override;
  Variable alloc_input(const ff::Fr& value) override;
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override;
  void enforce_evaluated(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c,
                         const ff::Fr& a_value, const ff::Fr& b_value, const ff::Fr& c_value) override;
  Variable alloc_many(std::span<const ff::Fr> values) override;
  void enforce_evaluated_block(std::span<const Variable> in_a, std::span<const Variable> in_b,
                               std::span<const ff::Fr> a_values, std::span<const ff::Fr> b_values,
                               std::span<const ff::Fr> c_values) override;

 private:
  friend class ProvingAssignment;
  void mark_a(Variable v);
  void mark_b(Variable v);
  bool fits(size_t constraints, size_t aux, size_t inputs);
  void push_constraint(const ff::Fr& a, const ff::Fr& b, const ff::Fr& c);

  ProvingAssignment& whole_;
  size_t first_constraint_, next_constraint_;
  size_t first_aux_, next_aux_;
  size_t first_input_, next_input_;
  DensityBitmap a_aux_density_, b_aux_density_, b_input_density_;  // local: bit i = first_* + i
  bool one_in_b_ = false;
  bool overflow_ = false;
};

}  // namespace cuzk::r1cs
