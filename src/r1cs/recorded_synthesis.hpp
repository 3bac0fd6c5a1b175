// Synthesis with recorded constraint matrices: the seam between witness-only synthesis
// (WitnessConstraintSystem: the circuit's gadgets compute the input and aux assignments and
// build no linear combination) and the compact product (recorded_spmv: a, b, c and the
// densities from the circuit's recorded A, B, C). The ProvingAssignment it fills equals,
// bit for bit, what classic synthesis of the same circuit gives (input constraints not yet
// appended, as after classic synthesis) — tests/r1cs and tests/filecoin check it per kind.
// A witness with fills goes through witness::materialize (witness/partition_witness.hpp),
// which runs them first.
#pragma once

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness.hpp"

namespace cuzk::r1cs {

// `assignment` (its vectors' memory and sizes reused: a proved assignment of the circuit is
// refilled without zeroing or faulting a page) from a witness-only assignment and the circuit's
// recorded shape: inputs copied, aux expanded on `pool`, then a, b, c and the densities.
// Errors: kFailedPrecondition when the witness's sizes are not the shape's (a recording of
// another circuit: the cache is stale).
Status assign_from_witness(const WitnessAssignment& witness, const RecordedMatrices& shape, ProvingAssignment& assignment,
                           ThreadPool& pool);

// Witness-only synthesis of `circuit`, then assign_from_witness. Errors: the circuit's, and
// assign_from_witness's.
Status synthesize_with_recorded_matrices(const Circuit& circuit, const RecordedMatrices& shape,
                                         ProvingAssignment& assignment, ThreadPool& pool);

}  // namespace cuzk::r1cs
