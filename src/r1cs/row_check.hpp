// The witness check before proving (every backend runs it, the CPU's on the materialised
// assignment, a GPU's on the device): a ProvingAssignment satisfies its circuit iff
// a_j·b_j = c_j for every constraint j (the evaluations it recorded). One field product a row,
// in parallel chunks: 2^20 rows in 49 ms on 2 threads, against 485 ms to synthesize the cheapest
// circuit of that size (the synthetic one; measured 2026-12-01 on the 2-core development
// machine), so it runs whatever the self-verification switch says, and a witness that does not
// satisfy its circuit is refused (UNSATISFIABLE, which the service answers as INVALID_ARGUMENT)
// instead of being proved into a proof that cannot verify.
#pragma once

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::r1cs {

// kUnsatisfiable naming the first failing row (and how many rows there are); kInternal if a, b
// and c differ in length.
Status check_rows(const ProvingAssignment& cs, ThreadPool& pool);

}  // namespace cuzk::r1cs
