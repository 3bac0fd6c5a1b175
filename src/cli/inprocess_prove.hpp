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

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/circuit.hpp"
#include "groth16/prover_backend.hpp"

namespace cuzk::cli {

struct InProcessProof {
  std::vector<uint8_t> proofs;  // the partitions' 192-byte proofs, in order
  engine::JobTimings timings;   // srs, synth, gpu, verify (summed over partitions) and total
};

// Proves `validated.partitions` partitions of `payload` (empty when validated.prepared holds
// it) on `prover`; prover host work and parameter loading on `pool`. Prints the parameter file,
// the prover and one line per partition (synth/gpu/verify ms, rows) to `out`. Errors name the
// partition.
Result<InProcessProof> prove_in_process(const engine::CircuitDef& def, std::span<const uint8_t> payload,
                                        const engine::ValidatedPayload& validated, groth16::ProverBackend& prover,
                                        ThreadPool& pool, std::ostream& out);

}  // namespace cuzk::cli
