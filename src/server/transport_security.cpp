// TransportSecurity: the TCP rule, TLS credentials from PEM files, the bearer token file.
#include "server/transport_security.hpp"

#include <grpc/grpc_security.h>
#include <grpc/slice.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

#include "common/file_reader.hpp"
#include "server/caller_identity.hpp"

namespace cuzk::server {
namespace {

// PEM certificates and keys, and token files, are small.
constexpr size_t kMaxPemBytes = size_t{1} << 20;
constexpr size_t kMaxTokenBytes = 4096;
constexpr size_t kMinTokenBytes = 16;

// Over TLS the token is checked as soon as a call's metadata arrives, so a call without it is
// refused before its message is read (CallerIdentity checks it again, on every transport).
class BearerTokenCheck final : public grpc::AuthMetadataProcessor {
 public:
  explicit BearerTokenCheck(std::string token) : token_(std::move(token)) {}
  bool IsBlocking() const override { return false; }
  grpc::Status Process(const InputMetadata& metadata, grpc::AuthContext*, OutputMetadata*, OutputMetadata*) override {
    const auto it = metadata.find("authorization");
    if (it != metadata.end() && bearer_token_matches(std::string_view(it->second.data(), it->second.size()), token_)) {
      return grpc::Status::OK;
    }
    return missing_bearer_token();
  }

 private:
  const std::string token_;
};

// Plaintext TCP with a token: gRPC C++'s insecure credentials take no metadata processor, so
// these are the core's insecure credentials with the token check attached, run on a call's
// metadata before its message is read (as over TLS): a client without the token never gets a
// message of up to daemon.max_message_mib buffered.
class PlaintextWithToken final : public grpc::ServerCredentials {
 public:
  explicit PlaintextWithToken(std::string token) : token_(std::move(token)) {}
  // The token check is built in; no other processor is taken.
  void SetAuthMetadataProcessor(const std::shared_ptr<grpc::AuthMetadataProcessor>&) override {}

 private:
  int AddPortToServer(const std::string& addr, grpc_server* server) override {
    grpc_server_credentials* credentials = grpc_insecure_server_credentials_create();
    // The processor owns a copy of the token: gRPC may outlive this object's use.
    grpc_server_credentials_set_auth_metadata_processor(
        credentials, grpc_auth_metadata_processor{&process, [](void* token) { delete static_cast<std::string*>(token); },
                                                  new std::string(token_)});
    const int port = grpc_server_add_http2_port(server, addr.c_str(), credentials);
    grpc_server_credentials_release(credentials);
    return port;
  }

  static void process(void* token, grpc_auth_context*, const grpc_metadata* metadata, size_t count,
                      grpc_process_auth_metadata_done_cb done, void* user_data) {
    const auto view = [](const grpc_slice& slice) {
      return std::string_view(reinterpret_cast<const char*>(GRPC_SLICE_START_PTR(slice)), GRPC_SLICE_LENGTH(slice));
    };
    for (size_t i = 0; i < count; ++i) {
      if (view(metadata[i].key) == "authorization" &&
          bearer_token_matches(view(metadata[i].value), *static_cast<const std::string*>(token))) {
        done(user_data, nullptr, 0, nullptr, 0, GRPC_STATUS_OK, nullptr);
        return;
      }
    }
    const grpc::Status refused = missing_bearer_token();
    done(user_data, nullptr, 0, nullptr, 0, GRPC_STATUS_UNAUTHENTICATED, refused.error_message().c_str());
  }

