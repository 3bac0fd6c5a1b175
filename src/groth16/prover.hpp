// The Groth16 prover on the CPU backend, as explicit phases over constraint data (the
// ProvingAssignment a synthesis produced):
//   1. H: a, b, c → 3 inverse NTTs, 3 coset NTTs, (a·b − c)/Z, 1 inverse coset NTT, drop the
//      last coefficient
//   2. MSMs: A (inputs, aux with A-density), B in G1 and G2 (B-densities), L (aux), H
//   3. blinding with r, s and assembly:
//      A = α + Σw_i·A_i + rδ,  B = β + Σw_i·B_i + sδ,
//      C = Σaux_i·L_i + Σh_i·H_i + s·A' + r·B1' + rs·δ + sα + rβ
// Every circuit of a batch shares the key; each gets its own (r, s).
#pragma once

#include <span>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/blinding.hpp"
#include "groth16/keys.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16 {

// Milliseconds per phase, summed over the batch.
struct ProverTimings {
  double ntt_ms = 0, msm_a_ms = 0, msm_b_g1_ms = 0, msm_b_g2_ms = 0, msm_l_ms = 0, msm_h_ms = 0, total_ms = 0;
};

// The proving-key query sizes a synthesized circuit needs, by bellperson's density rules:
// ic = inputs (ONE included), l = aux, a = inputs + aux in A, b = inputs and aux in B (b_g1
// and b_g2 alike).
struct QuerySizes {
  size_t ic = 0, l = 0, a = 0, b = 0;
};
QuerySizes query_sizes(const r1cs::ProvingAssignment& cs);

// OK if `cs` (circuit `index` of a batch) is complete (input constraints appended, densities
// and a/b/c covering it) and fits `pk`; INVALID_ARGUMENT naming the circuit and the mismatch.
Status check_assignment_shape(const ProvingKey& pk, const r1cs::ProvingAssignment& cs, size_t index);

// Proves every circuit (each must have had append_input_constraints()). Errors name the circuit
// index and the mismatch between the assignment and the key (counts, densities).
Result<std::vector<Proof>> prove(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                                 BlindingSource& blinding, ThreadPool& pool, ProverTimings* timings = nullptr);

}  // namespace cuzk::groth16
