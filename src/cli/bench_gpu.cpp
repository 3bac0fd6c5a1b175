// GPU MSM and NTT benchmarks (bench_gpu.hpp). Inputs live on the device before the clock
// starts (bases resident as in the prover, scalars or values uploaded once); each run is timed
// on the host around a synchronous call, after one warm-up run.
//   cuzk bench msm --backend cuda [--curve g1|g2] [--log-size 20,22] [--runs 5] [--window c1,c2]
//                  [--scalars random|witness]   (witness: 0/1 except 1 in 64, as Filecoin's)
//   cuzk bench ntt --backend cuda [--log-size 20,24] [--runs 5] [--kind forward|coset|h]
#include "cli/bench_gpu.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iomanip>
#include <random>
#include <string>
#include <utility>

#include "cli/flags.hpp"
#include "common/sample_stats.hpp"

#ifdef CUZK_HAVE_CUDA
#include "backend/cuda/device_array.hpp"
#include "backend/cuda/device_stream.hpp"
#include "backend/cuda/msm_gpu.hpp"
#include "backend/cuda/ntt_gpu.hpp"
#endif

namespace cuzk::cli {
namespace {

bool parse_u64(std::string_view text, uint64_t& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

// "20,22,24" → {20, 22, 24}; every value in [lo, hi].
bool parse_list(std::string_view text, uint64_t lo, uint64_t hi, std::vector<uint64_t>& out) {
  out.clear();
  while (!text.empty()) {
    const size_t comma = text.find(',');
    uint64_t v = 0;
    if (!parse_u64(text.substr(0, comma), v) || v < lo || v > hi) return false;
    out.push_back(v);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return !out.empty();
}

#ifdef CUZK_HAVE_CUDA
using backend::cuda::DeviceArray;
using ff::Fr;

// Times `runs` calls of f (after one warm-up), in milliseconds.
template <class F>
Result<RunStats> time_runs(size_t runs, F&& f) {
  CUZK_RETURN_IF_ERROR(f());
  std::vector<double> samples;
  for (size_t i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    CUZK_RETURN_IF_ERROR(f());
    samples.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  return run_stats(std::move(samples));
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

Result<DeviceArray<Fr>> upload_values(const std::vector<Fr>& values) {
  CUZK_ASSIGN_OR_RETURN(auto d, DeviceArray<Fr>::allocate(values.size()));
  CUZK_RETURN_IF_ERROR(d.upload(values));
  return d;
}

// 2^16 distinct points (i + 2)·G, tiled on the device to any size.
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

template <class C>
std::vector<ec::Affine<C>> pattern_points() {
  std::vector<ec::Jacobian<C>> points(size_t{1} << 16);
  ec::Jacobian<C> p = ec::Jacobian<C>::generator();
  for (auto& q : points) q = p = p.add_mixed(C::generator());
  return ec::batch_to_affine<C>(points);
}

template <class C>
int bench_msm_curve(const char* name, const std::vector<uint64_t>& logs, size_t runs,
                    const std::vector<uint64_t>& windows, bool witness, std::ostream& out, std::ostream& err) {
  const auto pattern = pattern_points<C>();
  backend::cuda::MsmWorkspace workspace;
  for (const uint64_t log_n : logs) {
    const size_t n = size_t{1} << log_n;
    auto bases = backend::cuda::GpuBases<C>::tiled(pattern, n);
    if (!bases.is_ok()) {
      err << bases.status().to_string() << "\n";
      return 1;
    }
    auto scalars = upload_values(witness ? witness_like(n, log_n) : random_field(n, log_n));
    if (!scalars.is_ok()) {
      err << scalars.status().to_string() << "\n";
      return 1;
    }
    for (const uint64_t w : windows) {
      const auto window = static_cast<unsigned>(w);
      auto stats = time_runs(runs, [&]() -> Status {
        auto r = backend::cuda::gpu_msm<C>(*bases, 0, n, std::as_const(*scalars).span(), {}, workspace, nullptr,
                                            backend::cuda::GpuMsmOptions{window});
        return r.status();
      });
      if (!stats.is_ok()) {
        err << stats.status().to_string() << "\n";
        return 1;
      }
      out << "msm " << name << (witness ? " witness" : "") << " 2^" << log_n << " (window "
          << (window != 0 ? window : backend::cuda::gpu_msm_window_bits(n)) << "): ";
      print_stats(out, *stats);
    }
  }
  return 0;
}
#endif

}  // namespace

RunStats run_stats(std::vector<double> samples_ms) {
  RunStats stats;
  stats.runs = samples_ms.size();
  if (samples_ms.empty()) return stats;
  stats.min_ms = *std::min_element(samples_ms.begin(), samples_ms.end());
  stats.median_ms = median(std::move(samples_ms));
  return stats;
}

void print_stats(std::ostream& out, const RunStats& stats) {
  out << std::fixed << std::setprecision(2) << "min " << stats.min_ms << " ms, median " << stats.median_ms
      << " ms over " << stats.runs << " runs\n";
}

int run_bench_msm(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"backend", true}, {"curve", false}, {"log-size", false}, {"runs", false},
                                        {"window", false}, {"scalars", false}};
  std::string error;
  const auto flags = Flags::parse("bench msm", args, kSpecs, &error);
  const char* usage =
      "usage: cuzk bench msm --backend cuda [--curve g1|g2] [--log-size 20,22] [--runs 5] [--window c1,c2] "
      "[--scalars random|witness]\n";
  if (!flags) {
    err << error << "\n" << usage;
    return 2;
  }
  std::vector<uint64_t> logs, runs{5}, window{0};
  const std::string curve = flags->get("curve", "g1");
  const std::string scalars = flags->get("scalars", "random");
  if (flags->get("backend") != "cuda" || (curve != "g1" && curve != "g2") ||
      (scalars != "random" && scalars != "witness") ||
      !parse_list(flags->get("log-size", "20"), 1, 27, logs) || !parse_list(flags->get("runs", "5"), 1, 100, runs) ||
      (flags->has("window") && !parse_list(flags->get("window"), 4, 22, window))) {
    err << "cuzk bench msm: bad arguments (the CPU MSM has its own benchmark, bench/msm_bench)\n" << usage;
    return 2;
  }
#ifdef CUZK_HAVE_CUDA
  const bool witness = scalars == "witness";
  return curve == "g1" ? bench_msm_curve<ec::G1Config>("g1", logs, runs[0], window, witness, out, err)
                       : bench_msm_curve<ec::G2Config>("g2", logs, runs[0], window, witness, out, err);
#else
  static_cast<void>(out);
  err << "cuzk bench msm: this build has no CUDA backend\n";
  return 2;
#endif
}

int run_bench_ntt(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"backend", true}, {"log-size", false}, {"runs", false}, {"kind", false}};
  std::string error;
  const auto flags = Flags::parse("bench ntt", args, kSpecs, &error);
  const char* usage = "usage: cuzk bench ntt --backend cuda [--log-size 20,24] [--runs 5] [--kind forward|coset|h]\n";
  if (!flags) {
    err << error << "\n" << usage;
    return 2;
  }
  std::vector<uint64_t> logs, runs{5};
  const std::string kind = flags->get("kind", "forward");
  if (flags->get("backend") != "cuda" || (kind != "forward" && kind != "coset" && kind != "h") ||
      !parse_list(flags->get("log-size", "20"), 1, 28, logs) || !parse_list(flags->get("runs", "5"), 1, 100, runs)) {
    err << "cuzk bench ntt: bad arguments (the CPU NTT has its own benchmark, bench/ntt_bench)\n" << usage;
    return 2;
  }
#ifdef CUZK_HAVE_CUDA
  auto stream = backend::cuda::DeviceStream::create();
  if (!stream.is_ok()) {
    err << stream.status().to_string() << "\n";
    return 1;
  }
  for (const uint64_t log_n : logs) {
    auto domain = ntt::Domain::create(size_t{1} << log_n);
    if (!domain.is_ok()) {
      err << domain.status().to_string() << "\n";
      return 1;
    }
    auto gpu_domain = backend::cuda::GpuDomain::create(*domain);
    if (!gpu_domain.is_ok()) {
      err << gpu_domain.status().to_string() << "\n";
      return 1;
    }
    const size_t vectors = kind == "h" ? 3 : 1;
    auto values = upload_values(random_field(vectors * domain->size(), log_n));
    if (!values.is_ok()) {
      err << values.status().to_string() << "\n";
      return 1;
    }
    const size_t n = domain->size();
    const backend::cuda::DeviceSpan<Fr> all = values->span();
    auto stats = time_runs(runs[0], [&]() -> Status {
      Status s = kind == "h" ? backend::cuda::gpu_compute_h(*gpu_domain, all.subspan(0, n), all.subspan(n, n),
                                                            all.subspan(2 * n, n), stream->handle())
                             : backend::cuda::gpu_ntt(*gpu_domain,
                                                      kind == "coset" ? backend::cuda::NttKind::kCosetForward
                                                                      : backend::cuda::NttKind::kForward,
                                                      all, stream->handle());
      if (!s.is_ok()) return s;
      return stream->synchronize();
    });
    if (!stats.is_ok()) {
      err << stats.status().to_string() << "\n";
      return 1;
    }
    out << "ntt " << kind << " 2^" << log_n << ": ";
    print_stats(out, *stats);
  }
  return 0;
#else
  static_cast<void>(out);
  err << "cuzk bench ntt: this build has no CUDA backend\n";
  return 2;
#endif
}

}  // namespace cuzk::cli
