// TransportSecurity: what protects the daemon's gRPC listener, from its configuration. A unix
// socket is protected by its mode and owner, and every client is known by its uid. TCP needs
// TLS (daemon.tls_cert + tls_key; with tls_client_ca clients must present a certificate it
// signed) or a bearer token (daemon.auth_token_file; with or without TLS checked when a call's
// metadata arrives, before its message is read), or else an explicit daemon.insecure =
// true, which the daemon warns about at start; a metrics_http address beyond loopback is
// warned about too. The key and token files must be private to the daemon's user (no group or
// other permission bits), read as regular files of bounded size.
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "server/config.hpp"

namespace cuzk::server {

struct TransportSecurity {
  std::shared_ptr<grpc::ServerCredentials> tcp_credentials;  // TLS or insecure; null on a unix socket
  std::string bearer_token;                                  // every TCP call must carry it; empty: none
  std::vector<std::string> warnings;                         // for the start-up log
};

// Errors (INVALID_ARGUMENT naming the key): TCP without TLS, token or insecure = true; a file
// that cannot be read; a key or token file other users may access; an empty or malformed
// token (at least 16 visible ASCII characters).
Result<TransportSecurity> make_transport_security(const DaemonConfig& config);

// A file holding a secret (a TLS key, a token), named in errors by `what`: refused unless it
// belongs to this user with no group or other permission bits.
Result<std::string> read_secret_file(const std::string& what, const std::string& path, size_t max_bytes);
// A bearer token file: a secret file of one line, at least 16 visible ASCII characters.
Result<std::string> read_token_file(const std::string& what, const std::string& path);

// True for "127.x.x.x:<port>", "localhost:<port>", "[::1]:<port>".
bool is_loopback_address(const std::string& host_port);

}  // namespace cuzk::server
