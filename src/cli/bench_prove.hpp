// `cuzk bench prove [--backend cpu|cuda] [--constraints N | --post ...] [--setup real|random]
// [--proofs K[,K...]]`: synthesizes the Filecoin-shaped synthetic circuit (or a PoSt
// partition), proves it through the prover seam and prints the prove call's times.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

// args: everything after "bench prove". Returns the process exit code (2 for bad usage).
int run_bench_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
