// The prover a command runs on, picked by its --backend option through the factory
// (backend/prover_factory.hpp): "cpu", "cuda" (device 0), or nothing (the command's default).
#pragma once

#include <memory>
#include <string_view>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/prover_backend.hpp"

namespace cuzk::cli {

// INVALID_ARGUMENT (bad usage) for a --backend other than cpu/cuda (or nothing).
Status check_backend_name(std::string_view name);

// `name` empty: the GPU where one is usable, else the CPU if prefer_gpu; the CPU otherwise.
// INVALID_ARGUMENT for a name other than cpu/cuda (bad usage); FAILED_PRECONDITION naming the
// reason when cuda is asked for and no GPU backend can be made. The CPU prover and the GPU's
// host-side work run on `pool` (not owned; it outlives the backend).
Result<std::unique_ptr<groth16::ProverBackend>> choose_prover(std::string_view name, bool prefer_gpu,
                                                              ThreadPool& pool);

}  // namespace cuzk::cli
