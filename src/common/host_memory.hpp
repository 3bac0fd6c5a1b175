// How much host memory the kernel says is available now (MemAvailable of /proc/meminfo), for
// choosing how much work to keep in flight.
#pragma once

#include <cstddef>
#include <optional>

namespace cuzk {

// nullopt where the figure cannot be read (not Linux, /proc not mounted).
std::optional<size_t> available_host_memory();

}  // namespace cuzk
