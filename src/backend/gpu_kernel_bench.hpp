// Benchmarks of the GPU kernels on device-resident data (`cuzk bench msm|ntt --backend cuda`)
// and the list of GPUs, behind the prover factory: the command line asks for them without
// knowing whether CUDA was compiled in (prover_factory.cpp answers kFailedPrecondition "this
// build has no CUDA backend" where it was not).
//
// Inputs live on the device before the clock starts (bases resident as in the prover, scalars or
// values uploaded once); each run is timed on the host around a synchronous call, after one
// warm-up run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"

namespace cuzk::backend {

// One measured configuration: "msm g1 2^24 (window 16)", its samples in milliseconds.
struct KernelTiming {
  std::string label;
  std::vector<double> samples_ms;
};

struct MsmBenchSpec {
  bool g2 = false;
  std::vector<uint64_t> log_sizes{20};
  size_t runs = 5;
  std::vector<unsigned> windows{0};  // 0: the model's choice
  bool witness_scalars = false;      // Filecoin-like: 0/1 except 1 in 64 random
};
Result<std::vector<KernelTiming>> bench_gpu_msm(const MsmBenchSpec& spec);

// kH: gpu_compute_h (h in natural order); kHProver: the prover's H, h left bit-reversed for the
// H MSM (no reordering pass).
enum class NttBenchKind : uint8_t { kForward, kCoset, kH, kHProver };
// Their names (cuzk bench ntt --kind, the timings' labels), in that order.
inline constexpr std::string_view kNttBenchKindNames[] = {"forward", "coset", "h", "h-prover"};
static_assert(std::size(kNttBenchKindNames) == static_cast<size_t>(NttBenchKind::kHProver) + 1);
struct NttBenchSpec {
  NttBenchKind kind = NttBenchKind::kForward;
  std::vector<uint64_t> log_sizes{20};
  size_t runs = 5;
};
Result<std::vector<KernelTiming>> bench_gpu_ntt(const NttBenchSpec& spec);

// "0: NVIDIA H200 (sm_90, 132 SMs, 139 GiB)", "none found (…)", or "CUDA backend not built (…)".
std::string describe_gpus();

}  // namespace cuzk::backend
