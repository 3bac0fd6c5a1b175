// Private folders (mkdir 0700, lstat checks), exclusive temporaries over a file descriptor with
// a small ostream buffer, fsync + rename on commit, a registry of the temporaries open in this
// process, stale temporaries of dead writers removed.
#include "common/private_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <streambuf>
#include <vector>

#include "common/thread_annotations.hpp"
#include "common/trusted_paths.hpp"

namespace cuzk {
namespace {

std::string errno_text(int err) { return std::strerror(err); }

std::string octal_mode(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

Status check_private_dir(const std::string& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) return Status::internal(dir + ": cannot stat: " + errno_text(errno));
  if (S_ISLNK(st.st_mode)) return Status::invalid_argument("folder " + dir + " is a symbolic link; refusing to use it");
  if (!S_ISDIR(st.st_mode)) return Status::invalid_argument(dir + " is not a folder");
  if (st.st_uid != ::geteuid()) {
    return Status::invalid_argument("folder " + dir + " belongs to uid " + std::to_string(st.st_uid) +
                                    ", not to this user (uid " + std::to_string(::geteuid()) + "); refusing to use it");
  }
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    return Status::invalid_argument("folder " + dir + " is writable by other users (mode " + octal_mode(st.st_mode) +
                                    "); refusing to use it");
  }
  return Status::ok();
}

// An output buffer over a file descriptor; errors are kept for commit() to report.
class FdBuf final : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd), buf_(size_t{1} << 20) { setp(buf_.data(), buf_.data() + buf_.size()); }
  int error() const { return error_; }
  bool flush_all() {
    char* p = pbase();
    while (p < pptr()) {
      const ssize_t n = ::write(fd_, p, static_cast<size_t>(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        setp(buf_.data(), buf_.data() + buf_.size());
        return false;
      }
      p += n;
    }
    setp(buf_.data(), buf_.data() + buf_.size());
    return true;
  }

 protected:
  int_type overflow(int_type ch) override {
    if (error_ != 0 || !flush_all()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return error_ == 0 && flush_all() ? 0 : -1; }

 private:
  int fd_;
  std::vector<char> buf_;
  int error_ = 0;
};

// The temporaries this process has open (AtomicFile between create and commit or destruction),
// by path and by file identity (a folder may be spelled another way).
class OpenTemporaries {
 public:
  static OpenTemporaries& get() {
    static OpenTemporaries* registry = new OpenTemporaries();  // never destroyed: used at exit
    return *registry;
  }
  void add(const std::string& path, int fd) {
    struct stat st {};
    ::fstat(fd, &st);
    MutexLock lock(mutex_);
    open_[path] = {st.st_dev, st.st_ino};
  }
  void remove(const std::string& path) {
    MutexLock lock(mutex_);
    open_.erase(path);
  }
  bool holds(const std::filesystem::path& file) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0) return false;
    MutexLock lock(mutex_);
    for (const auto& [path, id] : open_) {
      if (id.first == st.st_dev && id.second == st.st_ino) return true;
    }
    return false;
  }
  size_t unlink_all() {
    MutexLock lock(mutex_);
    size_t removed = 0;
    for (const auto& [path, id] : open_) removed += ::unlink(path.c_str()) == 0 ? 1 : 0;
    open_.clear();
    return removed;
  }

 private:
  Mutex mutex_;
  std::map<std::string, std::pair<dev_t, ino_t>> open_ CUZK_GUARDED_BY(mutex_);
};

// Removes the `<name>.tmp.<pid>` files of `dir` (of one `<name>`, or of any when `name` is
// empty) whose writer is gone: its process does not exist, or it is this process's pid and this
// process does not hold the file (an earlier process with the same pid).
size_t remove_stale(const std::filesystem::path& dir, const std::string& target_name) {
  namespace fs = std::filesystem;
  constexpr std::string_view kMarker = ".tmp.";
  std::error_code ec;
  size_t removed = 0;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const size_t marker = name.rfind(kMarker);
    if (marker == std::string::npos || marker == 0) continue;
    if (!target_name.empty() && (marker != target_name.size() || !name.starts_with(target_name))) continue;
    const std::string pid_text = name.substr(marker + kMarker.size());
    if (pid_text.empty() || pid_text.size() > 9 || pid_text.find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    const long pid = std::stol(pid_text);
    if (pid == ::getpid()) {
      if (OpenTemporaries::get().holds(entry.path())) continue;  // being written now
    } else if (pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM)) {
      continue;  // its writer lives
    }
    if (fs::remove(entry.path(), ec)) ++removed;
  }
  return removed;
}

}  // namespace

