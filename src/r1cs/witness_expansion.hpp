// A witness-only synthesis's assignment handed to the classic prover path: the WitnessAssignment's
// inputs copied and its packed aux expanded to field elements, in parallel, into a
// ProvingAssignment whose a/b/c the recorded matrices then give (recorded_spmv's
// evaluate_into_assignment). The CPU counterpart of a device's expansion (witness.hpp's rule).
#pragma once

#include <algorithm>
#include <span>

#include "common/thread_pool.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness.hpp"

namespace cuzk::r1cs {

// out.input_assignment = witness.inputs and out.aux_assignment = the expanded aux (both resized;
// their memory is reused). Nothing else of `out` is touched. Aux words are expanded on `pool` in
// contiguous ranges; without a pool on the calling thread.
inline void expand_witness(const WitnessAssignment& witness, ProvingAssignment& out, ThreadPool* pool = nullptr) {
  out.input_assignment.assign(witness.inputs.begin(), witness.inputs.end());
  const PackedAux& aux = witness.aux;
  out.aux_assignment.resize(aux.size());
  if (!pool) {
    aux.expand(0, out.aux_assignment);
  } else {
    const size_t words = (aux.size() + PackedAux::kWordBits - 1) / PackedAux::kWordBits;
    pool->parallel_for(words, [&](size_t begin, size_t end) {
      const size_t first = begin * PackedAux::kWordBits;
      const size_t last = std::min(aux.size(), end * PackedAux::kWordBits);
      aux.expand(first, std::span(out.aux_assignment).subspan(first, last - first));
    });
  }
}

}  // namespace cuzk::r1cs
