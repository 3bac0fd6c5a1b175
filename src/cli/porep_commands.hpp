// `cuzk porep …`: PoRep C2 without a daemon.
//   prove   --commit1 FILE --proof OUT [--params FILE|--param-dir DIR] [--backend cpu|cuda]
//           parses and checks the Commit-1 output, finds the parameters (kinds/porep_kind.hpp:
//           Filecoin's file by its own name, else test parameters, generated at 2 KiB/8 MiB),
//           proves the partitions in-process through the prover seam — partition k+1
//           synthesized while k proves — verifies each proof, prints per-partition synth/gpu
//           times and the timings line, and writes the partitions' 192-byte proofs in order.
//   check   --commit1 FILE
//           no parameters: the native checks, then each partition synthesized into a checking
//           constraint system (every constraint evaluated as it is added) with its public
//           inputs compared to the verifier's; names the first failing check or constraint.
//   verify  --proof FILE --vk FILE (a .vk, or a .params, which begins with the key)
//           (--commit1 FILE | --comm-r HEX --comm-d HEX --replica-id HEX --seed HEX
//           --sector-size S); the public inputs are the verifier's (porep_public_inputs). Prints
//           OK; exit 1 if a partition's proof does not verify.
// Exit codes: 0 success, 1 a failure (named), 2 bad usage.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

int run_porep_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_porep_check(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_porep_verify(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
