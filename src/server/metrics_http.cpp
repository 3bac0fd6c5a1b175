// MetricsHttp: one poll loop over the listening socket (while fewer than max_connections are
// open) and every open connection (each non-blocking, with a deadline); a poll timeout so
// stop() is prompt and idle connections are closed in time.
#include "server/metrics_http.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

#include "server/config.hpp"

namespace cuzk::server {
namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kMaxRequestBytes = 8192;

// One client: its request until the blank line that ends the headers, then the answer.
struct Connection {
  int fd = -1;
  Clock::time_point accepted, deadline;
  std::string request, response;
  size_t sent = 0;
  bool answering = false;
};

std::string answer(const std::string& request, const std::function<std::string()>& render) {
  std::string body, status = "404 Not Found";
  if (request.starts_with("GET /metrics ") || request.starts_with("GET /metrics?")) {
    body = render();
    status = "200 OK";
  }
  std::string out = "HTTP/1.0 ";
  out += status;
  out += "\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: ";
  out += std::to_string(body.size());
  out += "\r\nConnection: close\r\n\r\n";
  out += body;
  return out;
}

// Reads what has arrived; once the headers are complete (or too long), prepares the answer.
// False when the connection is finished (closed by the client, or an error).
bool read_request(Connection& c, const std::function<std::string()>& render) {
  char buf[2048];
  for (;;) {
    const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
    if (n > 0) {
      c.request.append(buf, static_cast<size_t>(n));
      if (c.request.find("\r\n\r\n") != std::string::npos || c.request.find("\n\n") != std::string::npos ||
          c.request.size() >= kMaxRequestBytes) {
        c.response = answer(c.request, render);
        c.answering = true;
        return true;
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

// Sends what the socket takes; false once everything is sent or the client is gone.
bool write_response(Connection& c) {
  while (c.sent < c.response.size()) {
    const ssize_t k = ::send(c.fd, c.response.data() + c.sent, c.response.size() - c.sent, MSG_NOSIGNAL);
    if (k > 0) {
      c.sent += static_cast<size_t>(k);
      continue;
    }
    if (k < 0 && errno == EINTR) continue;
    return k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
  return false;
}

// "<host>:<port>" as a socket address; errors name the address.
Result<sockaddr_in> parse_address(const std::string& address) {
  const size_t colon = address.rfind(':');
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  if (colon == std::string::npos) {
    return Status::invalid_argument("'" + address + "': expected <IPv4 address>:<port>, such as 127.0.0.1:9821");
  }
  std::string host = address.substr(0, colon);
  if (host == "localhost") host = "127.0.0.1";
  const std::optional<uint16_t> port = parse_port(std::string_view(address).substr(colon + 1));
  if (!port) return Status::invalid_argument("'" + address + "': the port must be a number from 0 to 65535");
  if (inet_pton(AF_INET, host.empty() ? "0.0.0.0" : host.c_str(), &addr.sin_addr) != 1) {
    return Status::invalid_argument("'" + address + "': '" + host + "' is not an IPv4 address (or localhost)");
  }
  addr.sin_port = htons(*port);
  return addr;
}

}  // namespace

Status check_metrics_address(const std::string& address) { return parse_address(address).status(); }

MetricsHttp::~MetricsHttp() { stop(); }

Status MetricsHttp::start(const std::string& address, std::function<std::string()> render) {
  Result<sockaddr_in> parsed = parse_address(address);
  if (!parsed.is_ok()) return Status::invalid_argument("metrics_http " + parsed.status().message());
  sockaddr_in addr = *parsed;
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  const int one = 1;
  ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  // SOMAXCONN: scrapers beyond max_connections wait here until one closes.
  if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd_, SOMAXCONN) != 0) {
    const std::string why = std::strerror(errno);
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    return Status::invalid_argument("metrics_http '" + address + "': " + why);
  }
  socklen_t len = sizeof addr;
  ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
  port_ = ntohs(addr.sin_port);
  render_ = std::move(render);
  thread_ = std::thread([this] { serve(); });
  return Status::ok();
}

void MetricsHttp::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void MetricsHttp::serve() {
  std::vector<Connection> connections;
  std::vector<pollfd> polled;
  while (!stopping_) {
    auto now = Clock::now();
    if (connections.size() >= max_connections_) {
      // Full: connections that have not sent a whole request within the grace make room for
      // those waiting to be accepted.
      std::erase_if(connections, [&](const Connection& c) {
        const bool idle = !c.answering && now - c.accepted >= kIdleGrace;
        if (idle) ::close(c.fd);
        return idle;
      });
    }
    // The listener only while there is room: the others wait in its queue, none is dropped.
    const bool room = connections.size() < max_connections_;
    polled.assign(1, pollfd{room ? fd_ : -1, POLLIN, 0});
    for (const Connection& c : connections) polled.push_back(pollfd{c.fd, static_cast<short>(c.answering ? POLLOUT : POLLIN), 0});
    if (::poll(polled.data(), polled.size(), 200) < 0 && errno != EINTR) continue;
    now = Clock::now();
    std::vector<Connection> still_open;
    for (size_t i = 0; i < connections.size(); ++i) {
      Connection& c = connections[i];
      const short events = polled[i + 1].revents;
      bool keep = now < c.deadline;
      if (keep && !c.answering && (events & (POLLIN | POLLHUP | POLLERR)) != 0) keep = read_request(c, render_);
      if (keep && c.answering && (events & (POLLOUT | POLLIN | POLLHUP | POLLERR)) != 0) keep = write_response(c);
      if (keep) {
        still_open.push_back(std::move(c));
      } else {
        ::close(c.fd);
      }
    }
    connections = std::move(still_open);
    if ((polled[0].revents & POLLIN) == 0) continue;
    while (connections.size() < max_connections_) {
      const int client = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
      if (client < 0) break;
      Connection c;
      c.fd = client;
      c.accepted = now;
      c.deadline = now + connection_timeout_;
      connections.push_back(std::move(c));
    }
  }
  for (const Connection& c : connections) ::close(c.fd);
}

}  // namespace cuzk::server
