// CircuitCatalog: registered circuits, kinds asked in order, a bounded memory of resolved ids.
#include "engine/circuit_catalog.hpp"

#include <algorithm>
#include <set>

namespace cuzk::engine {

Status CircuitCatalog::add_kind(std::unique_ptr<ProofKind> kind) {
  for (auto& circuit : kind->circuits()) CUZK_RETURN_IF_ERROR(add(std::move(circuit)));
  MutexLock lock(mutex_);
  kinds_.push_back(std::move(kind));
  return Status::ok();
}

Status CircuitCatalog::add(std::shared_ptr<const CircuitDef> circuit) {
  MutexLock lock(mutex_);
  const std::string id = circuit->id();
  if (!circuits_.emplace(id, std::move(circuit)).second) {
    return Status::invalid_argument("circuit id '" + id + "' is registered twice");
  }
  return Status::ok();
}

std::shared_ptr<const CircuitDef> CircuitCatalog::find(std::string_view id) {
  MutexLock lock(mutex_);
  if (auto it = circuits_.find(id); it != circuits_.end()) return it->second;
  if (auto it = resolved_.find(id); it != resolved_.end()) {
    resolved_order_.remove(it->first);
    resolved_order_.push_back(it->first);
    return it->second;
  }
  for (const auto& kind : kinds_) {
    std::shared_ptr<const CircuitDef> circuit = kind->resolve(id);
    if (!circuit) continue;
    // A kind may resolve several spellings to one canonical id: remember that id once.
    const std::string canonical = circuit->id();
    if (auto it = circuits_.find(canonical); it != circuits_.end()) return it->second;
    if (auto it = resolved_.find(canonical); it != resolved_.end()) return it->second;
    resolved_.emplace(canonical, circuit);
    resolved_order_.push_back(canonical);
    while (resolved_order_.size() > max_resolved_) {
      resolved_.erase(resolved_order_.front());
      resolved_order_.pop_front();
    }
    return circuit;
  }
  return nullptr;
}

std::vector<std::string> CircuitCatalog::ids() const {
  MutexLock lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [id, circuit] : circuits_) out.push_back(id);
  for (const auto& [id, circuit] : resolved_) out.push_back(id);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> CircuitCatalog::kinds() const {
  MutexLock lock(mutex_);
  std::set<std::string, std::less<>> kinds;
  for (const auto& [id, circuit] : circuits_) kinds.emplace(circuit->kind());
  for (const auto& [id, circuit] : resolved_) kinds.emplace(circuit->kind());
  return {kinds.begin(), kinds.end()};
}

}  // namespace cuzk::engine
