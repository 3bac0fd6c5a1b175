// ProvingAssignment: the constraint system a prover synthesizes into. It records the input and
// aux assignments, the evaluations a_j = <A_j, w>, b_j, c_j of every constraint, and the A/B
// density bitmaps exactly as bellperson does (a variable is dense in a query if it appears in
// that query's linear combination of any constraint, whatever the coefficient).
//
// It also has a deferred form, for circuits proved through recorded constraint matrices
// (compact_matrices.hpp): the inputs, the aux assignment bit-packed and the densities, with
// a, b, c (and the aux values as field elements) left to the prover — a GPU backend computes
// them on the device from the recorded A, B, C, so they never exist in host memory
// (r1cs::defer_from_witness, r1cs::materialize in recorded_synthesis.hpp).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "common/thread_pool.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/evaluated_block.hpp"
#include "r1cs/witness.hpp"

namespace cuzk::r1cs {

class AssignmentWindow;
struct CompactR1cs;

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
  // after synthesis, before proving. In the deferred form it only marks them appended (the
  // prover writes the input rows with a, b, c).
  void append_input_constraints();
  bool input_constraints_appended() const { return input_constraints_appended_; }

  // The deferred form: `recorded_shape` set, `packed_aux` the aux assignment (with the internal
  // values of `deferred_poseidon`'s hashes left for the prover), input_assignment and the
  // densities filled; aux_assignment, a, b and c empty.
  bool deferred() const { return recorded_shape != nullptr; }
  // Rows of a, b, c (constraints, plus the input rows once appended), in either form.
  size_t num_rows() const;
  // Aux variables, in either form.
  size_t num_aux() const;

  std::vector<ff::Fr> input_assignment;  // [1, public inputs…]
  std::vector<ff::Fr> aux_assignment;
  std::vector<ff::Fr> a, b, c;  // per constraint
  DensityBitmap a_aux_density;
  DensityBitmap b_input_density;
  DensityBitmap b_aux_density;
  std::shared_ptr<const CompactR1cs> recorded_shape;  // the deferred form's A, B, C
  PackedAux packed_aux;                               // the deferred form's aux assignment
  DeferredPoseidon deferred_poseidon;                 // and the hashes it leaves to the prover

 private:
  ff::Fr evaluate(const LinearCombination& lc, DensityBitmap* input_density, DensityBitmap* aux_density) const;

  bool input_constraints_appended_ = false;
};

}  // namespace cuzk::r1cs
