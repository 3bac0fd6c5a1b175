// The SnapDeals kind: "snap-deals-<size>" for the sizes with a registered update proof (2KiB,
// 8MiB, 512MiB, 32GiB, 64GiB), the EmptySectorUpdate partition circuit
// (filecoin/snapdeals/update_circuit.hpp). Aliases: the registered update proof by Go's constant
// name ("RegisteredUpdateProof_StackedDrg32GiBV1"; the Rust variant name "StackedDrg32GiBV1" is
// also a seal proof's, which the PoRep kind serves) and by number ("update-proof-3"). Priority
// NORMAL, batchable (same circuit, same parameters).
//
// Payload: a VanillaPayload (vanilla_payload.hpp) with one bincode PartitionProof per partition
// (16 at 32 GiB, 1 at 2 KiB), comm_r_old, comm_r_new and comm_d_new (raw 32 bytes each) and the
// registered update proof (its sector size must be the circuit's). validate() reads every
// partition and runs every native check once, in the engine's validation stage
// (snapdeals/prepare_partition.hpp: all three paths of every challenge, both comm_r relations,
// the apex leaves up to comm_d_new, the encoding relation; partitions in parallel on the pool it
// is given), and keeps the parsed partitions with the public inputs as the verifier
// computes them; the engine releases the raw bytes. Partitions flow through the pipeline one at
// a time; the result is the partitions' 192-byte proofs in order (16 × 192 B at 32 GiB). The
// update is proved with h = the configuration's default (hs[3]), as filecoin-proofs does.
//
// Parameters: the operator's file by its Filecoin name (empty_sector_update_param_stem, e.g.
// v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-<hash>.params) in a parameter directory
// or Filecoin's parameter cache; else `snap-deals-<size>.params` there or in the
// generated-parameter directory — written with the INSECURE test setup on first use at 2 KiB
// only (`cuzk setup --circuit snap-deals-<size>` for the others).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "engine/circuit.hpp"
#include "filecoin/snapdeals/snap_config.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "kinds/native_circuit.hpp"
#include "kinds/param_locator.hpp"
#include "kinds/vanilla_payload.hpp"

namespace cuzk::kinds {

// "snap-deals-32GiB"; empty for a size without a registered update proof.
std::string snap_circuit_id(uint64_t sector_size);
// The sector size of "snap-deals-<size>" or of an alias above; INVALID_ARGUMENT for any other id.
Result<uint64_t> snap_id_sector_size(std::string_view id);

// Where a SnapDeals configuration's parameters are (the search described above); never empty.
std::string snap_params_path(const filecoin::snapdeals::SnapConfig& config, const ParamLocator& params);

// The configuration of a request's registered update proof (Filecoin's number) for the circuit
// of `sector_size`: INVALID_ARGUMENT naming the number, or both sizes when they differ.
Result<filecoin::snapdeals::SnapConfig> snap_request_config(uint64_t registered_proof, uint64_t sector_size);

// The update's commitments from a request (canonical field elements, named in errors).
struct SnapCommitments {
  ff::Fr comm_r_old, comm_r_new, comm_d_new;
};
Result<SnapCommitments> snap_commitments(const VanillaPayload& request);

// A SnapDeals request parsed and checked: what validate() hands synthesize().
struct PreparedSnap final : engine::PreparedPayload {
  filecoin::snapdeals::SnapConfig config;
  size_t h = 0;
  // [k]: the checked partition with the verifier's public inputs.
  std::vector<filecoin::snapdeals::SnapPartitionCircuit> partitions;
};

// Decodes a VanillaPayload for the snap-deals circuit of `sector_size` and checks every
// partition (in parallel on `pool`). INVALID_ARGUMENT, prefixed by `what` ("circuit 'snap-deals-2KiB'"), for a
// malformed payload, a registered proof of another size (naming both), a partition count other
// than the configuration's, or a failed check (naming partition, challenge, proof and field).
Result<std::shared_ptr<PreparedSnap>> prepare_snap_payload(std::span<const uint8_t> payload, uint64_t sector_size,
                                                           std::string_view what, ThreadPool& pool);

// One snap-deals circuit for `sector_size` (one with a registered update proof). `params_file`
// (non-empty) names its parameter file instead of the search, and is never generated.
Result<std::shared_ptr<const engine::CircuitDef>> make_snap_circuit(uint64_t sector_size, const ParamLocator& params,
                                                                    MultiplierFactory multiplier,
                                                                    const std::string& params_file = {});

// The kind: one circuit per size, the aliases resolved to them.
Result<std::unique_ptr<engine::ProofKind>> make_snap_kind(const ParamLocator& params, MultiplierFactory multiplier);

}  // namespace cuzk::kinds
