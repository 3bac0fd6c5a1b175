// The daemon's queue bounds and TCP protection settings: their keys parse (and pair up), and
// make_transport_security applies the TCP rule (TLS, a token or insecure = true), refuses key
// and token files other users may read and malformed tokens, and warns about an insecure
// listener, a token in clear text and a metrics address beyond loopback; on plaintext TCP with a
// token, a call without it is refused on its metadata alone, before any message is sent.
#include "server/transport_security.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <grpcpp/generic/async_generic_service.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/health_check_service_interface.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace cuzk::server {
namespace {

bool has_warning(const TransportSecurity& t, const std::string& part) {
  for (const auto& w : t.warnings) {
    if (w.find(part) != std::string::npos) return true;
  }
  return false;
}

class TransportSecurityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("cuzk_transport_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
            "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string file(const std::string& name, const std::string& text, mode_t mode) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    ::chmod(path.c_str(), mode);
    return path;
  }
  DaemonConfig tcp(const std::string& extra) {
    auto c = parse_config("[daemon]\nlisten = \"tcp:0.0.0.0:9820\"\n" + extra, "cuzk.toml");
    EXPECT_TRUE(c.is_ok()) << c.status().to_string();
    return c.is_ok() ? *c : DaemonConfig{};
  }
  std::filesystem::path dir_;
};

TEST_F(TransportSecurityTest, LimitsAndTransportKeysParse) {
  const DaemonConfig d = default_config();
  EXPECT_EQ(d.max_message_bytes, size_t{128} << 20);
  EXPECT_EQ(d.engine.max_payload_bytes, d.max_message_bytes);
  EXPECT_EQ(d.max_queued_jobs, 1024u);
  auto c = parse_config(R"([daemon]
max_queued_jobs = 10
max_queued_jobs_per_client = 3
max_queued_bytes = "1GiB"
max_queued_bytes_per_client = 4096
tls_cert = "/etc/cuzk/cert.pem"
tls_key = "/etc/cuzk/key.pem"
tls_client_ca = "/etc/cuzk/ca.pem"
auth_token_file = "/etc/cuzk/token"
insecure = true
)",
                        "cuzk.toml");
  ASSERT_TRUE(c.is_ok()) << c.status().to_string();
  EXPECT_EQ(c->max_queued_jobs, 10u);
  EXPECT_EQ(c->max_queued_jobs_per_client, 3u);
  EXPECT_EQ(c->max_queued_bytes, size_t{1} << 30);
  EXPECT_EQ(c->max_queued_bytes_per_client, 4096u);
  EXPECT_EQ(c->tls_client_ca, "/etc/cuzk/ca.pem");
  EXPECT_EQ(c->auth_token_file, "/etc/cuzk/token");
  EXPECT_TRUE(c->insecure);
  for (const auto& [text, key] : std::vector<std::pair<std::string, std::string>>{
           {"tls_cert = \"/c.pem\"\n", "daemon.tls_key"},
           {"tls_client_ca = \"/ca.pem\"\n", "daemon.tls_client_ca"},
           {"max_queued_jobs = 0\n", "daemon.max_queued_jobs"},
           {"max_queued_bytes = \"lots\"\n", "daemon.max_queued_bytes"},
           {"insecure = \"yes\"\n", "daemon.insecure"}}) {
    const auto bad = parse_config("[daemon]\n" + text, "cuzk.toml");
    ASSERT_FALSE(bad.is_ok()) << text;
    EXPECT_NE(bad.status().message().find(key), std::string::npos) << bad.status().message();
  }
}

TEST_F(TransportSecurityTest, TcpNeedsTlsATokenOrAnExplicitInsecure) {
  auto bare = make_transport_security(tcp(""));
  ASSERT_FALSE(bare.is_ok());
  EXPECT_NE(bare.status().message().find("daemon.insecure = true"), std::string::npos) << bare.status().message();

  auto insecure = make_transport_security(tcp("insecure = true\nmetrics_http = \"0.0.0.0:9821\"\n"));
  ASSERT_TRUE(insecure.is_ok()) << insecure.status().to_string();
  EXPECT_TRUE(insecure->tcp_credentials);
  EXPECT_TRUE(has_warning(*insecure, "daemon.insecure = true"));
  EXPECT_TRUE(has_warning(*insecure, "daemon.metrics_http = 0.0.0.0:9821"));

  const std::string token = file("token", "0123456789abcdef0123\n", 0600);
  auto with_token = make_transport_security(tcp("auth_token_file = \"" + token + "\"\n"));
  ASSERT_TRUE(with_token.is_ok()) << with_token.status().to_string();
  EXPECT_EQ(with_token->bearer_token, "0123456789abcdef0123");
  EXPECT_TRUE(has_warning(*with_token, "clear text"));

  // A unix socket needs none of it (and loopback metrics draw no warning).
  auto unix_socket = parse_config("[daemon]\nlisten = \"unix:/tmp/x.sock\"\nmetrics_http = \"127.0.0.1:1\"\n", "x");
  ASSERT_TRUE(unix_socket.is_ok());
  auto local = make_transport_security(*unix_socket);
  ASSERT_TRUE(local.is_ok());
  EXPECT_FALSE(local->tcp_credentials);
  EXPECT_TRUE(local->warnings.empty());
}

