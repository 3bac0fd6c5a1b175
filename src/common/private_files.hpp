// Files a daemon writes where other local users might interfere: folders that must belong to
// this user and be writable by no one else, and files written under an exclusive temporary name
// and renamed into place only when complete.
//
//   ensure_private_dir("/tmp/cuzk-1000/params")  creates missing folders with mode 0700 and
//        refuses (naming the folder) one that is a symbolic link, is not a directory, belongs to
//        another user, or is writable by group or others — itself or any folder above it up to
//        the first one root owns;
//   AtomicFile f(path)  creates `path.tmp.<pid>` with O_CREAT|O_EXCL|O_NOFOLLOW (mode 0600: a
//        planted file or symlink of that name is never followed or reused); write through
//        stream(); commit() flushes, fsyncs and renames it onto `path`. Destroyed uncommitted,
//        it removes the temporary, so a failed or interrupted write leaves nothing behind.
// remove_stale_temporaries(path) removes `path.tmp.<pid>` files whose process is gone (a writer
// killed mid-write).
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "common/status.hpp"

namespace cuzk {

Status ensure_private_dir(const std::string& path);

class AtomicFile {
 public:
  // Errors: kInternal naming the temporary path and errno (ENOSPC, EEXIST for a planted name, …).
  static Result<std::unique_ptr<AtomicFile>> create(const std::string& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream();
  // Errors name the path and errno (a full disk shows as "No space left on device").
  Status commit();

 private:
  struct Impl;
  explicit AtomicFile(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The number of stale temporaries removed.
size_t remove_stale_temporaries(const std::string& path);

}  // namespace cuzk
