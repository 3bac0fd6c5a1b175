// The synthetic kind: "synthetic-<constraints>" (one partition) or
// "synthetic-<constraints>x<partitions>", the Filecoin-shaped SyntheticCircuit of
// src/circuits, for benchmarks and tests. The payload (any bytes, at most 64) seeds its
// witness. Batchable, priority LOW; parameters at params_path("synthetic-<constraints>"),
// generated with the insecure test setup when missing. Constraints in [3, 2^24], partitions in
// [1, 64]; ids are canonical (no leading zeros, no "x1"). Partitions are synthesized
// witness-only with the circuit's recorded matrices (cached in cuzk's cache folder:
// `<matrices dir>/<params name>.matrices`, recorded on first use).
//
// The ids a deployment offers are listed up front; ids resolved on demand (which make the
// daemon write parameters for any size a client names) only when `on_demand` is set.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/circuit.hpp"
#include "kinds/native_circuit.hpp"
#include "kinds/param_locator.hpp"

namespace cuzk::kinds {

struct SyntheticId {
  size_t constraints = 0;
  size_t partitions = 1;
  std::string canonical() const;
};
// The parsed id, or nullopt if `id` is not of that form or out of range.
std::optional<SyntheticId> parse_synthetic_id(std::string_view id);

struct SyntheticKindConfig {
  std::vector<std::string> ids;  // offered from the start (each must parse)
  bool on_demand = false;        // resolve any valid synthetic id a client names
  ParamLocator params;
  MultiplierFactory multiplier;
};

// INVALID_ARGUMENT naming a listed id that is not a synthetic id.
Result<std::unique_ptr<engine::ProofKind>> make_synthetic_kind(SyntheticKindConfig config);

// One synthetic circuit (for tools that make their own, e.g. `cuzk setup`); null if `id` is
// not a synthetic id.
std::shared_ptr<const engine::CircuitDef> make_synthetic_circuit(std::string_view id, const ParamLocator& params,
                                                                 MultiplierFactory multiplier);

}  // namespace cuzk::kinds
