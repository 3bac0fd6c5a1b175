// The sparse product of recorded constraint matrices on the CPU: a, b, c = A·w, B·w, C·w from
// a witness (inputs ‖ aux, the order classic synthesis allocates them), over row chunks on a
// thread pool. The values are exactly ProvingAssignment's (field addition is exact, so the
// order of the terms does not matter). Also the structural check of a compact form read from
// outside the process.
#pragma once

#include <span>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::r1cs {

// a, b, c (num_constraints entries each) for the witness (inputs counting ONE); c = a·b row by
// row for matrices without C (RecordedMatrices::c_from_product). The shape must
// be recorded here or have passed validate_matrices. Errors: kInvalidArgument when a size differs
// from the shape's (naming both).
Status evaluate_matrices(const RecordedMatrices& shape, std::span<const ff::Fr> inputs, std::span<const ff::Fr> aux,
                        std::span<ff::Fr> a, std::span<ff::Fr> b, std::span<ff::Fr> c, ThreadPool& pool);

// The rest of a ProvingAssignment whose input and aux assignments are filled (a witness-only
// synthesis): a, b, c resized to the constraints and computed, the densities the shape's. The
// input constraints are not appended (append_input_constraints() does, as after synthesis).
// Errors: as evaluate_matrices.
Status evaluate_into_assignment(const RecordedMatrices& shape, ProvingAssignment& assignment, ThreadPool& pool);

// Decodes every chunk: row counts, chunk offsets, every varint in bounds, every variable below
// the shape's counts, every dictionary index in the dictionary, each chunk's bytes used
// exactly, the densities' sizes. kInvalidArgument naming the matrix and chunk otherwise.
Status validate_matrices(const RecordedMatrices& shape, ThreadPool& pool);

}  // namespace cuzk::r1cs
