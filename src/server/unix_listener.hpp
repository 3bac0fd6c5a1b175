// UnixListener: the daemon's unix socket, accepted here instead of by gRPC, so every connection
// reaches gRPC as a file descriptor (grpc::AddInsecureChannelFromFd): its calls' peer then reads
// "fd:<n>" and CallerIdentity learns the client's uid from that socket (SO_PEERCRED). One
// thread accepts; gRPC owns each connection from then on. The socket file is removed only
// while its path still names the inode bind() created: never another daemon's socket that has
// since taken the path.
#pragma once

#include <grpcpp/grpcpp.h>

#include <sys/types.h>

#include <string>
#include <thread>

#include "common/status.hpp"
#include "common/thread_annotations.hpp"

namespace cuzk::server {

class UnixListener {
 public:
  UnixListener() = default;
  ~UnixListener();  // stop()
  UnixListener(const UnixListener&) = delete;
  UnixListener& operator=(const UnixListener&) = delete;

  // Creates the socket at `path` (which must not exist: see the daemon's prepare_socket_path)
  // without accepting yet, so its owner and mode can be set before any client connects.
  Status bind(const std::string& path);
  // Listens and hands every connection to `server` (started, outliving stop()) until stop().
  Status serve(grpc::Server* server);
  // Stops accepting and joins the thread; connections already handed over stay with gRPC.
  void stop();
  // Unlinks the socket file bind() made if its path still names it (same device and inode);
  // anything else there is left alone. Thread-safe (a signal-watching thread calls it too);
  // later calls do nothing.
  void remove_socket();

 private:
  void accept_loop(grpc::Server* server);

  int fd_ = -1;
  std::thread thread_;
  Mutex socket_mutex_;
  std::string path_ CUZK_GUARDED_BY(socket_mutex_);  // empty before bind() and once removed
  dev_t device_ CUZK_GUARDED_BY(socket_mutex_) = 0;
  ino_t inode_ CUZK_GUARDED_BY(socket_mutex_) = 0;
};

}  // namespace cuzk::server
