// Proving one native circuit's payload inside the `cuzk` process, without a daemon (the
// vanilla-proof commands: porep|post|snap prove), through the same engine::Engine the daemon
// runs, built over a one-circuit catalog and the backend --backend picks: its parameters made to
// exist and loaded (ensure_srs_file: the test setup where the circuit allows it) or made in
// memory and installed (Engine::install_srs), the payload validated by the engine's validation
// stage, every partition synthesized, proved and self-verified by its pipeline (a proof that does
// not verify is never returned), as many partitions in flight as the host's available memory
// holds (the engine's working-memory budget).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/flags.hpp"
#include "common/status.hpp"
#include "engine/circuit.hpp"
#include "engine/engine.hpp"
#include "kinds/param_locator.hpp"

namespace cuzk::cli {

struct InProcessProof {
  std::vector<uint8_t> proofs;  // the last round's partitions' 192-byte proofs, in order
  size_t partitions = 0;
  // Summed over the rounds' jobs (gpu: each prove call's time once, shared among its
  // partitions); srs includes making or loading the parameters. total is the caller's.
  engine::JobTimings timings;
};

// Where the parameters come from: the circuit's file (made by its test setup where the circuit
// allows it), or — in_memory — the INSECURE test setup made in memory for this run and never
// written (production-size benchmarks whose parameters would not fit the disk), with only its
// verifying key written to vk_out so that the proofs can be verified independently. How many
// rounds: the payload is proved `rounds` times over, one engine job each (a steady-state
// benchmark: parameters and recorded matrices made once), each round timed from the previous
// one's end; the last round's proofs are returned. And the backend: --backend's name.
struct InProcessChoice {
  bool in_memory = false;
  std::string vk_out;
  size_t rounds = 1;
  std::string backend;
};

// The flags that ask for them: --test-params-in-memory VK_OUT (excludes --params and
// --param-dir), --rounds N (1 to 100), --backend cpu|cuda.
inline constexpr std::string_view kInMemoryParamsFlag = "test-params-in-memory";
inline constexpr std::string_view kRoundsFlag = "rounds";
// From the command's flags: INVALID_ARGUMENT (bad usage) when --params, --param-dir and
// --test-params-in-memory are combined, --rounds is not a number from 1 to 100, or --backend is
// neither cpu nor cuda.
Result<InProcessChoice> in_process_choice(const Flags& flags);

// Where --param-dir points the circuit's parameter search and its generated test parameters
// (the default locator without it).
kinds::ParamLocator param_locator(const Flags& flags);

// Called once the first round's payload passed the engine's validation (its partitions, its
// time), before anything else is printed: the command prints what it proves.
using OnValidated = std::function<void(const engine::Validation& validation)>;

// Proves `payload` on circuit `def` as the choice says. Prints to `out`, after on_validated:
// the parameter file, the prover, how many partitions synthesize at a time, one line per
// partition of each round (synth/gpu/verify ms, rows), one per round (its wall time from the
// previous round's end, and the prover's busy share of it) and the peak host memory. Errors: the backend's, the parameters',
// the payload's (the circuit's INVALID_ARGUMENT), a partition's (named by the engine).
Result<InProcessProof> prove_in_process(const std::shared_ptr<const engine::CircuitDef>& def,
                                        const std::vector<uint8_t>& payload, const InProcessChoice& choice,
                                        const OnValidated& on_validated, std::ostream& out);

}  // namespace cuzk::cli
