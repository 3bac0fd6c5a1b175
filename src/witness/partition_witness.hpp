// PartitionWitness: the one thing a proof kind hands a prover for one circuit (a partition) —
// the input assignment, the private (aux) assignment bit-packed, the witness fills that compute
// the aux values the synthesis left out, and the circuit's recorded constraint matrices (shared
// and immutable: every partition of a circuit holds the same ones). A prover computes the rest:
// the CPU backend materialises the whole assignment and a, b, c on the host (materialize()); a
// GPU backend expands, fills and multiplies on its device.
//
// Kinds make it with witness-only synthesis (FillRecordingSystem, synthesize_partition_witness)
// or, for a circom zkey, from the witness file and the zkey's matrices (witness_from_values).
// Classic synthesis into an r1cs::ProvingAssignment remains the reference it is tested against.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness.hpp"
#include "witness/witness_fill.hpp"

namespace cuzk::witness {

struct PartitionWitness {
  r1cs::WitnessAssignment values;                    // [ONE, public inputs…] and the packed aux
  std::vector<std::unique_ptr<WitnessFill>> fills;   // run in order after the aux is expanded
  std::shared_ptr<const r1cs::RecordedMatrices> matrices;  // A, B, C (null until the kind attaches them)

  size_t num_inputs() const { return values.inputs.size(); }
  size_t num_aux() const { return values.aux.size(); }
  // Host bytes held by the witness (not the shared matrices).
  size_t bytes() const;
  // OK when the matrices are set and their variable counts are the witness's; kFailedPrecondition
  // naming both counts otherwise (matrices recorded from another circuit: a stale cache).
  Status check_matrices() const;
};

// Parts of one circuit synthesized separately (each on its own system, ONE first), as one
// synthesis of them in order would give: inputs after ONE appended, the packed aux joined on
// `pool`, each fill type's parts appended in order with their offsets. Matrices are not set.
PartitionWitness concatenate(std::span<const PartitionWitness* const> parts, ThreadPool& pool);

// The whole form the CPU backend proves: `out`'s input and aux assignments (the aux expanded on
// `pool`, then every fill run in order), a, b, c (one per recorded row) and the densities, as
// classic synthesis of the circuit gives them (input constraints not appended). `out`'s vectors'
// memory is reused.
// Errors: check_matrices()'s.
Status materialize(const PartitionWitness& witness, r1cs::ProvingAssignment& out, ThreadPool& pool);

// A witness without fills from a full assignment: `values` = inputs (ONE first, `num_inputs` of
// them) then aux, the aux packed. For witnesses computed elsewhere (a circom witness file).
PartitionWitness witness_from_values(std::span<const ff::Fr> values, size_t num_inputs,
                                     std::shared_ptr<const r1cs::RecordedMatrices> matrices);

}  // namespace cuzk::witness
