// MetricsHttp: a minimal HTTP/1.0 endpoint serving GET /metrics (Prometheus text) from a
// callback, on its own thread; anything else gets 404. For scrapers that do not speak gRPC.
//
// One poll loop serves every connection at once (non-blocking sockets): a connection that sends
// nothing, or reads its answer slowly, delays no other. Each connection has a deadline
// (`connection_timeout` from its accept, then it is closed) and a request is at most 8 KiB. At
// most `max_connections` are open at once; the others wait in the listening socket's queue
// (SOMAXCONN) and are accepted as open ones close, so no scrape is dropped however many come at
// once. While the open ones are full, those that have not sent a whole request kIdleGrace after
// their accept are closed to make room (a scraper sends its request at once), so idle
// connections cannot lock scrapers out.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "common/status.hpp"

namespace cuzk::server {

// OK for "<IPv4 address or localhost>:<port>" (an empty host: every interface; port 0: any free
// one); else kInvalidArgument naming the address (the daemon checks daemon.metrics_http with
// its configuration, before binding anything).
Status check_metrics_address(const std::string& address);

class MetricsHttp {
 public:
  // Open connections by default: file descriptors are plentiful (the daemon's limit is in the
  // thousands) and each costs one poll entry.
  static constexpr size_t kMaxConnections = 256;
  static constexpr std::chrono::milliseconds kIdleGrace{1000};

  explicit MetricsHttp(std::chrono::milliseconds connection_timeout = std::chrono::seconds(5),
                       size_t max_connections = kMaxConnections)
      : connection_timeout_(connection_timeout), max_connections_(max_connections) {}
  ~MetricsHttp();
  MetricsHttp(const MetricsHttp&) = delete;
  MetricsHttp& operator=(const MetricsHttp&) = delete;

  // Listens on "<host>:<port>" (check_metrics_address). Errors name the address.
  Status start(const std::string& address, std::function<std::string()> render);
  void stop();
  int port() const { return port_; }

 private:
  void serve();

  const std::chrono::milliseconds connection_timeout_;
  const size_t max_connections_;
  std::function<std::string()> render_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace cuzk::server
