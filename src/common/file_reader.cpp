// read_regular_file: open without blocking, fstat, refuse what is not a regular file or too
// large, then read it whole (or read only its prefix).
#include "common/file_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace cuzk {
namespace {

// kWhole refuses a file over max_bytes; kPrefix reads its first max_bytes.
enum class Extent { kWhole, kPrefix };

template <class Bytes>
Result<Bytes> read_regular(const std::string& path, const std::string& what, size_t max_bytes, Extent extent) {
  const std::string name = what.empty() ? path : what + " " + path;
  // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Status(StatusCode::kNotFound, name + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::invalid_argument(name + ": not a regular file");
  }
  const auto file_size = static_cast<size_t>(st.st_size);
  if (file_size > max_bytes && extent == Extent::kWhole) {
    ::close(fd);
    return Status::invalid_argument(name + ": " + std::to_string(file_size) + " bytes, more than the limit of " +
                                    std::to_string(max_bytes));
  }
  const size_t size = std::min(file_size, max_bytes);
  Bytes out(size, 0);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::read(fd, out.data() + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = errno;
      ::close(fd);
      return n == 0 ? Status::internal(name + ": the file shrank while it was read")
                    : Status::internal(name + ": read failed: " + std::strerror(err));
    }
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  return out;
}

}  // namespace

Result<std::vector<uint8_t>> read_regular_file(const std::string& path, const std::string& what, size_t max_bytes) {
  return read_regular<std::vector<uint8_t>>(path, what, max_bytes, Extent::kWhole);
}

Result<std::string> read_regular_text_file(const std::string& path, const std::string& what, size_t max_bytes) {
  return read_regular<std::string>(path, what, max_bytes, Extent::kWhole);
}

Result<std::vector<uint8_t>> read_regular_file_prefix(const std::string& path, const std::string& what,
                                                      size_t max_bytes) {
  return read_regular<std::vector<uint8_t>>(path, what, max_bytes, Extent::kPrefix);
}

}  // namespace cuzk
