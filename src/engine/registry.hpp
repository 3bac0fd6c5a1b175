// CircuitRegistry: the circuits an engine can prove, by id. Circuits come from the operator's
// parameter directories (every `<id>.zkey` is a circom circuit `<id>`), from code (Filecoin
// kinds, tests), and on demand for synthetic ids ("synthetic-<constraints>[x<partitions>]").
// Native circuits find their bellperson parameters with params_path(): an operator's
// `<id>.params` in a parameter directory, else the generated-parameter directory (where test
// parameters are made when missing).
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

// Where generated test parameters go unless configured: /tmp/cuzk-<uid>/params (the daemon's
// default srs.generated_dir and `cuzk setup`'s default --param-dir).
std::string default_generated_param_dir();

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
  // `<dir>/<file_stem>.params` in the first parameter directory that has it, else in the
  // generated-parameter directory.
  std::string params_path(const std::string& file_stem) const;

 private:
  std::string params_path_locked(const std::string& file_stem) const;

  const std::string generated_param_dir_;
  std::vector<std::string> param_dirs_;  // GUARDED_BY(mutex_)
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const CircuitDef>> circuits_;  // GUARDED_BY(mutex_)
};

}  // namespace cuzk::engine
