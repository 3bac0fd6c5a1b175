// The prover factory: the one place that knows whether the CUDA backend was compiled in. The
// composition roots (the daemon, the CLI, benchmarks and tests) make their backends here and
// hand them to whatever proves (the engine, `cuzk prove`).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "groth16/prover_backend.hpp"
#include "groth16/setup.hpp"

namespace cuzk::backend {

// Whether this build has the CUDA backend.
bool cuda_compiled_in();

// The CPU backend, proving on `pool` (owned by the caller, which keeps it alive longer).
std::unique_ptr<groth16::ProverBackend> make_cpu_prover(ThreadPool& pool);

// One backend per CUDA device found (`devices` empty → all), its host-side work on
// `host_pool` (owned by the caller). Empty when CUDA is not built or no GPU is usable, with
// *why (if given) set to the reason ("no CUDA GPU found", "CUDA backend not built", the
// devices' errors).
std::vector<std::unique_ptr<groth16::ProverBackend>> make_gpu_provers(std::span<const int> devices,
                                                                     ThreadPool& host_pool, std::string* why);

// The composition roots' usual choice: one backend per GPU (`devices` empty → all) when
// `use_gpus` and there is one, else the CPU backend on `pool`; *note (if given) says why there
// is no GPU backend ("GPUs disabled by configuration", "no CUDA GPU found", …).
std::vector<std::unique_ptr<groth16::ProverBackend>> make_provers(bool use_gpus, std::span<const int> devices,
                                                                 ThreadPool& pool, std::string* note);

// The test setup's fixed-base multiplications on the first CUDA device, or null where CUDA is
// not built, no GPU is present or it cannot start (the setup then runs them on the host).
std::unique_ptr<groth16::GeneratorMultiplier> make_gpu_generator_multiplier();

}  // namespace cuzk::backend
