// MetricsHttp: accept loop with a poll timeout so stop() is prompt.
#include "server/metrics_http.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cuzk::server {

MetricsHttp::~MetricsHttp() { stop(); }

Status MetricsHttp::start(const std::string& address, std::function<std::string()> render) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos) return Status::invalid_argument("metrics_http '" + address + "': expected host:port");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  const std::string host = address.substr(0, colon);
  const int port = std::atoi(address.c_str() + colon + 1);
  if (port < 0 || port > 65535 || inet_pton(AF_INET, host.empty() ? "0.0.0.0" : host.c_str(), &addr.sin_addr) != 1) {
    return Status::invalid_argument("metrics_http '" + address + "': expected an IPv4 host:port");
  }
  addr.sin_port = htons(static_cast<uint16_t>(port));
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const int one = 1;
  ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd_, 16) != 0) {
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
  while (!stopping_) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 200) <= 0) continue;
    const int client = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0) continue;
    timeval timeout{2, 0};
    ::setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    char buf[1024];
    const ssize_t n = ::recv(client, buf, sizeof buf - 1, 0);
    const std::string request(buf, n > 0 ? static_cast<size_t>(n) : 0);
    std::string body, status = "404 Not Found";
    if (request.starts_with("GET /metrics ") || request.starts_with("GET /metrics?")) {
      body = render_();
      status = "200 OK";
    }
    const std::string response = "HTTP/1.0 " + status +
                                 "\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: " +
                                 std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    size_t sent = 0;
    while (sent < response.size()) {
      const ssize_t k = ::send(client, response.data() + sent, response.size() - sent, MSG_NOSIGNAL);
      if (k <= 0) break;
      sent += static_cast<size_t>(k);
    }
    ::close(client);
  }
}

}  // namespace cuzk::server
