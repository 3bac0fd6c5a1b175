// GpuProverBackend (gpu_prover_backend.hpp): the mutex, the resident set and the status text
// around one GpuProver.
#include "backend/gpu_prover_backend.hpp"

#include <cstdio>
#include <utility>

namespace cuzk::backend {

GpuProverBackend::GpuProverBackend(std::unique_ptr<cuda::GpuProver> prover, std::string device_name)
    : name_("cuda:" + std::to_string(prover->device())), device_name_(std::move(device_name)), prover_(std::move(prover)) {
  std::lock_guard<std::mutex> lock(mutex_);
  refresh_locked();
}

std::string GpuProverBackend::describe() const {
  std::lock_guard<std::mutex> lock(status_mutex_);
  return status_;
}

groth16::DeviceMemory GpuProverBackend::device_memory() const {
  std::lock_guard<std::mutex> lock(status_mutex_);
  return memory_;
}

Result<std::vector<groth16::Proof>> GpuProverBackend::prove(const groth16::ProvingKey& pk,
                                                            std::span<const witness::PartitionWitness* const> circuits,
                                                            groth16::QapConvention convention,
                                                            groth16::BlindingSource& blinding) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto proofs = prover_->prove(pk, circuits, convention, blinding);
  if (proofs.is_ok()) resident_.insert(&pk);
  refresh_locked();
  return proofs;
}

bool GpuProverBackend::holds(const groth16::ProvingKey& pk) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return resident_.count(&pk) != 0;
}

void GpuProverBackend::release(const groth16::ProvingKey& pk) {
  std::lock_guard<std::mutex> lock(mutex_);
  prover_->release(pk);
  resident_.erase(&pk);
  refresh_locked();
}

void GpuProverBackend::refresh_locked() {
  size_t free_bytes = 0, total_bytes = 0;
  char text[200];
  const double gib = 1024.0 * 1024 * 1024;
  const bool known = prover_->device_memory(&free_bytes, &total_bytes).is_ok();
  if (known) {
    std::snprintf(text, sizeof text, "%s, %.1f of %.1f GiB free, %.1f GiB of bases resident", device_name_.c_str(),
                  static_cast<double>(free_bytes) / gib, static_cast<double>(total_bytes) / gib,
                  static_cast<double>(prover_->resident_bytes()) / gib);
  } else {
    std::snprintf(text, sizeof text, "%s", device_name_.c_str());
  }
  std::lock_guard<std::mutex> lock(status_mutex_);
  status_ = text;
  memory_ = known ? groth16::DeviceMemory{total_bytes, free_bytes} : groth16::DeviceMemory{};
}

}  // namespace cuzk::backend