TEST_F(TransportSecurityTest, SecretsMustBePrivateAndTokensWellFormed) {
  const std::string open_token = file("open-token", "0123456789abcdef0123\n", 0644);
  auto open = make_transport_security(tcp("auth_token_file = \"" + open_token + "\"\n"));
  ASSERT_FALSE(open.is_ok());
  EXPECT_NE(open.status().message().find("daemon.auth_token_file"), std::string::npos);
  EXPECT_NE(open.status().message().find("chmod 600"), std::string::npos) << open.status().message();
  for (const char* bad : {"short\n", "has a space inside it\n", "\n"}) {
    const std::string path = file("bad-token", bad, 0600);
    auto r = make_transport_security(tcp("auth_token_file = \"" + path + "\"\n"));
    ASSERT_FALSE(r.is_ok()) << bad;
    EXPECT_NE(r.status().message().find("at least 16 visible ASCII characters"), std::string::npos);
  }
  auto missing = make_transport_security(tcp("auth_token_file = \"" + (dir_ / "none").string() + "\"\n"));
  ASSERT_FALSE(missing.is_ok());
  EXPECT_NE(missing.status().message().find("daemon.auth_token_file"), std::string::npos);
  const std::string cert = file("cert.pem", "not a certificate", 0644);
  const std::string key = file("key.pem", "not a key", 0640);
  auto readable_key =
      make_transport_security(tcp("tls_cert = \"" + cert + "\"\ntls_key = \"" + key + "\"\n"));
  ASSERT_FALSE(readable_key.is_ok());
  EXPECT_NE(readable_key.status().message().find("daemon.tls_key"), std::string::npos);
  EXPECT_TRUE(is_loopback_address("127.0.0.1:9821"));
  EXPECT_TRUE(is_loopback_address("[::1]:1"));
  EXPECT_FALSE(is_loopback_address("10.0.0.5:9821"));
}

// A unary call whose message never comes: with the token checked on the metadata, a caller
// without it is refused at once; a server that read the message first would wait for it until
// the client's deadline (DEADLINE_EXCEEDED). The gRPC health service stands in for any unary
// method: it checks no token itself.
TEST_F(TransportSecurityTest, PlaintextTcpChecksTheTokenBeforeTheMessage) {
  const std::string token = file("token", "0123456789abcdef0123\n", 0600);
  auto security = make_transport_security(tcp("auth_token_file = \"" + token + "\"\n"));
  ASSERT_TRUE(security.is_ok()) << security.status().to_string();
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  grpc::CallbackGenericService unknown_methods;  // a callback service: the server polls its queues
  builder.RegisterCallbackGenericService(&unknown_methods);
  int port = 0;
  builder.AddListeningPort("127.0.0.1:0", security->tcp_credentials, &port);
  const std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  ASSERT_TRUE(server && port > 0);
  const auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials());
  grpc::GenericStub stub(channel);

  // Metadata only: the call is started, no message is written.
  for (const char* authorization : {"", "Bearer wrong-token-0123456789"}) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    if (*authorization != '\0') context.AddMetadata("authorization", authorization);
    grpc::CompletionQueue queue;
    const auto begin = std::chrono::steady_clock::now();
    const auto call = stub.PrepareCall(&context, "/grpc.health.v1.Health/Check", &queue);
    call->StartCall(reinterpret_cast<void*>(1));
    grpc::Status status;
    call->Finish(&status, reinterpret_cast<void*>(2));
    void* tag = nullptr;
    bool ok = false;
    while (queue.Next(&tag, &ok) && tag != reinterpret_cast<void*>(2)) {
    }
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << authorization << ": " << status.error_message();
    EXPECT_NE(status.error_message().find("daemon.auth_token_file"), std::string::npos) << status.error_message();
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(2)) << "refused without the message";
    queue.Shutdown();
    while (queue.Next(&tag, &ok)) {
    }
  }
  // With the token, the call goes through.
  grpc::ClientContext context;
  context.AddMetadata("authorization", "Bearer 0123456789abcdef0123");
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  grpc::CompletionQueue queue;
  const grpc::Slice nothing("");  // HealthCheckRequest{} (every field default) encodes to no bytes
  const grpc::ByteBuffer empty_request(&nothing, 1);
  grpc::ByteBuffer response;
  grpc::Status status;
  const auto call = stub.PrepareUnaryCall(&context, "/grpc.health.v1.Health/Check", empty_request, &queue);
  call->StartCall();
  call->Finish(&response, &status, reinterpret_cast<void*>(3));
  void* tag = nullptr;
  bool ok = false;
  ASSERT_TRUE(queue.Next(&tag, &ok));
  EXPECT_TRUE(status.ok()) << status.error_message();
  server->Shutdown();
  queue.Shutdown();
  while (queue.Next(&tag, &ok)) {
  }
}

}  // namespace
}  // namespace cuzk::server
