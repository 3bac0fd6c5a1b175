// MappedFile: a read-only memory mapping of a whole file (empty files map to an empty span).
// Move-only; the mapping lives until the object is destroyed. Used for parameter files (the
// SRS manager's warm tier), recorded-matrices caches and circom's binfiles.
//
// A mapped file that shrinks (an operator truncates or rewrites a .params in place) would kill
// the process with SIGBUS at the first read past its new end. Every MappedFile is guarded
// instead: a SIGBUS inside a guarded mapping maps zero pages over the rest of it (the read
// goes on, seeing zeros) and marks it truncated; a SIGBUS anywhere else goes to the handler
// that was installed before (or kills the process, as it would have). So whoever reads a
// mapping checks unchanged() after parsing it: zeros are never taken for the file's contents.
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
  // file, kInternal if mmap fails, kUnavailable past kMaxGuarded mappings at once.
  // Messages name the path.
  static Result<MappedFile> open(const std::string& path);
  // Mappings guarded at once (parameter files, caches and binfiles: tens in practice).
  static constexpr size_t kMaxGuarded = 1024;

  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  // True once a read went past the file's end (it shrank while mapped): what was read there
  // is zeros.
  bool truncated() const;
  // True while `path` names the file mapped (same device and inode), with the size and
  // modification time it had when mapped, and no read went past its end: false once it was
  // replaced, removed, truncated, extended or written to.
  bool matches(const std::string& path) const;
  // OK when matches(path); else kUnavailable "<what> <path> changed while it was read (…)",
  // saying how (size then and now), for a reader to fail what it parsed from the mapping.
  Status unchanged(const std::string& path, const std::string& what) const;

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t guard_ = 0;  // slot in the guarded-mapping table + 1; 0: none
  uint64_t device_ = 0, inode_ = 0;
  int64_t mtime_s_ = 0, mtime_ns_ = 0;
};

}  // namespace cuzk
