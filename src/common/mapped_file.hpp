// MappedFile: a read-only memory mapping of a whole file (empty files map to an empty span).
// Move-only; the mapping lives until the object is destroyed. Used for parameter files (the
// SRS manager's warm tier) and circom's binfiles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "common/status.hpp"

namespace cuzk {

class MappedFile {
 public:
  MappedFile() = default;
  ~MappedFile();
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  // Errors: kNotFound if the file cannot be opened, kInvalidArgument if it is not a regular
  // file, kInternal if mmap fails. Messages name the path.
  static Result<MappedFile> open(const std::string& path);

  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  // True while `path` still names the file mapped (same device and inode): false once it was
  // replaced (a file renamed over it) or removed.
  bool still_at(const std::string& path) const;

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  uint64_t device_ = 0, inode_ = 0;
};

}  // namespace cuzk
