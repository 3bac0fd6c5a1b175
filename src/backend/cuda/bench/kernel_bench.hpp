// The CUDA side of backend/gpu_kernel_bench.hpp (the same contract; called by prover_factory.cpp).
#pragma once

#include <string>
#include <vector>

#include "backend/gpu_kernel_bench.hpp"

namespace cuzk::backend::cuda {

Result<std::vector<KernelTiming>> bench_gpu_msm(const MsmBenchSpec& spec);
Result<std::vector<KernelTiming>> bench_gpu_ntt(const NttBenchSpec& spec);
std::string describe_gpus();

}  // namespace cuzk::backend::cuda