  const std::string token_;
};

Result<std::shared_ptr<grpc::ServerCredentials>> tls_credentials(const DaemonConfig& c) {
  CUZK_ASSIGN_OR_RETURN(std::string cert, read_regular_text_file(c.tls_cert, "daemon.tls_cert", kMaxPemBytes));
  CUZK_ASSIGN_OR_RETURN(std::string key, read_secret_file("daemon.tls_key", c.tls_key, kMaxPemBytes));
  grpc::SslServerCredentialsOptions options(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  if (!c.tls_client_ca.empty()) {
    CUZK_ASSIGN_OR_RETURN(options.pem_root_certs,
                          read_regular_text_file(c.tls_client_ca, "daemon.tls_client_ca", kMaxPemBytes));
    options.client_certificate_request = GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
  }
  options.pem_key_cert_pairs.push_back({std::move(key), std::move(cert)});
  return grpc::SslServerCredentials(options);
}

}  // namespace

Result<std::string> read_secret_file(const std::string& what, const std::string& path, size_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && ((st.st_mode & 077) != 0 || st.st_uid != ::geteuid())) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    std::string msg = what;
    msg += " ";
    msg += path;
    msg += ": mode ";
    msg += mode;
    msg += ", owner uid ";
    msg += std::to_string(st.st_uid);
    msg += ": a secret must belong to this user with no group or other access (chmod 600)";
    return Status::invalid_argument(msg);
  }
  return read_regular_text_file(path, what, max_bytes);
}

Result<std::string> read_token_file(const std::string& what, const std::string& path) {
  CUZK_ASSIGN_OR_RETURN(std::string token, read_secret_file(what, path, kMaxTokenBytes));
  while (!token.empty() && (token.back() == '\n' || token.back() == '\r' || token.back() == ' ')) token.pop_back();
  bool visible = token.size() >= kMinTokenBytes;
  for (const char ch : token) visible = visible && ch > ' ' && ch < 0x7f;
  if (!visible) {
    std::string msg = what + " " + path;
    msg += ": the token must be at least ";
    msg += std::to_string(kMinTokenBytes);
    msg += " visible ASCII characters on one line (e.g. openssl rand -hex 32)";
    return Status::invalid_argument(msg);
  }
  return token;
}

bool is_loopback_address(const std::string& host_port) {
  const std::string host = host_port.substr(0, host_port.rfind(':'));
  return host == "localhost" || host == "[::1]" || host == "::1" || host.starts_with("127.");
}

Result<TransportSecurity> make_transport_security(const DaemonConfig& c) {
  TransportSecurity out;
  auto warn = [&out](std::string key_and_value, const char* problem) {
    key_and_value += problem;
    out.warnings.push_back(std::move(key_and_value));
  };
  if (!c.metrics_http.empty() && !is_loopback_address(c.metrics_http)) {
    warn("daemon.metrics_http = " + c.metrics_http, ": the metrics are served without authentication beyond this machine");
  }
  const bool tls = !c.tls_cert.empty();
  const bool token = !c.auth_token_file.empty();
  if (!c.socket_path.empty()) {
    if (tls || token || c.insecure) {
      warn("daemon.listen = " + c.listen,
           ": daemon.tls_*, auth_token_file and insecure apply to TCP only: ignored (the socket's mode and owner "
           "protect it)");
    }
    return out;
  }
  if (!tls && !token && !c.insecure) {
    std::string msg = "daemon.listen = " + c.listen;
    msg += ": TCP needs TLS (daemon.tls_cert and daemon.tls_key), a bearer token (daemon.auth_token_file), or "
           "daemon.insecure = true";
    return Status::invalid_argument(msg);
  }
  if (token) {
    CUZK_ASSIGN_OR_RETURN(out.bearer_token, read_token_file("daemon.auth_token_file", c.auth_token_file));
  }
  if (tls) {
    CUZK_ASSIGN_OR_RETURN(out.tcp_credentials, tls_credentials(c));
    if (token) out.tcp_credentials->SetAuthMetadataProcessor(std::make_shared<BearerTokenCheck>(out.bearer_token));
  } else {
    out.tcp_credentials = token ? std::make_shared<PlaintextWithToken>(out.bearer_token) : grpc::InsecureServerCredentials();
    warn("daemon.listen = " + c.listen,
         token ? " without TLS: the bearer token and every proof cross the network in clear text"
               : " with daemon.insecure = true: no TLS and no token: anyone who reaches it can submit, await and "
                 "cancel jobs");
  }
  return out;
}

}  // namespace cuzk::server
