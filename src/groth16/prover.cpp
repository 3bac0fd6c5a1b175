// groth16::prove (prover.hpp): the bellperson-convention call of the CPU prover.
#include "groth16/prover.hpp"

namespace cuzk::groth16 {

Result<std::vector<Proof>> prove(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                                 BlindingSource& blinding, ThreadPool& pool, ProverTimings* timings) {
  CpuProver prover(pool);
  return prover.prove_timed(pk, circuits, QapConvention::kBellperson, blinding, timings);
}

}  // namespace cuzk::groth16
