// GpuProver: the Groth16 prover on one CUDA device, the same contract as
// groth16::ProverBackend::prove (src/groth16/prover_backend.hpp), both QAP conventions: for
// the same key, circuits and (r, s), the proofs are bit-identical to the CPU backend's. H
// (kBellperson: 6 NTTs, the quotient fused into the last, ntt_gpu.hpp; kSnarkjs: 6 NTTs on
// snarkjs's domain and a·b − c) and all five MSMs (A, B in G1 and G2, L, H) run on the
// device; the shared assembly (groth16/proof_assembly.hpp) on the host.
//
// Three parts: what stays on the device between batches (resident_set.hpp: keys' bases,
// recorded matrices, domains), where circuits are staged (staging_ring.hpp: slots, the staging
// thread, events) and how a batch is staged (staging_plan.hpp: a pure policy of the device
// memory); this file runs a batch. A circuit (witness::PartitionWitness) sends only its packed
// witness; its fills run and a, b, c are computed and checked row by row on the device
// (witness_staging.hpp). With room for two slots of each part (kOverlapped), circuit i + 1
// stages while circuit i computes; with one a, b, c slot (kSharedAbc: a 2^27 PoRep partition on
// an 80 GB card), after circuit i's H MSM, which runs first among its MSMs; else after its proof.
// C++ only: no CUDA types.
//
// Threading: one GpuProver per device, used by one worker thread at a time (calls are not
// synchronised); create() and every method make the prover's device current for the calling
// thread.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "backend/cuda/prover/staging_plan.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/blinding.hpp"
#include "groth16/keys.hpp"
#include "groth16/prover_backend.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::backend::cuda {

// Milliseconds per phase, summed over the batch (pre_return: entry to just before return).
// With the environment variable CUZK_TIMING=1, prove() also prints one line per phase:
// "CUZK_TIMING: phase=<name> ms=<n>".
// Staging runs on the staging thread beside the compute, so alloc and product include work
// hidden behind the GPU phases, and upload counts only the compute side's waits for staging
// (plus a key's first upload).

struct GpuProveTimings {
  double prep_ms = 0;      // argument checks, domains, density bitmaps
  double alloc_ms = 0;     // device buffers for the batch (grown on demand, then reused)
  double upload_ms = 0;    // waits for the staging of a circuit (and a new key's bases or matrices)
  double product_ms = 0;   // packed witness up, expanded, filled, a, b, c made and checked
  double ntt_ms = 0;       // H on the device
  double msm_a_ms = 0, msm_b_g1_ms = 0, msm_b_g2_ms = 0, msm_l_ms = 0, msm_h_ms = 0;
  double epilogue_ms = 0;  // blinding and assembly
  double pre_return_ms = 0;
  StagingPlan staging = StagingPlan::kSerial;  // the batch's (staging_plan.hpp), not a time
};

class GpuProver {
 public:
  // A prover on CUDA device `device`, its host-side work (staging copies) on `host_pool` (not
  // owned, outlives the prover; nullptr → ThreadPool::shared()). Errors: kInvalidArgument (no
  // such device), kDeviceError.
  static Result<std::unique_ptr<GpuProver>> create(int device, ThreadPool* host_pool = nullptr);
  ~GpuProver();
  GpuProver(const GpuProver&) = delete;
  GpuProver& operator=(const GpuProver&) = delete;

  // ProverBackend::prove's contract; each proof draws its own (r, s) from `blinding`, in order.
  // Errors: kInvalidArgument naming the circuit and the mismatch with the key or its matrices;
  // kUnsatisfiable naming the circuit and its first failing row; kOutOfMemory; kDeviceError.
  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const witness::PartitionWitness* const> circuits,
                                            groth16::QapConvention convention, groth16::BlindingSource& blinding,
                                            GpuProveTimings* timings = nullptr);
  // prove(pk, circuits, QapConvention::kBellperson, blinding, timings), for callers that
  // predate the convention parameter.
  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const witness::PartitionWitness* const> circuits,
                                            groth16::BlindingSource& blinding, GpuProveTimings* timings = nullptr) {
    return prove(pk, circuits, groth16::QapConvention::kBellperson, blinding, timings);
  }

  // Caps the staging plan of later batches at `limit` (kOverlapped, the default, leaves the
  // choice to choose_staging_plan()). For a device shared with other work, and for tests. The
  // environment variable CUZK_STAGING=serial|shared-abc|overlapped sets it at create().
  void set_staging_limit(StagingPlan limit);

  // Frees the device copy of `pk`'s bases, if resident, and the recorded matrices nobody else
  // holds any more.
  void release(const groth16::ProvingKey& pk);
  // Device bytes held for resident keys and recorded matrices.
  size_t resident_bytes() const;
  // Free and total memory of the device, in bytes.
  Status device_memory(size_t* free_bytes, size_t* total_bytes) const;
  int device() const;

 private:
  struct Impl;
  explicit GpuProver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::backend::cuda
