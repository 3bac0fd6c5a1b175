// PartitionWitness (partition_witness.hpp): sizes, joining parts, the materialised whole form
// (the aux expanded, the fills run, the product), and witnesses from full value lists.
#include "witness/partition_witness.hpp"

#include <algorithm>
#include <string>
#include <typeinfo>

#include "r1cs/recorded_spmv.hpp"
#include "r1cs/witness_expansion.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::witness {

using ff::Fr;

size_t PartitionWitness::bytes() const {
  size_t total = values.inputs.size() * sizeof(Fr) + values.aux.packed_bytes();
  for (const std::unique_ptr<WitnessFill>& fill : fills) total += fill->bytes();
  return total;
}

Status PartitionWitness::check_matrices() const {
  if (!matrices) return Status::internal("a partition witness without recorded matrices");
  if (num_inputs() == matrices->num_inputs && num_aux() == matrices->num_aux) return Status::ok();
  std::string message = "recorded matrices of ";
  message += std::to_string(matrices->num_inputs) + " inputs and " + std::to_string(matrices->num_aux) +
             " aux variables for a witness of ";
  message += std::to_string(num_inputs()) + " and " + std::to_string(num_aux()) + " (recorded from another circuit)";
  return {StatusCode::kFailedPrecondition, std::move(message)};
}

PartitionWitness concatenate(std::span<const PartitionWitness* const> parts, ThreadPool& pool) {
  PartitionWitness out;
  std::vector<const r1cs::WitnessAssignment*> values;
  values.reserve(parts.size());
  for (const PartitionWitness* part : parts) values.push_back(&part->values);
  out.values = r1cs::concatenate_witnesses(values, pool);
  uint64_t aux_offset = 0, input_offset = 0;  // part p's aux i lands at i + aux_offset, input i ≥ 1 at i + input_offset
  for (const PartitionWitness* part : parts) {
    for (const std::unique_ptr<WitnessFill>& fill : part->fills) {
      const WitnessFill& part_fill = *fill;
      auto same = std::find_if(out.fills.begin(), out.fills.end(), [&](const std::unique_ptr<WitnessFill>& f) {
        const WitnessFill& joined = *f;
        return typeid(joined) == typeid(part_fill);
      });
      if (same == out.fills.end()) same = out.fills.insert(out.fills.end(), fill->make_empty());
      (*same)->append(part_fill, aux_offset, input_offset);
    }
    aux_offset += part->num_aux();
    input_offset += part->num_inputs() - 1;
  }
  return out;
}

Status materialize(const PartitionWitness& witness, r1cs::ProvingAssignment& out, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(witness.check_matrices());
  const r1cs::RecordedMatrices& matrices = *witness.matrices;
  // Sized for the whole circuit without zero-filling what a reused assignment already holds
  // (every value is overwritten below).
  out.prepare_windows(matrices.num_constraints, matrices.num_aux, matrices.num_inputs, &pool);
  r1cs::expand_witness(witness.values, out, &pool);
  for (const std::unique_ptr<WitnessFill>& fill : witness.fills) {
    fill->fill(out.input_assignment, out.aux_assignment, &pool);
  }
  return r1cs::evaluate_into_assignment(matrices, out, pool);
}

PartitionWitness witness_from_values(std::span<const Fr> values, size_t num_inputs,
                                     std::shared_ptr<const r1cs::RecordedMatrices> matrices) {
  PartitionWitness out;
  out.values.inputs.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(num_inputs));
  out.values.aux.reserve(values.size() - num_inputs, values.size() - num_inputs);
  for (const Fr& v : values.subspan(num_inputs)) out.values.aux.push(v);
  out.matrices = std::move(matrices);
  return out;
}

Result<PartitionWitness> synthesize_partition_witness(const r1cs::Circuit& circuit,
                                                      std::shared_ptr<const r1cs::RecordedMatrices> matrices) {
  FillRecordingSystem cs;
  CUZK_RETURN_IF_ERROR(circuit.synthesize(cs));
  PartitionWitness out = std::move(cs).take_partition();
  if (matrices) {
    out.matrices = std::move(matrices);
    CUZK_RETURN_IF_ERROR(out.check_matrices());
  }
  return out;
}

}  // namespace cuzk::witness
