// GPU MSM and NTT benchmarks (bench_gpu.hpp): the flags and the report here, the measurement
// behind the prover factory (backend/gpu_kernel_bench.hpp: data on the device before the clock
// starts, one warm-up run, each run timed around a synchronous call).
//   cuzk bench msm --backend cuda [--curve g1|g2] [--log-size 20,22] [--runs 5] [--window c1,c2]
//                  [--scalars random|witness]   (witness: 0/1 except 1 in 64, as Filecoin's)
//   cuzk bench ntt --backend cuda [--log-size 20,24] [--runs 5] [--kind forward|coset|h|h-prover]
#include "cli/bench_gpu.hpp"

#include <algorithm>
#include <charconv>
#include <iomanip>
#include <iterator>
#include <string>

#include "backend/gpu_kernel_bench.hpp"
#include "cli/flags.hpp"
#include "common/sample_stats.hpp"

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

// Prints each configuration's min/median; 0, or 1 (2 where this build has no GPU backend).
int report(const Result<std::vector<backend::KernelTiming>>& timings, const char* command, std::ostream& out,
           std::ostream& err) {
  if (!timings.is_ok()) {
    err << "cuzk " << command << ": " << timings.status().message() << "\n";
    return timings.status().code() == StatusCode::kFailedPrecondition ? 2 : 1;
  }
  for (const auto& t : *timings) {
    out << t.label << ": ";
    print_stats(out, run_stats(t.samples_ms));
  }
  return 0;
}

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
  out << std::fixed << std::setprecision(3) << "min " << stats.min_ms << " ms, median " << stats.median_ms
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
  backend::MsmBenchSpec spec;
  spec.g2 = curve == "g2";
  spec.log_sizes = logs;
  spec.runs = runs[0];
  spec.windows.assign(window.begin(), window.end());
  spec.witness_scalars = scalars == "witness";
  return report(backend::bench_gpu_msm(spec), "bench msm", out, err);
}

int run_bench_ntt(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"backend", true}, {"log-size", false}, {"runs", false}, {"kind", false}};
  std::string error;
  const auto flags = Flags::parse("bench ntt", args, kSpecs, &error);
  const char* usage = "usage: cuzk bench ntt --backend cuda [--log-size 20,24] [--runs 5] [--kind forward|coset|h|h-prover]\n";
  if (!flags) {
    err << error << "\n" << usage;
    return 2;
  }
  std::vector<uint64_t> logs, runs{5};
  const std::string kind = flags->get("kind", "forward");
  const auto& kind_names = backend::kNttBenchKindNames;
  const auto* kind_name = std::find(std::begin(kind_names), std::end(kind_names), kind);
  if (flags->get("backend") != "cuda" || kind_name == std::end(kind_names) ||
      !parse_list(flags->get("log-size", "20"), 1, 28, logs) || !parse_list(flags->get("runs", "5"), 1, 100, runs)) {
    err << "cuzk bench ntt: bad arguments (the CPU NTT has its own benchmark, bench/ntt_bench)\n" << usage;
    return 2;
  }
  backend::NttBenchSpec spec;
  spec.kind = static_cast<backend::NttBenchKind>(kind_name - std::begin(kind_names));
  spec.log_sizes = logs;
  spec.runs = runs[0];
  return report(backend::bench_gpu_ntt(spec), "bench ntt", out, err);
}

}  // namespace cuzk::cli
