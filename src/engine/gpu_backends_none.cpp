// make_gpu_backends and make_gpu_generator_multiplier where the CUDA backend is not built: no
// GPU workers, and test setups multiply on the host.
#include "engine/prover_backend.hpp"

namespace cuzk::engine {

std::vector<std::unique_ptr<ProverBackend>> make_gpu_backends(std::span<const int>, size_t, std::string* why) {
  if (why != nullptr) *why = "this build has no CUDA backend";
  return {};
}

std::unique_ptr<groth16::GeneratorMultiplier> make_gpu_generator_multiplier() { return nullptr; }

}  // namespace cuzk::engine
