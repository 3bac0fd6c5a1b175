// `cuzk circuit-info --kind porep|snap-deals|winning-post|window-post --sector-size <size>`: the size of a
// partition circuit (constraints, public inputs counting ONE, FFT domain) without proving.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

int run_circuit_info(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
