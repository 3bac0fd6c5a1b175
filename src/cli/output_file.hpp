// Writing a command's output file (proofs, vanilla proofs, payloads) whole.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "common/status.hpp"

namespace cuzk::cli {

// Writes `bytes` to `path` (replacing it); INTERNAL naming the path if it cannot.
Status write_whole_file(const std::string& path, std::span<const uint8_t> bytes);

}  // namespace cuzk::cli
