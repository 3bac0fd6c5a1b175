// `cuzk bench prove`'s options: what to prove (the synthetic circuit or a PoSt partition), the
// batch sizes, runs, key and witness kinds, and the backend's name.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "filecoin/post_config.hpp"

namespace cuzk::cli {

struct BenchProveOptions {
  std::string backend = "cpu";  // --backend cpu|cuda
  size_t constraints = size_t{1} << 16;
  std::optional<filecoin::PostConfig> post;  // a PoSt partition instead of the synthetic circuit
  std::vector<size_t> batch_sizes{1};        // --proofs K[,K...]: one measurement per batch size
  size_t runs = 1;
  bool real_setup = true;
  bool same_witness = false;  // --witness shared: the batch proves one synthesized witness `proofs` times
};

// The usage line printed with a bad-usage error.
extern const char kBenchProveUsage[];

// args: everything after "bench prove". INVALID_ARGUMENT naming the option and the value on
// bad usage (unknown, repeated or malformed options, values out of range).
Result<BenchProveOptions> parse_bench_prove_options(std::span<const std::string_view> args);

}  // namespace cuzk::cli
