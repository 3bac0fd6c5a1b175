// The bench client's channel to a daemon: a unix socket, or TCP with what the daemon's
// listener asks for (server/transport_security.hpp) — TLS with the roots that signed its
// certificate (and a client certificate where the daemon checks them), and a bearer token read
// from a private file, sent as "authorization: Bearer <token>" on every call.
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

#include "common/status.hpp"

namespace cuzk::cli {

struct ChannelSecurity {
  std::string tls_roots_file;                  // PEM; set: TLS
  std::string tls_cert_file, tls_key_file;     // PEM; a client certificate (with TLS)
  std::string token_file;                      // the bearer token (the daemon's auth_token_file)
};

// Errors name the flag of a file that cannot be read or is not private (token, key).
Result<std::shared_ptr<grpc::Channel>> daemon_channel(const std::string& address, const ChannelSecurity& security);

}  // namespace cuzk::cli
