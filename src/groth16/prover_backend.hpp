// ProverBackend: the one Groth16 prover seam. Every entry point that proves (the engine's
// workers, `cuzk prove`, `cuzk bench prove`) calls an implementation of this interface: the
// CPU backend (groth16/cpu_prover) or, where CUDA is built and a GPU is present, one per
// device (backend/cuda). Implementations are made by the factory in src/backend, the one
// place that knows whether CUDA was compiled in. Argument checks, the H-size rule and proof
// assembly (A, B, C from the MSM sums and r, s) are shared (groth16/proof_assembly.hpp), so
// every backend gives the same proof for the same inputs and (r, s).
//
// The QAP convention is a parameter of the prover, not of the backend:
//   kBellperson: h = the coefficients of (a·b − c)/Z computed on the coset g = 7 (bellperson,
//                rust-fil-proofs, supraseal), m − 1 of them for the domain size m; pk.h holds
//                m − 1 points.
//   kSnarkjs:    h = the evaluations of a·b − c on the odd coset of the 2m-th roots of unity
//                (snarkjs's prover; the zkey's H points are the matching Lagrange basis), m of
//                them; pk.h holds m points.
// Both conventions assemble the proof with the same formula.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "groth16/blinding.hpp"
#include "groth16/keys.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::groth16 {

enum class QapConvention : uint8_t { kBellperson, kSnarkjs };

// A device's memory in bytes; both 0 for a backend that proves on the host.
struct DeviceMemory {
  uint64_t total_bytes = 0, free_bytes = 0;
};

class ProverBackend {
 public:
  virtual ~ProverBackend() = default;
  // "cpu", "cuda:<device>", or a test backend's name.
  virtual const std::string& name() const = 0;
  // What it runs on, for status pages ("CPU, 16 threads"; "NVIDIA H200, 12.1 of 139.8 GiB
  // free, 3.2 GiB of bases resident"). Never waits for a proof in progress.
  virtual std::string describe() const = 0;
  // True for a backend that proves on an accelerator (a worker of its own in the engine).
  virtual bool on_device() const = 0;
  // Its device's memory as last seen (at its start and after each prove or release call): both
  // 0 on the host. Never waits for a proof in progress.
  virtual DeviceMemory device_memory() const = 0;
  // Proves every circuit against `pk`, one proof each, in order; each proof draws its own
  // (r, s) from `blinding`. A circuit is a partition witness (witness/partition_witness.hpp): the
  // backend expands its aux, runs its fills and computes a, b, c from its recorded matrices (the
  // CPU on the host, a GPU on its device), with bellperson's input rows under kBellperson, and
  // checks a_j·b_j = c_j row by row before proving it. Errors: kInvalidArgument naming the
  // circuit index and the mismatch with the key or its matrices; kUnsatisfiable naming the
  // circuit and the first failing row; kOutOfMemory; kDeviceError; kCancelled.
  // Thread safety: one call at a time per backend (the engine gives each its own worker);
  // holds()/release()/describe() may be called from other threads meanwhile.
  virtual Result<std::vector<Proof>> prove(const ProvingKey& pk,
                                           std::span<const witness::PartitionWitness* const> circuits,
                                           QapConvention convention, BlindingSource& blinding) = 0;
  // Whether `pk`'s bases already live on this backend's device (GPU affinity); false on the CPU.
  virtual bool holds(const ProvingKey& pk) const = 0;
  // Drops whatever this backend keeps for `pk` (device-resident bases), before `pk` is freed.
  virtual void release(const ProvingKey& pk) = 0;
};

}  // namespace cuzk::groth16
