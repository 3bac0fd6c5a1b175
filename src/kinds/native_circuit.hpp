// Native circuits: a C++ r1cs::Circuit per partition, parameters in a bellperson .params file
// (a trusted path: common/trusted_paths.hpp, checked before every read),
// bellperson's QAP convention and 192-byte proofs. The Filecoin proof kinds and the synthetic
// Filecoin-shaped benchmark circuits are native circuits: each kind describes its circuits with
// a NativeCircuitSpec — how to prepare a payload, the circuit of a partition, and the partition's
// witness — and make_native_circuit() does the rest (parameter files and their test setup, the
// recorded constraint matrices, the witness handed to the prover with them).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/circuit.hpp"
#include "groth16/setup.hpp"
#include "r1cs/constraint_system.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::kinds {

// Makes the test setup's fixed-base multiplier (the GPU's where there is one), or null for the
// host's. Given by the composition root (backend::make_gpu_generator_multiplier).
using MultiplierFactory = std::function<std::unique_ptr<groth16::GeneratorMultiplier>()>;

// One partition's witness synthesized from a prepared payload (witness-only, its fills recorded:
// witness::FillRecordingSystem; the recorded matrices are attached by the native circuit) and its
// public inputs without ONE, as the verifier computes them.
struct PreparedWitness {
  witness::PartitionWitness witness;
  std::vector<ff::Fr> public_inputs;
};

struct NativeCircuitSpec {
  std::string id;
  std::string kind;
  engine::Priority priority = engine::Priority::kNormal;
  bool batchable = false;
  std::string params_path;  // bellperson .params
  // If the file is missing, make it with the insecure test setup over the blank circuit's shape
  // (for tests and benchmarks only: such parameters are forgeable).
  bool generate_missing_params = false;
  // The daemon's generated-params folder: with generate_missing_params, a file there that cuzk
  // generated (kinds/generated_params: its sidecar) and that no longer matches its checksum is
  // generated again. A file anywhere else (an operator's) is never touched.
  std::string generated_dir;
  // cuzk's recorded-matrices cache folder (ParamLocator::matrices_dir); empty: in memory.
  std::string matrices_dir;
  MultiplierFactory multiplier;  // for the test setup; unset → the host
  // Working memory of one partition until the first is synthesized (an upper bound: its whole
  // form); from then on the last partition's witness with a quarter to spare.
  size_t partition_bytes = 0;
  // Parses and checks a payload, once, in the engine's validation stage (parallel checks on
  // `pool`): its number of partitions and what it parsed, which the other hooks read (the
  // engine then releases the raw bytes).
  std::function<Result<engine::ValidatedPayload>(std::span<const uint8_t> payload, ThreadPool& pool)> prepare;
  // The heap prepare() may hold at its peak for a payload of n bytes beyond the payload
  // (CircuitDef::validation_bytes); unset: n.
  std::function<size_t(size_t payload_bytes)> validation_bytes;
  // Its proofs are verified whatever the engine's self_verify says (CircuitDef::always_verified):
  // the Filecoin kinds set it.
  bool always_verified = false;
  // The circuit of one partition of a prepared payload; with `prepared` null, a blank instance
  // of the circuit's shape (any witness), from which the test setup and the recorded matrices
  // are made. Classic synthesis of it is the reference the witness is tested against.
  std::function<Result<std::unique_ptr<r1cs::Circuit>>(const engine::PreparedPayload* prepared, size_t partition)>
      circuit;
  // The partition's witness, equal value for value to classic synthesis of
  // circuit(&prepared, partition) once its fills run, with the public inputs as the verifier
  // computes them; parts that synthesize in parallel run on `pool`.
  std::function<Result<PreparedWitness>(const engine::PreparedPayload& prepared, size_t partition, ThreadPool& pool)>
      witness;
};

std::shared_ptr<const engine::CircuitDef> make_native_circuit(NativeCircuitSpec spec);

// The spec `def` was made from, or null when it is not a native circuit (for the tests that
// compare its witness with classic synthesis of its circuit).
const NativeCircuitSpec* native_circuit_spec(const engine::CircuitDef& def);

// PreparedWitness of `circuit`, witness-only with its fills recorded, its public inputs the ones
// it allocated (for kinds whose circuit is its own verifier's source). Errors: the circuit's.
Result<PreparedWitness> witness_of(const r1cs::Circuit& circuit);

// The prepared payload behind `prepared` as the kind's own type, or kInternal naming circuit `id`
// and what the payload should have been (`what`: "a Commit-1 output").
template <class Prepared>
Result<const Prepared*> prepared_as(const std::string& id, const engine::PreparedPayload& prepared,
                                    std::string_view what) {
  const auto* typed = dynamic_cast<const Prepared*>(&prepared);
  if (typed == nullptr) {
    return Status::internal("circuit '" + id + "': the prepared payload is not " + std::string(what));
  }
  return typed;
}

// A payload kept as it came (a seed of a seeded circuit), for circuits that parse nothing.
class RawPayload final : public engine::PreparedPayload {
 public:
  explicit RawPayload(std::span<const uint8_t> payload) : bytes(payload.begin(), payload.end()) {}
  std::vector<uint8_t> bytes;
};

// A 64-bit seed from a payload and a partition index (FNV-1a).
uint64_t seed_from_payload(std::span<const uint8_t> payload, size_t partition);

// The payload check of seeded circuits: at most 64 bytes; `partitions` partitions of a RawPayload.
Result<engine::ValidatedPayload> prepare_seed_payload(const std::string& id, std::span<const uint8_t> payload,
                                                      size_t partitions);
// The bytes of a RawPayload (empty for anything else).
std::span<const uint8_t> raw_payload_bytes(const engine::PreparedPayload* prepared);

}  // namespace cuzk::kinds
