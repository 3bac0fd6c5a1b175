// Reading a whole input file safely: only a regular file (a FIFO, a device such as /dev/zero or
// a directory is refused, and opening never blocks on a FIFO), at most `max_bytes` (refused by
// its size before anything is read), every error naming `what` (the flag or field that named
// the file), the path and the reason. Every command-line file reader goes through here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.hpp"

namespace cuzk {

// Errors: kNotFound (cannot open: the errno text), kInvalidArgument (not a regular file, or
// larger than max_bytes), kInternal (a read error).
Result<std::vector<uint8_t>> read_regular_file(const std::string& path, const std::string& what, size_t max_bytes);
// The same as text.
Result<std::string> read_regular_text_file(const std::string& path, const std::string& what, size_t max_bytes);
// The first `max_bytes` bytes of a regular file (all of it if it is shorter; a longer file is
// not refused). Errors as above.
Result<std::vector<uint8_t>> read_regular_file_prefix(const std::string& path, const std::string& what,
                                                      size_t max_bytes);

}  // namespace cuzk
