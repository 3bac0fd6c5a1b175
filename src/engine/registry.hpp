// CircuitRegistry: the circuits an engine can prove, by id. Circuits come from the operator's
// parameter directories (every `<id>.zkey` is a circom circuit `<id>`), from code (Filecoin
// kinds, tests), and on demand for synthetic ids ("synthetic-<constraints>[x<partitions>]",
// parameters generated into the registry's generated-parameter directory when missing).
// Thread-safe.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "engine/circuit.hpp"

namespace cuzk::engine {

class CircuitRegistry {
 public:
  explicit CircuitRegistry(std::string generated_param_dir) : generated_param_dir_(std::move(generated_param_dir)) {}

  // INVALID_ARGUMENT if the id is taken.
  Status add(std::shared_ptr<const CircuitDef> circuit);
  // Registers every *.zkey in `dir`. NOT_FOUND if `dir` is not a directory; a zkey that cannot
  // be read is an error naming it (the daemon refuses to start rather than hide a circuit).
  Status add_param_dir(const std::string& dir);
  // nullptr if unknown.
  std::shared_ptr<const CircuitDef> find(const std::string& id);
  std::vector<std::string> ids() const;

 private:
  const std::string generated_param_dir_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const CircuitDef>> circuits_;  // GUARDED_BY(mutex_)
};

}  // namespace cuzk::engine
