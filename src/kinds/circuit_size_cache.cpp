// The process's circuit sizes, by key, under a mutex (counting runs outside it).
#include "kinds/circuit_size_cache.hpp"

#include <map>

#include "common/thread_annotations.hpp"

namespace cuzk::kinds {
namespace {

Mutex size_mutex;
std::map<std::string, filecoin::CircuitSize> sizes CUZK_GUARDED_BY(size_mutex);

}  // namespace

Result<filecoin::CircuitSize> cached_circuit_size(const std::string& key,
                                                  const std::function<Result<filecoin::CircuitSize>()>& count) {
  {
    MutexLock lock(size_mutex);
    if (auto it = sizes.find(key); it != sizes.end()) return it->second;
  }
  CUZK_ASSIGN_OR_RETURN(const filecoin::CircuitSize size, count());
  MutexLock lock(size_mutex);
  sizes[key] = size;
  return size;
}

}  // namespace cuzk::kinds
