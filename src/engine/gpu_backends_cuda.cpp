// make_gpu_backends with the CUDA backend: one GpuProver per device (and, for test setups,
// make_gpu_generator_multiplier on device 0). The worker's `gpu` time is the prove call's
// wall time, which equals the prover's own pre_return up to the return itself
// (large buffers go to the reclaimer, never freed on the return path). A GpuProver takes one
// caller at a time: its worker proves, and the SRS manager may release a key from another
// thread (only a key no job uses), so both go through one mutex. Releasing before the key's
// memory is freed matters: device copies are keyed by the key's address.
#include <cstdio>
#include <mutex>
#include <set>

#include "backend/cuda/device.hpp"
#include "backend/cuda/generator_multiplier_gpu.hpp"
#include "backend/cuda/gpu_prover.hpp"
#include "engine/prover_backend.hpp"

namespace cuzk::engine {
namespace {

class GpuBackend final : public ProverBackend {
 public:
  GpuBackend(std::unique_ptr<backend::cuda::GpuProver> prover, std::string device_name, size_t host_threads)
      : prover_(std::move(prover)),
        name_("cuda:" + std::to_string(prover_->device())),
        device_name_(std::move(device_name)),
        pool_(host_threads) {
    refresh_locked();
  }

  const std::string& name() const override { return name_; }
  // The last state seen by refresh_locked(): never waits for a proof in progress.
  std::string describe() const override {
    std::lock_guard<std::mutex> lock(status_mutex_);
    return status_;
  }

  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const r1cs::ProvingAssignment* const> circuits,
                                            groth16::BlindingSource& blinding) override {
    std::lock_guard<std::mutex> lock(mutex_);
    auto proofs = prover_->prove(pk, circuits, blinding);
    if (proofs.is_ok()) resident_.insert(&pk);
    refresh_locked();
    return proofs;
  }
  bool holds(const groth16::ProvingKey& pk) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return resident_.count(&pk) != 0;
  }
  void release(const groth16::ProvingKey& pk) override {
    std::lock_guard<std::mutex> lock(mutex_);
    prover_->release(pk);
    resident_.erase(&pk);
    refresh_locked();
  }
  ThreadPool& cpu_pool() override { return pool_; }

  // Re-reads the device's memory into the status text (caller holds mutex_, or is the constructor).
  void refresh_locked() {
    size_t free_bytes = 0, total_bytes = 0;
    char text[200];
    const double gib = 1024.0 * 1024 * 1024;
    if (prover_->device_memory(&free_bytes, &total_bytes).is_ok()) {
      std::snprintf(text, sizeof text, "%s, %.1f of %.1f GiB free, %.1f GiB of bases resident", device_name_.c_str(),
                    static_cast<double>(free_bytes) / gib, static_cast<double>(total_bytes) / gib,
                    static_cast<double>(prover_->resident_bytes()) / gib);
    } else {
      std::snprintf(text, sizeof text, "%s", device_name_.c_str());
    }
    std::lock_guard<std::mutex> lock(status_mutex_);
    status_ = text;
  }

 private:
  std::unique_ptr<backend::cuda::GpuProver> prover_;
  std::string name_, device_name_;
  ThreadPool pool_;
  mutable std::mutex mutex_;                       // serializes prover_ calls
  std::set<const groth16::ProvingKey*> resident_;  // GUARDED_BY(mutex_)
  mutable std::mutex status_mutex_;
  std::string status_;  // GUARDED_BY(status_mutex_)
};

}  // namespace

std::vector<std::unique_ptr<ProverBackend>> make_gpu_backends(std::span<const int> devices, size_t cpu_threads,
                                                              std::string* why) {
  std::vector<int> wanted(devices.begin(), devices.end());
  const std::vector<backend::cuda::GpuInfo> gpus = backend::cuda::list_gpus();
  const size_t found = gpus.size();
  if (wanted.empty()) {
    for (size_t d = 0; d < found; ++d) wanted.push_back(static_cast<int>(d));
  }
  std::vector<std::unique_ptr<ProverBackend>> out;
  std::string problems;
  for (int device : wanted) {
    auto prover = backend::cuda::GpuProver::create(device);
    if (!prover.is_ok()) {
      problems += (problems.empty() ? "" : "; ") + ("cuda:" + std::to_string(device) + ": " + prover.status().message());
      continue;
    }
    const std::string device_name =
        static_cast<size_t>(device) < gpus.size() ? gpus[static_cast<size_t>(device)].name : "GPU";
    out.push_back(std::make_unique<GpuBackend>(std::move(prover).value(), device_name, cpu_threads));
  }
  if (why != nullptr) {
    *why = out.empty() ? (found == 0 ? "no CUDA GPU found" : problems) : problems;
  }
  return out;
}

std::unique_ptr<groth16::GeneratorMultiplier> make_gpu_generator_multiplier() {
  if (backend::cuda::list_gpus().empty()) return nullptr;
  auto multiplier = backend::cuda::GpuGeneratorMultiplier::create(0);
  return multiplier.is_ok() ? std::move(multiplier).value() : nullptr;
}

}  // namespace cuzk::engine
