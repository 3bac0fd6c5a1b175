// MetricsHttp: a minimal HTTP/1.0 endpoint serving GET /metrics (Prometheus text) from a
// callback, on its own thread; anything else gets 404. For scrapers that do not speak gRPC.
//
// One poll loop serves every connection at once (non-blocking sockets): a connection that sends
// nothing, or reads its answer slowly, delays no other. Each connection has a deadline
// (`connection_timeout` from its accept, then it is closed), a request is at most 8 KiB, and at
// most kMaxConnections are open: past that the oldest one is closed for the newcomer, so idle
// connections can never lock scrapers out.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "common/status.hpp"

namespace cuzk::server {

class MetricsHttp {
 public:
  static constexpr size_t kMaxConnections = 64;

  explicit MetricsHttp(std::chrono::milliseconds connection_timeout = std::chrono::seconds(5))
      : connection_timeout_(connection_timeout) {}
  ~MetricsHttp();
  MetricsHttp(const MetricsHttp&) = delete;
  MetricsHttp& operator=(const MetricsHttp&) = delete;

  // Listens on "<host>:<port>" (IPv4). Errors name the address.
  Status start(const std::string& address, std::function<std::string()> render);
  void stop();
  int port() const { return port_; }

 private:
  void serve();

  const std::chrono::milliseconds connection_timeout_;
  std::function<std::string()> render_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace cuzk::server
