// `cuzk setup --circuit ID [--param-dir DIR]`: makes INSECURE test parameters (bellperson
// .params) for a native circuit — synthetic-<N>, winning-post-<size>, window-post-<size> —
// into DIR (default: the daemon's generated-parameter directory), where the daemon finds them.
// Whoever runs it knows the toxic waste: for tests, benchmarks and private set-ups only.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

int run_setup(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
