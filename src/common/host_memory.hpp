// Host memory figures from the kernel: how much is available now (MemAvailable of
// /proc/meminfo), for choosing how much work to keep in flight, and the process's peak resident
// memory (getrusage), for reports.
#pragma once

#include <cstddef>
#include <optional>

namespace cuzk {

// nullopt where the figure cannot be read (not Linux, /proc not mounted).
std::optional<size_t> available_host_memory();

// The process's peak resident memory so far, in bytes; nullopt where getrusage fails.
std::optional<size_t> peak_resident_memory();

}  // namespace cuzk
