// ProverBackend: what an engine worker proves with. One backend per worker: the CPU backend
// (groth16::prove on a thread pool) or, where CUDA is built and a GPU is present, one per
// device (backend/cuda's GpuProver). Native circuits prove through prove(); circuits with their
// own prover (circom's snarkjs convention) run on cpu_pool().
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/blinding.hpp"
#include "groth16/keys.hpp"
#include "groth16/setup.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::engine {

class ProverBackend {
 public:
  virtual ~ProverBackend() = default;
  // "cpu" or "cuda:<device>".
  virtual const std::string& name() const = 0;
  // What it runs on, for status pages ("CPU, 16 threads"; "NVIDIA H200, 12.1 of 139.8 GiB
  // free, 3.2 GiB of bases resident").
  virtual std::string describe() const = 0;
  // groth16::prove's contract: every circuit shares `pk`; one (r, s) per circuit from blinding.
  virtual Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                                    std::span<const r1cs::ProvingAssignment* const> circuits,
                                                    groth16::BlindingSource& blinding) = 0;
  // Whether `pk`'s bases already live on this backend's device (GPU affinity); false on the CPU.
  virtual bool holds(const groth16::ProvingKey& pk) const = 0;
  // Drops whatever this backend keeps for `pk` (device-resident bases), before `pk` is freed.
  virtual void release(const groth16::ProvingKey& pk) = 0;
  // Host threads for CPU-side proving work.
  virtual ThreadPool& cpu_pool() = 0;
};

// groth16::prove on a pool of `threads` threads (0 → one per core).
std::unique_ptr<ProverBackend> make_cpu_backend(size_t threads);

// One backend per CUDA device found (empty when CUDA is not built or no GPU is present, with
// *why set to the reason); `devices` empty → all. Host-side work uses `cpu_threads` threads.
std::vector<std::unique_ptr<ProverBackend>> make_gpu_backends(std::span<const int> devices, size_t cpu_threads,
                                                              std::string* why);

// The test setup's fixed-base multiplications on the first CUDA device, or null where CUDA is
// not built, no GPU is present or it cannot start (the setup then runs them on the host).
std::unique_ptr<groth16::GeneratorMultiplier> make_gpu_generator_multiplier();

}  // namespace cuzk::engine
