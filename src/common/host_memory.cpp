// MemAvailable from /proc/meminfo; the peak resident set from getrusage.
#include "common/host_memory.hpp"

#include <sys/resource.h>

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

std::optional<size_t> peak_resident_memory() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return std::nullopt;
  return static_cast<size_t>(usage.ru_maxrss) * size_t{1024};  // ru_maxrss is in KiB on Linux
}

}  // namespace cuzk
