// ProvingAssignment: the constraint system a prover synthesizes into (classic synthesis). It
// records the input and aux assignments, the evaluations a_j = <A_j, w>, b_j, c_j of every
// constraint, and the A/B density bitmaps exactly as bellperson does (a variable is dense in a
// query if it appears in that query's linear combination of any constraint, whatever the
// coefficient). It is the whole form the CPU prover proves (witness::materialize makes it from a
// PartitionWitness) and the reference witness-only synthesis is tested against.
#pragma once

#include <span>
#include <vector>

#include "common/thread_pool.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/evaluated_block.hpp"

namespace cuzk::r1cs {

class AssignmentWindow;

class ProvingAssignment final : public ConstraintSystem, public EvaluatedBlockSink {
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

  Variable alloc_many(std::span<const ff::Fr> values) override;
  void enforce_evaluated_block(std::span<const Variable> in_a, std::span<const Variable> in_b,
                               std::span<const ff::Fr> a_values, std::span<const ff::Fr> b_values,
                               std::span<const ff::Fr> c_values) override;

  // Capacity for this many constraints / aux / inputs (an optimisation only).
  void reserve(size_t constraints, size_t aux, size_t inputs);
  // Empties the system for a new synthesis (ONE allocated again, no input constraints),
  // keeping the vectors' memory: a proved assignment reused for the next circuit of its shape
  // is filled without reallocating or faulting its pages in again.
  void clear();

  // Parallel synthesis in windows (AssignmentWindow): sizes this system for a whole circuit of
  // this many constraints / aux / inputs (inputs counting ONE) whose parts are then synthesized
  // straight into it, and clears the densities. Keeps the vectors' memory: a reused assignment
  // of the same size (even one already proved, with input constraints appended) is prepared
  // without allocating or touching a page.
  // With a pool, the four large vectors are sized (first touched) concurrently.
  void prepare_windows(size_t constraints, size_t aux, size_t inputs, ThreadPool* pool = nullptr);
  // After every window is done: checks that they tile the whole in order (no gap, no overlap,
  // nothing written out of range) and merges their densities. kInternal naming the window
  // otherwise.
  Status finish_windows(std::span<const AssignmentWindow* const> windows);

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

  bool input_constraints_appended_ = false;
};

}  // namespace cuzk::r1cs
