// Witness-only synthesis plus the compact product, into a ProvingAssignment.
#include "r1cs/recorded_synthesis.hpp"

#include <string>

#include "r1cs/recorded_spmv.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "r1cs/witness_expansion.hpp"

namespace cuzk::r1cs {

namespace {

// kFailedPrecondition unless the witness has the shape's sizes.
Status check_witness_sizes(const WitnessAssignment& witness, const RecordedMatrices& shape) {
  if (witness.inputs.size() == shape.num_inputs && witness.aux.size() == shape.num_aux) return Status::ok();
  std::string message = "recorded matrices of ";
  message += std::to_string(shape.num_inputs) + " inputs and " + std::to_string(shape.num_aux) +
             " aux variables for a witness of ";
  message += std::to_string(witness.inputs.size()) + " and " + std::to_string(witness.aux.size()) +
             " (recorded from another circuit)";
  return {StatusCode::kFailedPrecondition, std::move(message)};
}

}  // namespace

Status assign_from_witness(const WitnessAssignment& witness, const RecordedMatrices& shape, ProvingAssignment& assignment,
                           ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_witness_sizes(witness, shape));
  // Sized for the whole circuit without zero-filling what a recycled assignment already holds
  // (every value is overwritten below), its input rows cut off.
  assignment.prepare_windows(shape.num_constraints, shape.num_aux, shape.num_inputs, &pool);
  expand_witness(witness, assignment, &pool);
  return evaluate_into_assignment(shape, assignment, pool);
}

Status synthesize_with_recorded_matrices(const Circuit& circuit, const RecordedMatrices& shape,
                                         ProvingAssignment& assignment, ThreadPool& pool) {
  CUZK_ASSIGN_OR_RETURN(const WitnessAssignment witness, synthesize_witness(circuit));
  return assign_from_witness(witness, shape, assignment, pool);
}

}  // namespace cuzk::r1cs
