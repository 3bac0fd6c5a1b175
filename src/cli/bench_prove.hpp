// `cuzk bench prove --backend cpu --constraints N [--setup real|random] [--proofs K]`:
// synthesizes the Filecoin-shaped synthetic circuit, proves it and prints the phase times.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

// args: everything after "bench prove". Returns the process exit code (2 for bad usage).
int run_bench_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
