// CircuitCatalog: the circuits an engine can prove, by id — the circuits of the proof kinds its
// composition root gave it (src/kinds), plus circuits added one by one (tests), plus ids a kind
// resolves on demand (a bounded set of them is remembered; one forgotten is resolved again).
// Thread-safe.
#pragma once

#include <list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "common/thread_annotations.hpp"
#include "engine/circuit.hpp"

namespace cuzk::engine {

class CircuitCatalog {
 public:
  // At most `max_resolved` ids resolved on demand are remembered (least recently found go first).
  explicit CircuitCatalog(size_t max_resolved = 64) : max_resolved_(max_resolved) {}

  // Registers the kind and every circuit it lists. INVALID_ARGUMENT if an id is taken.
  Status add_kind(std::unique_ptr<ProofKind> kind);
  // INVALID_ARGUMENT if the id is taken.
  Status add(std::shared_ptr<const CircuitDef> circuit);
  // The circuit for `id`, asking the kinds for ids not registered; nullptr if none knows it.
  std::shared_ptr<const CircuitDef> find(std::string_view id);
  // Registered ids and the remembered resolved ones, sorted.
  std::vector<std::string> ids() const;
  // The kinds (CircuitDef::kind) of those circuits, each once, sorted.
  std::vector<std::string> kinds() const;

 private:
  const size_t max_resolved_;
  mutable Mutex mutex_;
  std::vector<std::unique_ptr<ProofKind>> kinds_ CUZK_GUARDED_BY(mutex_);
  std::map<std::string, std::shared_ptr<const CircuitDef>, std::less<>> circuits_ CUZK_GUARDED_BY(mutex_);
  std::map<std::string, std::shared_ptr<const CircuitDef>, std::less<>> resolved_ CUZK_GUARDED_BY(mutex_);
  std::list<std::string> resolved_order_ CUZK_GUARDED_BY(mutex_);  // least recently found first
};

}  // namespace cuzk::engine
