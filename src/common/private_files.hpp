// Files a daemon writes where other local users might interfere: folders that must belong to
// this user and be writable by no one else, and files written under an exclusive temporary name
// and renamed into place only when complete.
//
//   ensure_private_dir("/tmp/cuzk-1000/params")  creates missing folders with mode 0700 and
//        refuses (naming the folder) one that is a symbolic link, is not a directory, belongs to
//        another user, or is writable by group or others, or one that is not trusted as a
//        whole (common/trusted_paths.hpp: a folder above it that another user owns, or that
//        others may write without the sticky bit);
//   AtomicFile f(path)  creates `path.tmp.<pid>` with O_CREAT|O_EXCL|O_NOFOLLOW (mode 0600: a
//        planted file or symlink of that name is never followed or reused); write through
//        stream(); commit() flushes, fsyncs and renames it onto `path`. Destroyed uncommitted,
//        it removes the temporary, so a failed or interrupted write leaves nothing behind.
//   write_file_atomically(path, fill)  the same in one call: a failed write names the file and
//        the errno (ENOSPC, EFBIG, …) rather than the writer's own "write failed".
// remove_stale_temporaries(path) removes `path.tmp.<pid>` files whose process is gone (a writer
// killed mid-write) or whose pid is this process's but which this process does not hold open (a
// writer killed before a restart that reused its pid, as in a container);
// remove_stale_temporaries_in(dir) does so for every file of the folder (at a daemon's start).
// remove_open_temporaries() removes the temporaries this process is writing, for a process about
// to exit at once (a second SIGTERM) without running destructors.
#pragma once

#include <functional>
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
  // OK while every write reached the file; else kInternal naming the temporary and errno.
  Status write_status() const;
  // Errors name the path and errno (a full disk shows as "No space left on device").
  Status commit();

 private:
  struct Impl;
  explicit AtomicFile(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Creates `path` through an AtomicFile: `fill` writes the contents; its error, or the stream's
// (naming the file and errno, which takes precedence), leaves nothing behind.
Status write_file_atomically(const std::string& path, const std::function<Status(std::ostream&)>& fill);

// The number of stale temporaries removed.
size_t remove_stale_temporaries(const std::string& path);
size_t remove_stale_temporaries_in(const std::string& dir);
// Async-signal-unsafe (takes a lock): call it from a normal thread (a sigwait loop). The number
// of temporaries removed.
size_t remove_open_temporaries();

}  // namespace cuzk
