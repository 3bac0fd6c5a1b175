// The Filecoin PoSt kinds: "winning-post-<size>" (priority CRITICAL) and "window-post-<size>"
// (HIGH), one partition each, for the sector sizes filecoin-proofs knows (2KiB, 8MiB, 512MiB,
// 32GiB, 64GiB).
//
// Payload: a VanillaPayload (vanilla_payload.hpp) as Curio's request carries it — one bincode
// FallbackPoStSectorProof per sector (WindowPoSt 1 to the partition's slots, WinningPoSt 1),
// the randomness, partition_index and registered_proof (Filecoin's number; its kind and sector
// size must be the circuit's, its API version decides the challenges). validate() parses it and
// runs every native check once, in the engine's validation stage (filecoin/post_check.hpp:
// counts, comm_r, each challenge's leaf, path shape and hashes, sectors in parallel on the pool
// it is given; errors name sector, challenge and field), and keeps
// the checked, padded partition circuit with the public inputs as the verifier computes them;
// the engine then releases the raw bytes. Any other payload of at most 64 bytes is a seed for
// benchmarks: a synthetic partition from it takes the same path (synthetic sectors written as
// bincode, read, checked, assembled: filecoin::synthetic_post_instance) at synthesis.
//
// Parameters: the operator's file by its Filecoin name (filecoin_param_names.hpp, e.g.
// v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-<hash>.params) in a parameter
// directory or Filecoin's parameter cache; else `<id>.params` there or in the generated-parameter
// directory — for the test size (2KiB) written with the INSECURE test setup when missing, for the
// production sizes `cuzk setup --circuit <id>` or the real file.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/circuit.hpp"
#include "filecoin/post_check.hpp"
#include "kinds/native_circuit.hpp"
#include "kinds/param_locator.hpp"

namespace cuzk::kinds {

// "window-post-32GiB".
std::string post_circuit_id(filecoin::PostKind kind, uint64_t sector_size);

// Where a PoSt configuration's parameters are (the search described above); never empty.
std::string post_params_path(const filecoin::PostConfig& config, const ParamLocator& params);

// The configuration a request's registered proof (Filecoin's number) runs, for the circuit of
// (kind, sector_size): INVALID_ARGUMENT naming the number, or both proofs when it is another
// kind's or size's.
Result<filecoin::PostConfig> post_request_config(uint64_t registered_proof, filecoin::PostKind kind,
                                                 uint64_t sector_size);
// The registered proof today's network uses for (kind, sector_size): WinningPoSt V1, WindowPoSt
// V1_1; INVALID_ARGUMENT for another size.
Result<filecoin::RegisteredProof> current_post_proof(filecoin::PostKind kind, uint64_t sector_size);

// A PoSt request parsed and checked: what validate() hands synthesize().
struct PreparedPost final : engine::PreparedPayload {
  PreparedPost(filecoin::PostConfig c, filecoin::PostPartition p) : config(c), partition(std::move(p)) {}
  filecoin::PostConfig config;        // of the request's registered proof
  filecoin::PostPartition partition;  // the padded circuit, the real sectors, the verifier's inputs
};

// Decodes a VanillaPayload for the circuit of (kind, sector_size) and runs the native checks
// (sectors on `pool`). INVALID_ARGUMENT, prefixed by `what` ("circuit 'window-post-2KiB'"), for
// a malformed payload, a registered proof of another kind or size (naming both), or a failed
// check (naming sector, challenge and field).
Result<std::shared_ptr<PreparedPost>> prepare_post_payload(std::span<const uint8_t> payload, filecoin::PostKind kind,
                                                           uint64_t sector_size, std::string_view what,
                                                           ThreadPool& pool);

// One PoSt circuit for (kind, sector_size). `params_file` (non-empty) names its parameter file
// instead of the search, and is never generated.
Result<std::shared_ptr<const engine::CircuitDef>> make_post_circuit(filecoin::PostKind kind, uint64_t sector_size,
                                                                    const ParamLocator& params,
                                                                    MultiplierFactory multiplier,
                                                                    const std::string& params_file = {});

Result<std::unique_ptr<engine::ProofKind>> make_post_kind(const ParamLocator& params, MultiplierFactory multiplier);

}  // namespace cuzk::kinds
