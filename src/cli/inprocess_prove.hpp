// Proving a native circuit's partitions inside the `cuzk` process, without a daemon (the
// vanilla-proof commands; the same engine::CircuitDef the daemon serves): its parameters made
// to exist (ensure_srs_file: the test setup where the circuit allows it) and loaded, every
// partition synthesized — as many partitions at a time, each on its own thread, as the host's
// available memory holds, while earlier ones prove — proved through
// the prover seam and verified against the public inputs as the verifier computes them. A proof
// that does not verify is never returned.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "cli/flags.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/circuit.hpp"
#include "groth16/prover_backend.hpp"
#include "kinds/param_locator.hpp"

namespace cuzk::cli {

struct InProcessProof {
  std::vector<uint8_t> proofs;  // the partitions' 192-byte proofs, in order
  engine::JobTimings timings;   // srs, synth, gpu, verify (summed over partitions) and total
};

// Where the parameters come from: the circuit's file (made by its test setup where the circuit
// allows it), or — in_memory — the INSECURE test setup made in memory for this run and never
// written (production-size benchmarks whose parameters would not fit the disk), with only its
// verifying key written to vk_out so that the proofs can be verified independently. And how many
// rounds: every partition is proved `rounds` times over (a steady-state benchmark: parameters
// and recorded matrices made once), each round timed; the last round's proofs are returned.
struct InProcessChoice {
  bool in_memory = false;
  std::string vk_out;
  size_t rounds = 1;
};

// The flags that ask for them: --test-params-in-memory VK_OUT (excludes --params and
// --param-dir), --rounds N (1 to 100).
inline constexpr std::string_view kInMemoryParamsFlag = "test-params-in-memory";
inline constexpr std::string_view kRoundsFlag = "rounds";
// From the command's flags: INVALID_ARGUMENT when --params, --param-dir and
// --test-params-in-memory are combined, or --rounds is not a number from 1 to 100.
Result<InProcessChoice> in_process_choice(const Flags& flags);

// Where --param-dir points the circuit's parameter search and its generated test parameters
// (the default locator without it).
kinds::ParamLocator param_locator(const Flags& flags);

// Proves `validated.partitions` partitions of `payload` (empty when validated.prepared holds
// it) on `prover`; prover host work and parameter loading on `pool`. Prints the parameter file,
// the prover, one line per partition (synth/gpu/verify ms, rows), one per round (its wall time
// from the previous round's last proof, and the prover's busy share of it) and the peak host
// memory to `out`. Errors name the partition.
Result<InProcessProof> prove_in_process(const engine::CircuitDef& def, std::span<const uint8_t> payload,
                                        const engine::ValidatedPayload& validated, groth16::ProverBackend& prover,
                                        ThreadPool& pool, const InProcessChoice& params, std::ostream& out);

}  // namespace cuzk::cli
