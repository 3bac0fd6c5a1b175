// cuzk porep synth: a synthetic Commit-1 output for any sector size, written as Curio's wrapped
// JSON, for benchmarks and tests of the PoRep path at production sizes.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

int run_porep_synth(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
