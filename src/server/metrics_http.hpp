// MetricsHttp: a minimal HTTP/1.0 endpoint serving GET /metrics (Prometheus text) from a
// callback, on its own thread; anything else gets 404. For scrapers that do not speak gRPC.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>

#include "common/status.hpp"

namespace cuzk::server {

class MetricsHttp {
 public:
  ~MetricsHttp();
  // Listens on "<host>:<port>" (IPv4). Errors name the address.
  Status start(const std::string& address, std::function<std::string()> render);
  void stop();
  int port() const { return port_; }

 private:
  void serve();

  std::function<std::string()> render_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace cuzk::server
