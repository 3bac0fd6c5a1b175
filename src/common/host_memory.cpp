// MemAvailable from /proc/meminfo.
#include "common/host_memory.hpp"

#include <fstream>
#include <string>

namespace cuzk {

std::optional<size_t> available_host_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  size_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * size_t{1024};
  }
  return std::nullopt;
}

}  // namespace cuzk
