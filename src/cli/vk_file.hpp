// The verifying key a --vk flag names: a bellperson .vk file (exactly the key), or a .params
// file, whose first bytes are its key (the gigabytes of proving key after it are not read).
// Read through common/file_reader: a FIFO, a device or a directory is refused, never waited on.
#pragma once

#include <string>

#include "common/status.hpp"
#include "groth16/keys.hpp"

namespace cuzk::cli {

// The largest IC a key may declare (public inputs + 1); Filecoin's circuits have a few hundred.
inline constexpr size_t kMaxVkIcPoints = size_t{1} << 20;

// `path` ending in ".params" is read as a .params file, anything else as a .vk. Errors name
// `what` (the flag) and the path: kNotFound (cannot open), kInvalidArgument (not a regular file,
// too short, an IC count of 0 or over kMaxVkIcPoints, a key that does not decode, a .vk with
// bytes after its key).
Result<groth16::VerifyingKey> read_vk_file(const std::string& path, const std::string& what);

}  // namespace cuzk::cli
