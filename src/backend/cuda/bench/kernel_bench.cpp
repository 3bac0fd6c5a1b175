// The GPU kernel benchmarks and the GPU list (backend/gpu_kernel_bench.hpp), on the CUDA backend;
// prover_factory.cpp forwards to these where CUDA is built.
#include "backend/cuda/bench/kernel_bench.hpp"

#include <chrono>
#include <random>
#include <utility>

#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/msm/msm_gpu.hpp"
#include "backend/cuda/ntt/ntt_gpu.hpp"
#include "ec/curve.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;

// `runs` calls of f after one warm-up, in milliseconds.
template <class F>
Result<std::vector<double>> time_runs(size_t runs, F&& f) {
  CUZK_RETURN_IF_ERROR(f());
  std::vector<double> samples;
  for (size_t i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    CUZK_RETURN_IF_ERROR(f());
    samples.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  return samples;
}

// n values < 2^252 < r, used as Montgomery forms (any value < r is one): uniform enough for
// timing, and fast to make for 2^27 of them.
std::vector<Fr> random_field(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out(n);
  for (auto& x : out) {
    ff::Limbs<4> limbs{rng(), rng(), rng(), rng() >> 4};
    x = Fr::from_montgomery(limbs);
  }
  return out;
}

// A Filecoin-like witness: mostly bits (zeros and ones) and 1 value in 64 random.
std::vector<Fr> witness_like(size_t n, uint64_t seed) {
  std::vector<Fr> out = random_field(n, seed);
  std::mt19937_64 rng(seed + 1);
  for (auto& x : out) {
    const uint64_t r = rng();
    if (r % 64 != 0) x = (r >> 8) % 2 == 0 ? Fr::zero() : Fr::one();
  }
  return out;
}

Result<DeviceArray<Fr>> upload_values(const std::vector<Fr>& values) {
  CUZK_ASSIGN_OR_RETURN(auto d, DeviceArray<Fr>::allocate(values.size()));
  CUZK_RETURN_IF_ERROR(d.upload(values));
  return d;
}

// 2^16 distinct points (i + 2)·G, tiled on the device to any size.
template <class C>
std::vector<ec::Affine<C>> pattern_points() {
  std::vector<ec::Jacobian<C>> points(size_t{1} << 16);
  ec::Jacobian<C> p = ec::Jacobian<C>::generator();
  for (auto& q : points) q = p = p.add_mixed(C::generator());
  return ec::batch_to_affine<C>(points);
}

template <class C>
Result<std::vector<KernelTiming>> bench_msm_curve(const char* name, const MsmBenchSpec& spec) {
  const auto pattern = pattern_points<C>();
  MsmWorkspace workspace;
  std::vector<KernelTiming> out;
  for (const uint64_t log_n : spec.log_sizes) {
    const size_t n = size_t{1} << log_n;
    CUZK_ASSIGN_OR_RETURN(auto bases, GpuBases<C>::tiled(pattern, n));
    CUZK_ASSIGN_OR_RETURN(auto scalars,
                          upload_values(spec.witness_scalars ? witness_like(n, log_n) : random_field(n, log_n)));
    for (const unsigned window : spec.windows) {
      CUZK_ASSIGN_OR_RETURN(auto samples, time_runs(spec.runs, [&]() -> Status {
                              return gpu_msm<C>(bases, 0, n, std::as_const(scalars).span(), {}, workspace, nullptr,
                                                GpuMsmOptions{window})
                                  .status();
                            }));
      std::string label = "msm ";
      label += name;
      if (spec.witness_scalars) label += " witness";
      label += " 2^" + std::to_string(log_n) + " (window ";
      label += std::to_string(window != 0 ? window : gpu_msm_window_bits(n)) + ")";
      out.push_back(KernelTiming{std::move(label), std::move(samples)});
    }
  }
  return out;
}

// One run of `kind` on a domain of n values: all holds n (a transform) or 3n (a, b, c of H).
Status run_ntt_kind(const GpuDomain& domain, NttBenchKind kind, DeviceSpan<Fr> all, void* stream) {
  const size_t n = domain.size();
  switch (kind) {
    case NttBenchKind::kForward:
      return gpu_ntt(domain, NttKind::kForward, all, stream);
    case NttBenchKind::kCoset:
      return gpu_ntt(domain, NttKind::kCosetForward, all, stream);
    case NttBenchKind::kH:
      return gpu_compute_h(domain, all.subspan(0, n), all.subspan(n, n), all.subspan(2 * n, n), stream);
    case NttBenchKind::kHProver:
      return gpu_compute_h_bit_reversed(domain, all.subspan(0, n), all.subspan(n, n), all.subspan(2 * n, n), stream);
  }
  return Status::internal("bench ntt: unknown kind");
}

}  // namespace

Result<std::vector<KernelTiming>> bench_gpu_msm(const MsmBenchSpec& spec) {
  return spec.g2 ? bench_msm_curve<ec::G2Config>("g2", spec) : bench_msm_curve<ec::G1Config>("g1", spec);
}

Result<std::vector<KernelTiming>> bench_gpu_ntt(const NttBenchSpec& spec) {
  CUZK_ASSIGN_OR_RETURN(auto stream, DeviceStream::create());
  std::vector<KernelTiming> out;
  const bool h_chain = spec.kind == NttBenchKind::kH || spec.kind == NttBenchKind::kHProver;  // a, b and c
  for (const uint64_t log_n : spec.log_sizes) {
    CUZK_ASSIGN_OR_RETURN(const auto domain, ntt::Domain::create(size_t{1} << log_n));
    CUZK_ASSIGN_OR_RETURN(const auto gpu_domain, GpuDomain::create(domain));
    const size_t n = domain.size();
    const size_t vectors = h_chain ? 3 : 1;
    CUZK_ASSIGN_OR_RETURN(auto values, upload_values(random_field(vectors * n, log_n)));
    const DeviceSpan<Fr> all = values.span();
    CUZK_ASSIGN_OR_RETURN(auto samples, time_runs(spec.runs, [&]() -> Status {
                            CUZK_RETURN_IF_ERROR(run_ntt_kind(gpu_domain, spec.kind, all, stream.handle()));
                            return stream.synchronize();
                          }));
    std::string label = "ntt ";
    label += kNttBenchKindNames[static_cast<size_t>(spec.kind)];
    label += " 2^" + std::to_string(log_n);
    out.push_back(KernelTiming{std::move(label), std::move(samples)});
  }
  return out;
}

std::string describe_gpus() {
  const auto gpus = list_gpus();
  if (gpus.empty()) return "none found (CUDA backend built; the CPU backend serves)";
  std::string out;
  for (size_t i = 0; i < gpus.size(); ++i) {
    if (i) out += "; ";
    out += std::to_string(i) + ": " + gpus[i].name + " (sm_" + std::to_string(gpus[i].sm_major) +
           std::to_string(gpus[i].sm_minor) + ", " + std::to_string(gpus[i].multiprocessors) + " SMs, " +
           std::to_string(gpus[i].memory_bytes >> 30) + " GiB)";
  }
  return out;
}

}  // namespace cuzk::backend::cuda
