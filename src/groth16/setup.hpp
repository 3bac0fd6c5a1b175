// INSECURE test setup: real Groth16 parameters for any R1CS from toxic waste the caller (or a
// PRNG) chooses. Anyone who knows τ, α, β, γ, δ can forge proofs: use only for tests,
// benchmarks and fixtures, never for real deployments (those use a ceremony's parameters).
#pragma once

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/keys.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::groth16 {

struct ToxicWaste {
  ff::Fr tau, alpha, beta, gamma, delta;
};

// Evaluates the QAP of `shape` (which must already contain bellperson's input constraints) at
// τ over the smallest power-of-two domain covering its constraints, and builds the proving key
// in bellperson's layout. Errors: empty shape, domain larger than 2^28, τ inside the domain,
// a zero α/β/γ/δ, or a variable present in A/B only with coefficients that cancel at τ.
Result<ProvingKey> insecure_test_setup(const r1cs::R1csShape& shape, const ToxicWaste& waste, ThreadPool& pool);

// Records `circuit`'s shape (with the input constraints) and runs the setup above with toxic
// waste drawn from a PRNG seeded with `seed`. Errors: the circuit's own, or the setup's.
Result<ProvingKey> insecure_circuit_setup(const r1cs::Circuit& circuit, uint64_t seed, ThreadPool& pool);

}  // namespace cuzk::groth16
