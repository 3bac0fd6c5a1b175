// Filecoin PoSt proof kinds in the engine: "winning-post-<size>" (priority CRITICAL) and
// "window-post-<size>" (HIGH), one partition each, for the sector sizes filecoin-proofs knows
// (2KiB, 8MiB, 512MiB, 32GiB, 64GiB). The payload is a seed (at most 64 bytes): the engine
// builds a synthetic partition from it (sparse sector trees, consistent witness; see
// filecoin/post_kind.hpp) and proves it. Parameters: registry.params_path(id) (`<id>.params` in
// a parameter directory, else in the generated-parameter directory); for the small test size
// (2KiB) they are generated with the insecure test setup when missing, for the production
// sizes an operator's file must be there. Register after the parameter directories.
#pragma once

#include <string>

#include "common/status.hpp"
#include "engine/registry.hpp"

namespace cuzk::engine {

Status register_filecoin_circuits(CircuitRegistry& registry);

}  // namespace cuzk::engine
