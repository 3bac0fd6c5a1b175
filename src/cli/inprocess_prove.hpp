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
// verifying key written to vk_out so that the proofs can be verified independently.
struct ParamsChoice {
  bool in_memory = false;
  std::string vk_out;
};

// The flag that asks for it: --test-params-in-memory VK_OUT (excludes --params and --param-dir).
inline constexpr std::string_view kInMemoryParamsFlag = "test-params-in-memory";
// From the command's flags: INVALID_ARGUMENT when --params, --param-dir and
// --test-params-in-memory are combined.
Result<ParamsChoice> params_choice(const Flags& flags);

// Where --param-dir points the circuit's parameter search and its generated test parameters
// (the default locator without it).
kinds::ParamLocator param_locator(const Flags& flags);

// Proves `validated.partitions` partitions of `payload` (empty when validated.prepared holds
// it) on `prover`; prover host work and parameter loading on `pool`. Prints the parameter file,
// the prover, one line per partition (synth/gpu/verify ms, rows) and the peak host memory to
// `out`. Errors name the partition.
Result<InProcessProof> prove_in_process(const engine::CircuitDef& def, std::span<const uint8_t> payload,
                                        const engine::ValidatedPayload& validated, groth16::ProverBackend& prover,
                                        ThreadPool& pool, const ParamsChoice& params, std::ostream& out);

}  // namespace cuzk::cli
