// The only cli file that knows whether the CUDA backend was compiled in (CUZK_HAVE_CUDA).
#include "cli/gpu_report.hpp"

#if CUZK_HAVE_CUDA
#include "backend/cuda/device.hpp"
#endif

namespace cuzk::cli {

std::string describe_gpus() {
#if CUZK_HAVE_CUDA
  const auto gpus = backend::cuda::list_gpus();
  if (gpus.empty()) return "none found (CUDA backend built; the CPU backend serves)";
  std::string out;
  for (size_t i = 0; i < gpus.size(); ++i) {
    if (i) out += "; ";
    out += std::to_string(i) + ": " + gpus[i].name + " (sm_" + std::to_string(gpus[i].sm_major) +
           std::to_string(gpus[i].sm_minor) + ", " + std::to_string(gpus[i].multiprocessors) + " SMs, " +
           std::to_string(gpus[i].memory_bytes >> 30) + " GiB)";
  }
  return out;
#else
  return "CUDA backend not built (the CPU backend serves)";
#endif
}

}  // namespace cuzk::cli
