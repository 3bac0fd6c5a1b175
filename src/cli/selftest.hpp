// `cuzk selftest`: checks the arithmetic against known answers and algebraic identities, then
// prints a short benchmark summary. The main job until the prover exists.
#pragma once

#include <ostream>

namespace cuzk::cli {

// Writes a human-readable report to `out`; returns 0 when every check passed, 1 otherwise.
int run_selftest(std::ostream& out);

}  // namespace cuzk::cli
