// Native circuits: a C++ r1cs::Circuit per partition, parameters in a bellperson .params file.
// The engine proves them through its ProverBackend (CPU or GPU) and returns bellperson's
// 192-byte proofs. Filecoin proof kinds and the synthetic Filecoin-shaped benchmark circuits
// are native circuits.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "engine/circuit.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::engine {

struct NativeCircuitSpec {
  std::string id;
  std::string kind;
  Priority priority = Priority::kNormal;
  bool batchable = false;
  std::string params_path;  // bellperson .params
  // If the file is missing, make it with the insecure test setup over partition 0's shape (for
  // tests and benchmarks only: such parameters are forgeable).
  bool generate_missing_params = false;
  size_t partition_bytes = 0;  // working memory of one synthesized partition (estimate)
  // Checks a payload; returns its number of partitions.
  std::function<Result<size_t>(std::span<const uint8_t> payload)> validate;
  // The circuit of one partition with its witness (payload = an empty span: any witness, for
  // recording the shape).
  std::function<Result<std::unique_ptr<r1cs::Circuit>>(std::span<const uint8_t> payload, size_t partition)> circuit;
  // Optional: synthesis straight into an assignment (a circuit that synthesizes its parts in
  // parallel), reusing the memory of `reuse` (a proved assignment of this circuit, or empty);
  // without it, circuit(payload, partition)->synthesize() on one thread.
  std::function<Result<r1cs::ProvingAssignment>(std::span<const uint8_t> payload, size_t partition,
                                                r1cs::ProvingAssignment reuse)>
      assign;
  // Proved assignments kept for reuse by `assign` (each holds a whole circuit's memory).
  size_t recycled_assignments = 2;
};

std::shared_ptr<const CircuitDef> make_native_circuit(NativeCircuitSpec spec);

// "synthetic-<constraints>" (one partition) or "synthetic-<constraints>x<partitions>": the
// Filecoin-shaped SyntheticCircuit; the payload (any bytes, ≤ 64) seeds its witness. Batchable,
// priority LOW; parameters at params_path("synthetic-<constraints>"), generated when missing.
// Returns nullptr if `id` is not of that form or is out of range (constraints in [3, 2^24],
// partitions in [1, 64]).
std::shared_ptr<const CircuitDef> make_synthetic_circuit(
    const std::string& id, const std::function<std::string(const std::string& file_stem)>& params_path);

// A 64-bit seed from a payload and a partition index (FNV-1a).
uint64_t seed_from_payload(std::span<const uint8_t> payload, size_t partition);

// The payload check of seeded circuits: at most 64 bytes; returns `partitions`.
Result<size_t> check_seed_payload(const std::string& id, std::span<const uint8_t> payload, size_t partitions);

}  // namespace cuzk::engine
