// Circuit sizes counted once per process: a kind's circuits need their sizes when a catalog is
// made (the working-memory estimate), counting a production size takes up to a second, and
// every catalog (daemon start, `cuzk setup`, each test) asks for all of them.
#pragma once

#include <functional>
#include <string>

#include "common/status.hpp"
#include "filecoin/circuit_size.hpp"

namespace cuzk::kinds {

// The size stored under `key` ("window-post-32GiB"), else count() stored there. Thread-safe;
// a failed count is not stored.
Result<filecoin::CircuitSize> cached_circuit_size(const std::string& key,
                                                  const std::function<Result<filecoin::CircuitSize>()>& count);

}  // namespace cuzk::kinds
