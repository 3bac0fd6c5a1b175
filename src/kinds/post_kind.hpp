// The Filecoin PoSt kinds: "winning-post-<size>" (priority CRITICAL) and "window-post-<size>"
// (HIGH), one partition each, for the sector sizes filecoin-proofs knows (2KiB, 8MiB, 512MiB,
// 32GiB, 64GiB). The payload is a seed (at most 64 bytes): the kind builds a synthetic
// partition from it (sparse sector trees, consistent witness; see filecoin/post_kind.hpp) and
// synthesizes it in parallel on the engine's synthesis pool. Parameters:
// params.params_path(id) (`<id>.params` in a parameter directory, else in the
// generated-parameter directory); for the small test size (2KiB) they are generated with the
// insecure test setup when missing, for the production sizes an operator's file must be there.
#pragma once

#include <memory>

#include "common/status.hpp"
#include "engine/circuit.hpp"
#include "kinds/native_circuit.hpp"
#include "kinds/param_locator.hpp"

namespace cuzk::kinds {

Result<std::unique_ptr<engine::ProofKind>> make_post_kind(const ParamLocator& params, MultiplierFactory multiplier);

}  // namespace cuzk::kinds
