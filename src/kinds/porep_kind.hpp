// The PoRep C2 kind: "porep-<size>" (2KiB, 8MiB, 512MiB, 32GiB, 64GiB), the Stacked-DRG
// PoRep's partition circuit (filecoin/porep/stacked_circuit.hpp); Filecoin's registered-proof
// names ("StackedDrg32GiBV1_1", and the V1 ones, whose circuit and parameters are the same)
// resolve to the same circuit. Priority NORMAL, batchable (same circuit, same parameters).
//
// Payload: a Commit-1 output (SealCommitPhase1Output JSON), bare or in the lotus-bench /
// Curio wrapper {"SectorNum","Phase1Out"(base64),"SectorSize","Miner"}. validate() parses it and
// runs every native check once, in the engine's validation stage (commit1_check.hpp: Merkle
// paths, comm_r, challenges, parents, labels; partitions in parallel on the pool it is given),
// and computes each partition's public inputs as the verifier does (porep_public_inputs, from the sector's commitments, replica_id and seed: never from the
// witness); an output for another sector size is rejected naming both. The engine keeps the
// parsed, checked output and releases the raw bytes. Partitions: the configuration's (10 at
// 32/64 GiB, 1 at the test sizes); synthesize(k) is partition k's circuit; the result is the
// partitions' 192-byte bellperson proofs in order (1,920 bytes at 32 GiB).
//
// Parameters: the operator's file by its Filecoin name (filecoin_param_names.hpp, e.g.
// v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-82a3…7820.params)
// in a parameter directory or in Filecoin's parameter cache (param_locator.hpp); else
// `porep-<size>.params` there or in the generated-parameter directory — the INSECURE test
// setup's (`cuzk setup --circuit porep-2KiB`), written on first use at the test sizes
// (2 KiB, 8 MiB) only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "engine/circuit.hpp"
#include "filecoin/porep/commit1_check.hpp"
#include "filecoin/porep/commit1_json.hpp"
#include "filecoin/porep/porep_config.hpp"
#include "filecoin/circuit_size.hpp"
#include "kinds/native_circuit.hpp"
#include "kinds/param_locator.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::kinds {

// The largest Commit-1 file read (a 32 GiB sector's is about 50 MB; the engine's payload limit
// applies first).
inline constexpr size_t kMaxCommit1Bytes = size_t{1} << 30;

// Test sizes, whose parameters are generated on first use: up to 8 MiB.
inline constexpr uint64_t kPorepMaxGeneratedSectorSize = uint64_t{8} << 20;

// "porep-32GiB" for 32 GiB; empty for a size the kind does not serve.
std::string porep_circuit_id(uint64_t sector_size);
// The sector size of "porep-<size>" or of a registered seal proof's name ("StackedDrg2KiBV1_1");
// INVALID_ARGUMENT for any other id.
Result<uint64_t> porep_id_sector_size(std::string_view id);

// The size of a configuration's partition circuit (porep_circuit_size; the production
// configurations' from a table, without counting).
Result<filecoin::CircuitSize> porep_partition_size(const filecoin::porep::PorepConfig& config);

// Where a PoRep configuration's parameters are (the search described above); never empty.
std::string porep_params_path(const filecoin::porep::PorepConfig& config, const ParamLocator& params);

// A Commit-1 output parsed and checked: what validate() hands synthesize().
struct PreparedCommit1 final : engine::PreparedPayload {
  filecoin::porep::PorepConfig config;  // of the output's registered proof
  filecoin::porep::Commit1Input input;
  filecoin::porep::CheckedCommit1 checked;
  std::vector<std::vector<ff::Fr>> public_inputs;  // [partition], without ONE, as the verifier computes them
};

// Parses `bytes` and runs the native checks (partitions in parallel on `pool`). `sector_size` 0
// accepts any size, else an output for another one is INVALID_ARGUMENT naming both. Errors are
// INVALID_ARGUMENT, prefixed by `what` ("circuit 'porep-2KiB'").
Result<std::shared_ptr<PreparedCommit1>> prepare_commit1(std::span<const uint8_t> bytes, uint64_t sector_size,
                                                         std::string_view what, ThreadPool& pool);

// Partition `partition` of a prepared output into any constraint system (ONE already
// allocated): the partition circuit with its witness.
Status synthesize_commit1_partition(r1cs::ConstraintSystem& cs, const filecoin::porep::PorepConfig& config,
                                    const filecoin::porep::Commit1Output& output, size_t partition);

// One porep circuit, `id` = "porep-<size>" (INVALID_ARGUMENT for another id). `params_file`
// (non-empty) names its parameter file instead of the search, and is never generated.
Result<std::shared_ptr<const engine::CircuitDef>> make_porep_circuit(std::string_view id, const ParamLocator& params,
                                                                     MultiplierFactory multiplier,
                                                                     const std::string& params_file = {});

// The kind: one circuit per size, registered-proof names resolved to them.
Result<std::unique_ptr<engine::ProofKind>> make_porep_kind(const ParamLocator& params, MultiplierFactory multiplier);

}  // namespace cuzk::kinds
