// `cuzk bench msm|ntt --backend cuda`: GPU MSM and NTT benchmarks on device-resident data,
// and the one min/median summary every `cuzk bench` command prints.
#pragma once

#include <ostream>
#include <span>
#include <string_view>
#include <vector>

namespace cuzk::cli {

// Minimum and median of repeated measurements (milliseconds).
struct RunStats {
  double min_ms = 0, median_ms = 0;
  size_t runs = 0;
};
RunStats run_stats(std::vector<double> samples_ms);
// "min 12.345 ms, median 12.501 ms over 5 runs"
void print_stats(std::ostream& out, const RunStats& stats);

// args: everything after "bench msm" / "bench ntt". Return the process exit code (2: usage).
int run_bench_msm(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_bench_ntt(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
