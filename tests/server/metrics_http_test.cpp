// MetricsHttp serves connections concurrently: idle connections (ten, or more than it keeps
// open) delay no scrape, a connection past its deadline is closed, an unknown path gets 404.
#include "server/metrics_http.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <vector>

namespace cuzk::server {
namespace {

using Clock = std::chrono::steady_clock;

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  return fd;
}

// Sends `request` on a new connection and reads the answer until the server closes it.
std::string fetch(int port, const std::string& request) {
  const int fd = connect_to(port);
  EXPECT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  timeval timeout{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) out.append(buf, static_cast<size_t>(n));
  ::close(fd);
  return out;
}

class MetricsHttpTest : public ::testing::Test {
 protected:
  void start(std::chrono::milliseconds timeout) {
    http_ = std::make_unique<MetricsHttp>(timeout);
    ASSERT_TRUE(http_->start("127.0.0.1:0", [] { return std::string("cuzk_up 1\n"); }).is_ok());
  }
  void TearDown() override {
    http_.reset();
    for (int fd : idle_) ::close(fd);
  }
  std::unique_ptr<MetricsHttp> http_;
  std::vector<int> idle_;
};

TEST_F(MetricsHttpTest, IdleConnectionsDelayNoScrape) {
  start(std::chrono::seconds(30));
  for (size_t i = 0; i < MetricsHttp::kMaxConnections + 10; ++i) {
    idle_.push_back(connect_to(http_->port()));
    if (i == 9) {  // ten idle connections, as a slow or hostile client leaves them
      const auto begin = Clock::now();
      const std::string reply = fetch(http_->port(), "GET /metrics HTTP/1.0\r\n\r\n");
      EXPECT_LT(Clock::now() - begin, std::chrono::seconds(1));
      EXPECT_TRUE(reply.starts_with("HTTP/1.0 200 OK")) << reply;
      EXPECT_NE(reply.find("cuzk_up 1"), std::string::npos) << reply;
    }
  }
  // More idle ones than it keeps open: the oldest make room, a scrape still gets through.
  const auto begin = Clock::now();
  const std::string reply = fetch(http_->port(), "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_LT(Clock::now() - begin, std::chrono::seconds(1));
  EXPECT_NE(reply.find("cuzk_up 1"), std::string::npos) << reply;
  EXPECT_TRUE(fetch(http_->port(), "GET /other HTTP/1.0\r\n\r\n").starts_with("HTTP/1.0 404"));
}

TEST_F(MetricsHttpTest, AConnectionPastItsDeadlineIsClosed) {
  start(std::chrono::milliseconds(200));
  const int fd = connect_to(http_->port());
  idle_.push_back(fd);
  ASSERT_EQ(::send(fd, "GET /metr", 9, MSG_NOSIGNAL), 9);  // never finished
  pollfd p{fd, POLLIN, 0};
  ASSERT_EQ(::poll(&p, 1, 3000), 1) << "still open after 3 s";
  char c;
  EXPECT_LE(::recv(fd, &c, 1, 0), 0) << "closed without an answer";
}

}  // namespace
}  // namespace cuzk::server
