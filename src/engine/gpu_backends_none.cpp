// make_gpu_backends where the CUDA backend is not built: no GPU workers.
#include "engine/prover_backend.hpp"

namespace cuzk::engine {

std::vector<std::unique_ptr<ProverBackend>> make_gpu_backends(std::span<const int>, size_t, std::string* why) {
  if (why != nullptr) *why = "this build has no CUDA backend";
  return {};
}

}  // namespace cuzk::engine
