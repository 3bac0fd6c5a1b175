// GpuProver: the Groth16 prover on one CUDA device, the same contract as
// groth16::ProverBackend::prove (src/groth16/prover_backend.hpp), both QAP conventions: for
// the same key, circuits and (r, s), the proofs are bit-identical to the CPU backend's. H
// (kBellperson: 6 NTTs, the quotient fused into the last, ntt_gpu.hpp; kSnarkjs: 6 NTTs on
// snarkjs's domain and a·b − c) and all five MSMs (A, B in G1 and G2, L, H) run on the
// device; the shared assembly (groth16/proof_assembly.hpp) on the host. In a batch, the
// host → device copies of circuit i + 1 (through reused pinned staging buffers) overlap the
// compute of circuit i, and each circuit's H starts while its later inputs still upload.
// That takes two staging slots (a, b, c and the assignment of one circuit each). Where the
// device cannot hold two beside the resident bases and the proofs' working memory (a 2^27
// PoRep partition on an 80 GB card), a batch keeps one a, b, c buffer and two assignments:
// circuit i's H MSM (the last reader of its a, b, c) runs first among its MSMs, and circuit
// i + 1 stages while circuit i's A, B and L run. Where that does not fit either, each circuit
// is staged after the previous proof (staging_plan()).
//
// A key's query bases are uploaded on first use and stay resident, keyed by the ProvingKey's
// address (the caller keeps the key alive and unchanged while it is resident, or release()s
// it). A circuit (witness::PartitionWitness) sends only its packed witness: its recorded matrices
// are uploaded on first use and stay resident while anyone else holds them (the kind's cache
// does, for the process's life), its fills run on the device, and a, b, c are computed and
// checked row by row there (witness_staging.hpp). C++ only: no CUDA types.
//
// Threading: one GpuProver per device, used by one worker thread at a time (calls are not
// synchronised); create() and every method make the prover's device current for the calling
// thread.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

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
// Circuit i + 1 is staged (densities, buffers, uploads) on a second thread while circuit i
// computes, so prep and alloc include work hidden behind the GPU phases, and upload counts
// only the waits for staging (plus a key's first upload). The first circuit's H starts once
// its a is on the device, so its b, c and assignment uploads overlap its own NTTs.

// How a batch stages its circuits, from the least device memory to the most.
enum class StagingPlan {
  kSerial,     // one circuit's a, b, c and assignment: circuit i + 1 staged after proof i
  kSharedAbc,  // one a, b, c buffer, two assignments: circuit i + 1 staged after circuit i's H MSM
  kOverlapped  // two of each: circuit i + 1 staged while circuit i computes
};
const char* staging_plan_name(StagingPlan plan);
// The plan staging_plan_name() calls `name`, or nullopt where no plan is called that.
std::optional<StagingPlan> staging_plan_named(std::string_view name);

struct GpuProveTimings {
  double prep_ms = 0;      // argument checks, domains, density bitmaps
  double alloc_ms = 0;     // device buffers for the batch (grown on demand, then reused)
  double upload_ms = 0;    // waits for the staging of a circuit (and a new key's bases or matrices)
  double product_ms = 0;   // packed witness up, expanded, filled, a, b, c made and checked
  double ntt_ms = 0;       // H on the device
  double msm_a_ms = 0, msm_b_g1_ms = 0, msm_b_g2_ms = 0, msm_l_ms = 0, msm_h_ms = 0;
  double epilogue_ms = 0;  // blinding and assembly
  double pre_return_ms = 0;
  StagingPlan staging = StagingPlan::kSerial;  // the batch's (GpuProver::staging_plan), not a time
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

  // How a batch of `circuits` stages them: kOverlapped when `available_bytes` — free device
  // memory plus what the staging buffers and the MSMs' scratch (which grows into free memory)
  // already hold — fits two a, b, c buffers of `abc_bytes` and two assignments of
  // `witness_bytes` (the batch's largest circuit) beside `working_bytes` (the H transforms' and
  // MSMs' scratch); else kSharedAbc when one a, b, c buffer and two assignments fit; else
  // kSerial. A single circuit is kSerial.
  static StagingPlan staging_plan(size_t circuits, size_t abc_bytes, size_t witness_bytes, size_t working_bytes,
                                  size_t available_bytes);
  // What a batch reserves for `plan` before its MSMs grow their scratch again: the bytes its
  // a, b, c buffers and assignments (holding `held_abc` and `held_witness` bytes now) lack for
  // `abc_bytes` and `witness_bytes` each, and whether the MSMs' scratch is freed first, as those
  // bytes are more than `free_bytes`. kSerial reserves nothing (its one circuit's buffers grow
  // as it stages).
  struct StagingReservation {
    size_t missing_bytes = 0;
    bool release_scratch = false;
  };
  static StagingReservation staging_reservation(StagingPlan plan, size_t abc_bytes, size_t witness_bytes,
                                                std::array<size_t, 2> held_abc, std::array<size_t, 2> held_witness,
                                                size_t free_bytes);
  // Caps the staging plan of later batches at `limit` (kOverlapped, the default, leaves the
  // choice to staging_plan()). For a device shared with other work, and for tests. The
  // environment variable CUZK_STAGING=serial|shared-abc|overlapped sets it at create().
  void set_staging_limit(StagingPlan limit);

  // Frees the device copy of `pk`'s bases, if resident.
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
