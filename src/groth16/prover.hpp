// groth16::prove: the CPU prover (CpuProver, cpu_prover.hpp) under bellperson's QAP
// convention as one call, for callers that prove native circuits on a pool of their own.
#pragma once

#include <span>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/blinding.hpp"
#include "groth16/cpu_prover.hpp"
#include "groth16/keys.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16 {

// CpuProver(pool).prove_timed(pk, circuits, QapConvention::kBellperson, blinding, timings):
// every circuit must have had append_input_constraints(). Errors name the circuit index and
// the mismatch between the assignment and the key (counts, densities).
Result<std::vector<Proof>> prove(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                                 BlindingSource& blinding, ThreadPool& pool, ProverTimings* timings = nullptr);

}  // namespace cuzk::groth16
