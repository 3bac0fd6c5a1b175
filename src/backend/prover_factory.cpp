// The prover factory (prover_factory.hpp): the CPU prover always; with CUZK_HAVE_CUDA (set by
// src/backend/CMakeLists.txt when the CUDA backend is built), one GpuProverBackend per device
// the GPU fixed-base multiplier, and the kernel benchmarks and GPU list (gpu_kernel_bench.hpp). The
// only file that knows whether CUDA is compiled in.
#include "backend/prover_factory.hpp"

#include "backend/gpu_kernel_bench.hpp"

#include "groth16/cpu_prover.hpp"

#if CUZK_HAVE_CUDA
#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/setup/generator_multiplier_gpu.hpp"
#include "backend/cuda/prover/gpu_prover.hpp"
#include "backend/cuda/bench/kernel_bench.hpp"
#include "backend/gpu_prover_backend.hpp"
#endif

namespace cuzk::backend {

bool cuda_compiled_in() { return CUZK_HAVE_CUDA != 0; }

std::unique_ptr<groth16::ProverBackend> make_cpu_prover(ThreadPool& pool) {
  return std::make_unique<groth16::CpuProver>(pool);
}

std::vector<std::unique_ptr<groth16::ProverBackend>> make_provers(bool use_gpus, std::span<const int> devices,
                                                                 ThreadPool& pool, std::string* note) {
  std::string why = "GPUs disabled by configuration";
  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
  if (use_gpus) out = make_gpu_provers(devices, pool, &why);
  if (out.empty()) out.push_back(make_cpu_prover(pool));
  if (note != nullptr) *note = why;
  return out;
}

#if CUZK_HAVE_CUDA

std::vector<std::unique_ptr<groth16::ProverBackend>> make_gpu_provers(std::span<const int> devices,
                                                                     ThreadPool& host_pool, std::string* why) {
  std::vector<int> wanted(devices.begin(), devices.end());
  const std::vector<cuda::GpuInfo> gpus = cuda::list_gpus();
  if (wanted.empty()) {
    for (size_t d = 0; d < gpus.size(); ++d) wanted.push_back(static_cast<int>(d));
  }
  std::vector<std::unique_ptr<groth16::ProverBackend>> out;
  std::string problems;
  for (int device : wanted) {
    auto prover = cuda::GpuProver::create(device, &host_pool);
    if (!prover.is_ok()) {
      problems += (problems.empty() ? "" : "; ") + ("cuda:" + std::to_string(device) + ": " + prover.status().message());
      continue;
    }
    const bool known = device >= 0 && static_cast<size_t>(device) < gpus.size();
    out.push_back(std::make_unique<GpuProverBackend>(std::move(prover).value(),
                                                     known ? gpus[static_cast<size_t>(device)].name : "GPU"));
  }
  if (why != nullptr) *why = out.empty() && gpus.empty() ? "no CUDA GPU found" : problems;
  return out;
}

std::unique_ptr<groth16::GeneratorMultiplier> make_gpu_generator_multiplier() {
  if (cuda::list_gpus().empty()) return nullptr;
  auto multiplier = cuda::GpuGeneratorMultiplier::create(0);
  return multiplier.is_ok() ? std::move(multiplier).value() : nullptr;
}

Result<std::vector<KernelTiming>> bench_gpu_msm(const MsmBenchSpec& spec) { return cuda::bench_gpu_msm(spec); }
Result<std::vector<KernelTiming>> bench_gpu_ntt(const NttBenchSpec& spec) { return cuda::bench_gpu_ntt(spec); }
std::string describe_gpus() { return cuda::describe_gpus(); }

#else

std::vector<std::unique_ptr<groth16::ProverBackend>> make_gpu_provers(std::span<const int>, ThreadPool&,
                                                                     std::string* why) {
  if (why != nullptr) *why = "CUDA backend not built";
  return {};
}

std::unique_ptr<groth16::GeneratorMultiplier> make_gpu_generator_multiplier() { return nullptr; }

Result<std::vector<KernelTiming>> bench_gpu_msm(const MsmBenchSpec&) {
  return Status(StatusCode::kFailedPrecondition, "this build has no CUDA backend");
}
Result<std::vector<KernelTiming>> bench_gpu_ntt(const NttBenchSpec&) {
  return Status(StatusCode::kFailedPrecondition, "this build has no CUDA backend");
}
std::string describe_gpus() { return "CUDA backend not built (the CPU backend serves)"; }

#endif

}  // namespace cuzk::backend
