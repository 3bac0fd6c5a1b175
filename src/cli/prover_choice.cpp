// choose_prover (prover_choice.hpp): --backend through the prover factory.
#include "cli/prover_choice.hpp"

#include <string>

#include "backend/prover_factory.hpp"

namespace cuzk::cli {

Status check_backend_name(std::string_view name) {
  if (!name.empty() && name != "cpu" && name != "cuda") {
    return Status::invalid_argument("--backend must be 'cpu' or 'cuda', got '" + std::string(name) + "'");
  }
  return Status::ok();
}

Result<std::unique_ptr<groth16::ProverBackend>> choose_prover(std::string_view name, bool prefer_gpu,
                                                              ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_backend_name(name));
  if (name == "cpu" || (name.empty() && !prefer_gpu)) return backend::make_cpu_prover(pool);
  std::string why;
  const int first[] = {0};
  auto gpus = backend::make_gpu_provers(first, pool, &why);
  if (!gpus.empty()) return std::move(gpus.front());
  if (name.empty()) return backend::make_cpu_prover(pool);  // no usable GPU: the CPU, as documented
  return Status(StatusCode::kFailedPrecondition, "--backend cuda: " + why);
}

}  // namespace cuzk::cli
