// MetricsHttp serves connections concurrently: 200 scrapes at once are all answered (past the
// connections it keeps open, the others wait their turn, none dropped); idle connections (ten,
// or as many as it keeps open) delay no scrape beyond the idle grace; a connection past its
// deadline is closed; an unknown path gets 404; addresses are checked before anything is bound.
#include "server/metrics_http.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>
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
  void start(std::chrono::milliseconds timeout, size_t max_connections = MetricsHttp::kMaxConnections) {
    http_ = std::make_unique<MetricsHttp>(timeout, max_connections);
    ASSERT_TRUE(http_->start("127.0.0.1:0", [] { return std::string("cuzk_up 1\n"); }).is_ok());
  }
  void TearDown() override {
    http_.reset();
    for (int fd : idle_) ::close(fd);
  }
  std::unique_ptr<MetricsHttp> http_;
  std::vector<int> idle_;
};

// `count` scrapes at once, each on its own connection and thread: how many got the metrics.
size_t concurrent_scrapes(int port, size_t count) {
  std::atomic<size_t> answered{0};
  std::vector<std::thread> scrapers;
  for (size_t i = 0; i < count; ++i) {
    scrapers.emplace_back([&] {
      if (fetch(port, "GET /metrics HTTP/1.0\r\n\r\n").find("cuzk_up 1") != std::string::npos) ++answered;
    });
  }
  for (auto& t : scrapers) t.join();
  return answered;
}

TEST_F(MetricsHttpTest, TwoHundredConcurrentScrapesAreAllAnswered) {
  start(std::chrono::seconds(5));
  EXPECT_EQ(concurrent_scrapes(http_->port(), 200), 200u);
}

TEST_F(MetricsHttpTest, ScrapesPastTheOpenConnectionsWaitTheirTurn) {
  start(std::chrono::seconds(5), 8);
  EXPECT_EQ(concurrent_scrapes(http_->port(), 200), 200u) << "8 open at a time, the rest queued, none dropped";
}

TEST_F(MetricsHttpTest, IdleConnectionsDelayNoScrape) {
  constexpr size_t kOpen = 16;
  start(std::chrono::seconds(30), kOpen);
  for (size_t i = 0; i < 10; ++i) idle_.push_back(connect_to(http_->port()));  // as a slow or hostile client leaves them
  auto begin = Clock::now();
  std::string reply = fetch(http_->port(), "GET /metrics HTTP/1.0\r\n\r\n");
  EXPECT_LT(Clock::now() - begin, std::chrono::seconds(1));
  EXPECT_TRUE(reply.starts_with("HTTP/1.0 200 OK")) << reply;
  EXPECT_NE(reply.find("cuzk_up 1"), std::string::npos) << reply;
  // As many idle ones as it keeps open, and more: those idle past the grace make room.
  for (size_t i = 10; i < kOpen + 10; ++i) idle_.push_back(connect_to(http_->port()));
  begin = Clock::now();
  reply = fetch(http_->port(), "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_LT(Clock::now() - begin, MetricsHttp::kIdleGrace + std::chrono::seconds(1));
  EXPECT_NE(reply.find("cuzk_up 1"), std::string::npos) << reply;
  EXPECT_TRUE(fetch(http_->port(), "GET /other HTTP/1.0\r\n\r\n").starts_with("HTTP/1.0 404"));
}

TEST(MetricsAddress, IsCheckedBeforeAnythingIsBound) {
  for (const char* good : {"127.0.0.1:9821", "0.0.0.0:0", ":9821", "localhost:9821"}) {
    EXPECT_TRUE(check_metrics_address(good).is_ok()) << good;
  }
  for (const char* bad : {"127.0.0.1:abc", "127.0.0.1:70000", "127.0.0.1:", "127.0.0.1:+80", "nohost:9821",
                          "999.0.0.1:80", "9821", "[::1]:9821"}) {
    const Status s = check_metrics_address(bad);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(s.message().find(bad), std::string::npos) << s.message();
  }
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
