// CpuProver: the Groth16 prover on the host (groth16::ProverBackend "cpu"), as explicit phases
// over constraint data, for both QAP conventions. A partition witness is first made whole
// (witness::materialize: the aux expanded, its fills run, a, b, c from the recorded matrices)
// and its rows checked; a whole assignment (classic synthesis, the reference) is proved as it is:
//   1. H (per convention, see prover_backend.hpp):
//      kBellperson: a, b, c → 3 inverse NTTs, 3 coset NTTs (g = 7), (a·b − c)/Z, 1 inverse
//                   coset NTT, drop the last coefficient (m − 1 values);
//      kSnarkjs:    snarkjs_h (snarkjs_qap.hpp): the m evaluations of a·b − c on the odd coset;
//   2. MSMs: A (inputs, aux with A-density), B in G1 and G2 (B-densities), L (aux), H;
//   3. assembly with (r, s): assemble_proof (proof_assembly.hpp), shared with every backend.
// Every circuit of a batch shares the key; each gets its own (r, s).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/prover_backend.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16 {

// Milliseconds per phase, summed over the batch.
struct ProverTimings {
  double ntt_ms = 0, msm_a_ms = 0, msm_b_g1_ms = 0, msm_b_g2_ms = 0, msm_l_ms = 0, msm_h_ms = 0, total_ms = 0;
  double product_ms = 0;  // partition witnesses made whole (witness::materialize) and their rows checked
};

class CpuProver final : public ProverBackend {
 public:
  // Proves on `pool` (not owned; it outlives the prover and may be shared with other work).
  explicit CpuProver(ThreadPool& pool) : pool_(pool) {}

  const std::string& name() const override { return name_; }
  std::string describe() const override { return "CPU, " + std::to_string(pool_.size()) + " threads"; }
  bool on_device() const override { return false; }
  DeviceMemory device_memory() const override { return {}; }
  // ProverBackend::prove's contract. Reentrant: calls from several threads may share the pool.
  Result<std::vector<Proof>> prove(const ProvingKey& pk, std::span<const witness::PartitionWitness* const> circuits,
                                   QapConvention convention, BlindingSource& blinding) override {
    return prove_timed(pk, circuits, convention, blinding, nullptr);
  }
  // prove() that also adds each phase's time to *timings (if given).
  Result<std::vector<Proof>> prove_timed(const ProvingKey& pk,
                                         std::span<const witness::PartitionWitness* const> circuits,
                                         QapConvention convention, BlindingSource& blinding, ProverTimings* timings);
  // The same for whole assignments of classic synthesis (kBellperson: input constraints
  // appended), proved as they are: their rows are not checked here.
  Result<std::vector<Proof>> prove(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                                   QapConvention convention, BlindingSource& blinding) {
    return prove_timed(pk, circuits, convention, blinding, nullptr);
  }
  Result<std::vector<Proof>> prove_timed(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                                         QapConvention convention, BlindingSource& blinding, ProverTimings* timings);
  bool holds(const ProvingKey&) const override { return false; }
  void release(const ProvingKey&) override {}

 private:
  std::string name_ = "cpu";
  ThreadPool& pool_;
};

}  // namespace cuzk::groth16
