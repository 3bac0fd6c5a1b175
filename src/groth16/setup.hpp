// INSECURE test setup: real Groth16 parameters for any R1CS from toxic waste the caller (or a
// PRNG) chooses. Anyone who knows τ, α, β, γ, δ can forge proofs: use only for tests,
// benchmarks and fixtures, never for real deployments (those use a ceremony's parameters).
//
// Two halves: the QAP at τ (qap_evaluator.hpp: streamed from synthesis, or from recorded
// matrices), then fixed-base multiplications of the generators by every query's scalars,
// the bulk of the time (≈5·10^8 points for a 2^27-constraint circuit). Those run on a
// GeneratorMultiplier: the host one here, or a device one (backend/cuda).
//
// Both setups stop early when `stop` is requested (a daemon shutting down): between their
// phases, and every few thousand points inside the host multiplier's loops; they then return
// kCancelled.
#pragma once

#include <memory>
#include <span>
#include <stop_token>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ec/fixed_base.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "groth16/keys.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::groth16 {

struct ToxicWaste {
  ff::Fr tau, alpha, beta, gamma, delta;
  // Drawn from a PRNG seeded with `seed` (same seed, same waste).
  static ToxicWaste from_seed(uint64_t seed);
};

// [k_i]·G for the G1 and G2 generators G and many scalars k_i, in affine form.
class GeneratorMultiplier {
 public:
  virtual ~GeneratorMultiplier() = default;
  virtual Result<std::vector<ec::G1Affine>> g1(std::span<const ff::Fr> scalars) = 0;
  virtual Result<std::vector<ec::G2Affine>> g2(std::span<const ff::Fr> scalars) = 0;
};

// On the host: window tables of the generators (ec::FixedBaseTable), scalars split over `pool`.
// kCancelled once `stop` is requested.
class HostGeneratorMultiplier final : public GeneratorMultiplier {
 public:
  explicit HostGeneratorMultiplier(ThreadPool& pool, std::stop_token stop = {});
  Result<std::vector<ec::G1Affine>> g1(std::span<const ff::Fr> scalars) override;
  Result<std::vector<ec::G2Affine>> g2(std::span<const ff::Fr> scalars) override;

 private:
  ThreadPool& pool_;
  std::stop_token stop_;
  ec::FixedBaseTable<ec::G1Config> g1_;
  ec::FixedBaseTable<ec::G2Config> g2_;
};

// Evaluates the QAP of `shape` (which must already contain bellperson's input constraints) at
// τ over the smallest power-of-two domain covering its constraints, and builds the proving key
// in bellperson's layout. `multiplier` null: a HostGeneratorMultiplier on `pool`. Errors:
// empty shape, domain larger than 2^28, τ inside the domain, a zero α/β/γ/δ, or a variable
// present in A/B only with coefficients that cancel at τ; the multiplier's own; kCancelled.
Result<ProvingKey> insecure_test_setup(const r1cs::R1csShape& shape, const ToxicWaste& waste, ThreadPool& pool,
                                       GeneratorMultiplier* multiplier = nullptr, std::stop_token stop = {});

// The same for a circuit, without recording its matrices: one synthesis pass counts the
// constraints (the domain), a second folds them into the QAP at τ (QapEvaluator), the input
// constraints appended. Errors: the circuit's own, two passes that disagree, or the setup's.
Result<ProvingKey> insecure_circuit_setup(const r1cs::Circuit& circuit, const ToxicWaste& waste, ThreadPool& pool,
                                          GeneratorMultiplier* multiplier = nullptr, std::stop_token stop = {});
// With toxic waste drawn from a PRNG seeded with `seed`.
Result<ProvingKey> insecure_circuit_setup(const r1cs::Circuit& circuit, uint64_t seed, ThreadPool& pool,
                                          GeneratorMultiplier* multiplier = nullptr, std::stop_token stop = {});

}  // namespace cuzk::groth16
