// UnixListener: the daemon's unix socket, accepted here instead of by gRPC, so every connection
// reaches gRPC as a file descriptor (grpc::AddInsecureChannelFromFd): its calls' peer then reads
// "fd:<n>" and CallerIdentity learns the client's uid from that socket (SO_PEERCRED). One
// thread accepts; gRPC owns each connection from then on.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>
#include <thread>

#include "common/status.hpp"

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

 private:
  void accept_loop(grpc::Server* server);

  int fd_ = -1;
  std::thread thread_;
};

}  // namespace cuzk::server
