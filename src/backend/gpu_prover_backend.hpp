// GpuProverBackend: one CUDA device's GpuProver as a groth16::ProverBackend ("cuda:<device>").
// Built only with the CUDA backend (the factory, prover_factory.cpp, is its one user).
//
// A GpuProver takes one caller at a time: the owner's worker proves, and another thread may
// release a key (only a key no proof uses), so both go through one mutex. Releasing before
// the key's memory is freed matters: device copies are keyed by the key's address.
// describe() and device_memory() read what the last call left (device memory, resident
// bases): they never wait for a proof in progress.
#pragma once

#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "backend/cuda/prover/gpu_prover.hpp"
#include "groth16/prover_backend.hpp"

namespace cuzk::backend {

class GpuProverBackend final : public groth16::ProverBackend {
 public:
  // Owns `prover`; `device_name` ("NVIDIA H200") heads describe().
  GpuProverBackend(std::unique_ptr<cuda::GpuProver> prover, std::string device_name);

  const std::string& name() const override { return name_; }
  std::string describe() const override;
  bool on_device() const override { return true; }
  groth16::DeviceMemory device_memory() const override;
  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const witness::PartitionWitness* const> circuits,
                                            groth16::QapConvention convention,
                                            groth16::BlindingSource& blinding) override;
  bool holds(const groth16::ProvingKey& pk) const override;
  void release(const groth16::ProvingKey& pk) override;

 private:
  // Re-reads the device's memory into memory_ and the status text (caller holds mutex_, or is
  // the constructor).
  void refresh_locked();

  std::string name_, device_name_;
  mutable std::mutex mutex_;                       // serializes prover_ calls
  std::unique_ptr<cuda::GpuProver> prover_;        // GUARDED_BY(mutex_)
  std::set<const groth16::ProvingKey*> resident_;  // GUARDED_BY(mutex_)
  mutable std::mutex status_mutex_;
  std::string status_;  // GUARDED_BY(status_mutex_)
  groth16::DeviceMemory memory_;  // GUARDED_BY(status_mutex_)
};

}  // namespace cuzk::backend
