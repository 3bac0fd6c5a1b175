// UnixListener: bind (and the socket file's identity), listen, an accept loop that hands
// descriptors to gRPC, shutdown to stop, unlink only of the file it made.
#include "server/unix_listener.hpp"

#include <grpcpp/server_posix.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace cuzk::server {

UnixListener::~UnixListener() { stop(); }

Status UnixListener::bind(const std::string& path) {
  sockaddr_un addr{};
  if (path.size() >= sizeof addr.sun_path) return Status::invalid_argument("socket path " + path + " is too long");
  fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return Status::internal(std::string("socket(AF_UNIX): ") + std::strerror(errno));
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  if (::bind(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    const int err = errno;
    ::close(fd_);
    fd_ = -1;
    return Status(StatusCode::kUnavailable, "cannot listen on " + path + ": " + std::strerror(err));
  }
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) {
    MutexLock lock(socket_mutex_);
    path_ = path;
    device_ = st.st_dev;
    inode_ = st.st_ino;
  }
  return Status::ok();
}

void UnixListener::remove_socket() {
  MutexLock lock(socket_mutex_);
  if (path_.empty()) return;
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0 && st.st_dev == device_ && st.st_ino == inode_) ::unlink(path_.c_str());
  path_.clear();
}

Status UnixListener::serve(grpc::Server* server) {
  if (::listen(fd_, SOMAXCONN) != 0) return Status::internal(std::string("listen: ") + std::strerror(errno));
  thread_ = std::thread([this, server] { accept_loop(server); });
  return Status::ok();
}

void UnixListener::accept_loop(grpc::Server* server) {
  for (;;) {
    const int client = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (client >= 0) {
      grpc::AddInsecureChannelFromFd(server, client);
      continue;
    }
    if (errno == EINTR || errno == ECONNABORTED) continue;
    if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));  // out of descriptors: let some close
      continue;
    }
    return;  // EINVAL after stop()'s shutdown
  }
}

void UnixListener::stop() {
  if (fd_ < 0) return;
  ::shutdown(fd_, SHUT_RDWR);  // wakes the accept
  if (thread_.joinable()) thread_.join();
  ::close(fd_);
  fd_ = -1;
}

}  // namespace cuzk::server
