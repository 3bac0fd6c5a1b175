// The kind catalog: every proof kind cuzk knows, put together for a deployment. Adding a kind
// is one file in this folder (a ProofKind) and one line in make_catalog().
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "engine/circuit_catalog.hpp"
#include "kinds/native_circuit.hpp"
#include "kinds/param_locator.hpp"

namespace cuzk::kinds {

struct KindsConfig {
  ParamLocator params;                      // parameter directories (zkeys, .params) and the generated one
  std::vector<std::string> synthetic_ids;   // synthetic circuits offered from the start
  bool synthetic_on_demand = false;         // any synthetic-<N>[x<P>] a client names
  MultiplierFactory multiplier;             // the test setup's fixed-base multiplier (GPU where present)
  // A zkey that cannot be read is skipped, its error passed to `warn` (unset: stderr), unless
  // bad_zkey_fatal makes it an error of make_catalog.
  bool bad_zkey_fatal = false;
  std::function<void(const std::string&)> warn;
};

// Errors: a parameter directory that does not exist, an unreadable zkey (named) with
// bad_zkey_fatal, an invalid synthetic id, two circuits with one id.
Result<std::shared_ptr<engine::CircuitCatalog>> make_catalog(const KindsConfig& config);

}  // namespace cuzk::kinds
