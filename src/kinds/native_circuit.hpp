// Native circuits: a C++ r1cs::Circuit per partition, parameters in a bellperson .params file,
// bellperson's QAP convention and 192-byte proofs. The Filecoin proof kinds and the synthetic
// Filecoin-shaped benchmark circuits are native circuits: each kind describes its circuits
// with a NativeCircuitSpec and make_native_circuit() does the rest (parameter files, their
// test setup, synthesis with buffer reuse).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/circuit.hpp"
#include "groth16/setup.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness.hpp"

namespace cuzk::kinds {

// Makes the test setup's fixed-base multiplier (the GPU's where there is one), or null for the
// host's. Given by the composition root (backend::make_gpu_generator_multiplier).
using MultiplierFactory = std::function<std::unique_ptr<groth16::GeneratorMultiplier>()>;

// One partition synthesized from a prepared payload: the assignment (input constraints not yet
// appended) and its public inputs without ONE, as the verifier computes them (not read back
// from the assignment).
struct PreparedSynthesis {
  r1cs::ProvingAssignment assignment;
  std::vector<ff::Fr> public_inputs;
};

// One partition synthesized witness-only from a prepared payload: its input and aux
// assignments (r1cs::WitnessConstraintSystem) and its public inputs without ONE, as the verifier
// computes them.
struct PreparedWitness {
  r1cs::WitnessAssignment witness;
  std::vector<ff::Fr> public_inputs;
};

// Set (to anything) in the environment when a native circuit is made, CUZK_CLASSIC_SYNTHESIS
// turns recorded_matrices off for it: classic synthesis, the reference (tests compare the two).
inline constexpr const char* kClassicSynthesisEnv = "CUZK_CLASSIC_SYNTHESIS";

struct NativeCircuitSpec {
  std::string id;
  std::string kind;
  engine::Priority priority = engine::Priority::kNormal;
  bool batchable = false;
  std::string params_path;  // bellperson .params
  // If the file is missing, make it with the insecure test setup over partition 0's shape (for
  // tests and benchmarks only: such parameters are forgeable).
  bool generate_missing_params = false;
  // The daemon's generated-params folder: with generate_missing_params, a file there that cuzk
  // generated (kinds/generated_params: its sidecar) and that no longer matches its checksum is
  // generated again. A file anywhere else (an operator's) is never touched.
  std::string generated_dir;
  MultiplierFactory multiplier;  // for the test setup; unset → the host
  size_t partition_bytes = 0;    // working memory of one synthesized partition (estimate)
  // Checks a payload (parallel checks on `pool`); returns its number of partitions.
  std::function<Result<size_t>(std::span<const uint8_t> payload, ThreadPool& pool)> validate;
  // The circuit of one partition with its witness (payload = an empty span: any witness, for
  // recording the shape).
  std::function<Result<std::unique_ptr<r1cs::Circuit>>(std::span<const uint8_t> payload, size_t partition)> circuit;
  // Optional: synthesis straight into an assignment (a circuit that synthesizes its parts in
  // parallel on `pool`), reusing the memory of `reuse` (a proved assignment of this circuit, or
  // empty); without it, circuit(payload, partition)->synthesize() on one thread.
  std::function<Result<r1cs::ProvingAssignment>(std::span<const uint8_t> payload, size_t partition,
                                                r1cs::ProvingAssignment reuse, ThreadPool& pool)>
      assign;
  // Optional, for a payload parsed and checked once, in validation (a Commit-1 output): when
  // set it replaces `validate`, and the PreparedPayload it returns goes to `assign_prepared`
  // (the engine then releases the raw bytes). Parallel checks run on `pool`.
  std::function<Result<engine::ValidatedPayload>(std::span<const uint8_t> payload, ThreadPool& pool)> prepare;
  // With `prepare`: one partition from the prepared payload into an assignment reusing the
  // memory of `reuse` (as `assign`), with the public inputs as the verifier computes them.
  std::function<Result<PreparedSynthesis>(const engine::PreparedPayload& prepared, size_t partition,
                                          r1cs::ProvingAssignment reuse, ThreadPool& pool)>
      assign_prepared;
  // Proved assignments kept for reuse by `assign` / `assign_prepared` / recorded_matrices
  // (each holds a whole circuit's memory).
  size_t recycled_assignments = 2;
  // Optional, with `prepare` and `assign_prepared`: the witness-only counterpart of
  // assign_prepared (the partition synthesized on a WitnessConstraintSystem, in parallel on
  // `pool` where the circuit has parallel parts, with `options`), for recorded_matrices.
  std::function<Result<PreparedWitness>(const engine::PreparedPayload& prepared, size_t partition, ThreadPool& pool,
                                        r1cs::WitnessOptions options)>
      witness_prepared;
  // Synthesis through recorded constraint matrices (kinds/recorded_matrices.hpp): the partition
  // synthesizes witness-only — circuit(payload, partition) on a WitnessConstraintSystem, or
  // `witness_prepared` for a kind with prepared payloads — and a, b, c and the densities come
  // from the circuit's A, B, C (r1cs::assign_from_witness), recorded from circuit({}, 0) when
  // the parameters are generated or on first use and cached beside them (kept in memory, not
  // cached, for parameters made in memory by make_test_srs or without a parameter file),
  // bit-identical to classic synthesis. Replaces `assign`, and `assign_prepared` where `witness_prepared` is set.
  // kClassicSynthesisEnv turns it off.
  bool recorded_matrices = false;
};

std::shared_ptr<const engine::CircuitDef> make_native_circuit(NativeCircuitSpec spec);

// A 64-bit seed from a payload and a partition index (FNV-1a).
uint64_t seed_from_payload(std::span<const uint8_t> payload, size_t partition);

// The payload check of seeded circuits: at most 64 bytes; returns `partitions`.
Result<size_t> check_seed_payload(const std::string& id, std::span<const uint8_t> payload, size_t partitions);

}  // namespace cuzk::kinds