Status ensure_private_dir(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // Nothing is made inside a folder another user controls.
  CUZK_RETURN_IF_ERROR(check_trusted_above(path, "folder"));
  // Create the missing folders from the top down, each 0700; then check the last one (and any
  // folder this call created) is ours alone.
  std::vector<fs::path> missing;
  for (fs::path p = fs::path(path); !p.empty() && !fs::exists(fs::symlink_status(p, ec)); p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.root_path()) break;
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    if (::mkdir(it->c_str(), 0700) != 0 && errno != EEXIST) {
      return Status::internal("cannot create folder " + it->string() + ": " + errno_text(errno));
    }
  }
  CUZK_RETURN_IF_ERROR(check_private_dir(path));
  // Every folder above it too (common/trusted_paths): whoever could write a parent without the
  // sticky bit could rename the folder away and put their own in its place.
  return check_trusted_folder(path, "folder");
}

struct AtomicFile::Impl {
  std::string path, tmp;
  int fd = -1;
  std::unique_ptr<FdBuf> buf;
  std::unique_ptr<std::ostream> out;
  bool committed = false;
};

AtomicFile::AtomicFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

AtomicFile::~AtomicFile() {
  if (impl_->fd >= 0) ::close(impl_->fd);
  if (!impl_->committed) {
    ::unlink(impl_->tmp.c_str());
    OpenTemporaries::get().remove(impl_->tmp);
  }
}

Result<std::unique_ptr<AtomicFile>> AtomicFile::create(const std::string& path) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->tmp = path + ".tmp." + std::to_string(::getpid());
  impl->fd = ::open(impl->tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (impl->fd < 0) return Status::internal("cannot create " + impl->tmp + ": " + errno_text(errno));
  OpenTemporaries::get().add(impl->tmp, impl->fd);
  impl->buf = std::make_unique<FdBuf>(impl->fd);
  impl->out = std::make_unique<std::ostream>(impl->buf.get());
  return std::unique_ptr<AtomicFile>(new AtomicFile(std::move(impl)));
}

std::ostream& AtomicFile::stream() { return *impl_->out; }

Status AtomicFile::write_status() const {
  const Impl& d = *impl_;
  if (d.buf->error() == 0 && *d.out) return Status::ok();
  return Status::internal("cannot write " + d.tmp + ": " + errno_text(d.buf->error() != 0 ? d.buf->error() : EIO));
}

Status AtomicFile::commit() {
  Impl& d = *impl_;
  d.out->flush();
  CUZK_RETURN_IF_ERROR(write_status());
  if (::fsync(d.fd) != 0) return Status::internal("cannot write " + d.tmp + ": " + errno_text(errno));
  ::close(d.fd);
  d.fd = -1;
  if (::rename(d.tmp.c_str(), d.path.c_str()) != 0) {
    return Status::internal("cannot rename " + d.tmp + " to " + d.path + ": " + errno_text(errno));
  }
  d.committed = true;
  OpenTemporaries::get().remove(d.tmp);
  return Status::ok();
}

Status write_file_atomically(const std::string& path, const std::function<Status(std::ostream&)>& fill) {
  CUZK_ASSIGN_OR_RETURN(std::unique_ptr<AtomicFile> file, AtomicFile::create(path));
  const Status filled = fill(file->stream());
  file->stream().flush();
  CUZK_RETURN_IF_ERROR(file->write_status());
  CUZK_RETURN_IF_ERROR(filled);
  return file->commit();
}

size_t remove_stale_temporaries(const std::string& path) {
  const std::filesystem::path target(path);
  return remove_stale(target.parent_path(), target.filename().string());
}

size_t remove_stale_temporaries_in(const std::string& dir) { return remove_stale(dir, ""); }

size_t remove_open_temporaries() { return OpenTemporaries::get().unlink_all(); }

}  // namespace cuzk
