// MappedFile: open + fstat + mmap, the mapping's ownership, and the SIGBUS guard: a fixed table
// of guarded ranges the signal handler reads without locks (atomics only), and the handler that
// maps zero pages over the rest of a shrunken file's mapping.
#include "common/mapped_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <utility>

namespace cuzk {
namespace {

// One guarded mapping: [begin, end) rounded out to whole pages; begin == 0 marks a free slot.
// A slot is taken by a compare-exchange on `begin`, filled, then published by `end`.
struct GuardSlot {
  std::atomic<uintptr_t> begin{0};
  std::atomic<uintptr_t> end{0};
  std::atomic<bool> truncated{false};
};
static_assert(std::atomic<uintptr_t>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the SIGBUS handler may only touch lock-free atomics");

std::array<GuardSlot, MappedFile::kMaxGuarded> g_slots;
struct sigaction g_previous {};
uintptr_t g_page = 4096;  // set before the handler is installed

// Async-signal-safe: atomics, mmap (a system call) and the previous handler.
void on_sigbus(int signal_number, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
  for (GuardSlot& slot : g_slots) {
    const uintptr_t begin = slot.begin.load(std::memory_order_acquire);
    const uintptr_t end = slot.end.load(std::memory_order_acquire);
    if (begin == 0 || address < begin || address >= end) continue;
    // Past the file's end: zero pages from here to the mapping's end, so every later read of
    // this mapping goes on too, and the owner learns it from `truncated`.
    const uintptr_t from = address & ~(g_page - 1);
    if (::mmap(reinterpret_cast<void*>(from), end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
        MAP_FAILED) {
      slot.truncated.store(true, std::memory_order_release);
      return;
    }
    break;
  }
  // Not ours (or the zero pages could not be mapped): what would have happened without the guard.
  if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
    g_previous.sa_sigaction(signal_number, info, context);
    return;
  }
  if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    g_previous.sa_handler(signal_number);
    return;
  }
  ::signal(SIGBUS, SIG_DFL);
  ::raise(SIGBUS);  // pending until the handler returns: then the default action, as without a guard
}

void install_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    g_page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous);
  });
}

// The slot index + 1, or 0 when every slot is taken.
size_t guard(const uint8_t* data, size_t size) {
  install_handler();
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const uintptr_t end = begin + ((size + g_page - 1) & ~(g_page - 1));
  for (size_t i = 0; i < g_slots.size(); ++i) {
    uintptr_t expected = 0;
    if (!g_slots[i].begin.compare_exchange_strong(expected, begin, std::memory_order_acq_rel)) continue;
    g_slots[i].truncated.store(false, std::memory_order_relaxed);
    g_slots[i].end.store(end, std::memory_order_release);
    return i + 1;
  }
  return 0;
}

void unguard(size_t guard) {
  if (guard == 0) return;
  GuardSlot& slot = g_slots[guard - 1];
  slot.end.store(0, std::memory_order_release);
  slot.begin.store(0, std::memory_order_release);
}

void unmap(const uint8_t* data, size_t size, size_t guard) {
  unguard(guard);
  if (data != nullptr) munmap(const_cast<uint8_t*>(data), size);
}

}  // namespace

MappedFile::~MappedFile() { unmap(data_, size_, guard_); }

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      guard_(std::exchange(other.guard_, 0)),
      device_(std::exchange(other.device_, 0)),
      inode_(std::exchange(other.inode_, 0)),
      mtime_s_(std::exchange(other.mtime_s_, 0)),
      mtime_ns_(std::exchange(other.mtime_ns_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    unmap(data_, size_, guard_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    guard_ = std::exchange(other.guard_, 0);
    device_ = std::exchange(other.device_, 0);
    inode_ = std::exchange(other.inode_, 0);
    mtime_s_ = std::exchange(other.mtime_s_, 0);
    mtime_ns_ = std::exchange(other.mtime_ns_, 0);
  }
  return *this;
}

bool MappedFile::truncated() const {
  return guard_ != 0 && g_slots[guard_ - 1].truncated.load(std::memory_order_acquire);
}

bool MappedFile::matches(const std::string& path) const {
  struct stat st {};
  return !truncated() && ::stat(path.c_str(), &st) == 0 && st.st_dev == device_ && st.st_ino == inode_ &&
         static_cast<size_t>(st.st_size) == size_ && st.st_mtim.tv_sec == mtime_s_ && st.st_mtim.tv_nsec == mtime_ns_;
}

Status MappedFile::unchanged(const std::string& path, const std::string& what) const {
  if (matches(path)) return Status::ok();
  std::string msg = what + " " + path + " changed while it was read (" + std::to_string(size_) + " bytes when opened";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    msg += ", now gone";
  } else if (st.st_dev != device_ || st.st_ino != inode_) {
    msg += ", now another file";
  } else {
    msg += ", now " + std::to_string(st.st_size) + " bytes";
    if (static_cast<size_t>(st.st_size) == size_) msg += ", rewritten";
  }
  if (truncated()) msg += "; it shrank under the read";
  msg += ")";
  return Status(StatusCode::kUnavailable, msg);
}

Result<MappedFile> MappedFile::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // a FIFO must not block
  if (fd < 0) {
    return Status(StatusCode::kNotFound, path + ": cannot open: " + std::strerror(errno));
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::invalid_argument(path + ": not a regular file");
  }
  MappedFile out;
  out.device_ = st.st_dev;
  out.inode_ = st.st_ino;
  out.mtime_s_ = st.st_mtim.tv_sec;
  out.mtime_ns_ = st.st_mtim.tv_nsec;
  const auto size = static_cast<size_t>(st.st_size);
  if (size > 0) {
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      const int err = errno;
      ::close(fd);
      return Status::internal(path + ": mmap failed: " + std::strerror(err));
    }
    out.data_ = static_cast<const uint8_t*>(p);
    out.size_ = size;
    out.guard_ = guard(out.data_, size);
    if (out.guard_ == 0) {
      ::close(fd);
      return Status(StatusCode::kUnavailable, path + ": more than " + std::to_string(kMaxGuarded) +
                                                        " files mapped at once");
    }
  }
  ::close(fd);
  return out;
}

}  // namespace cuzk
