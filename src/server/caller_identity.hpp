// CallerIdentity: who sent a gRPC call, and whether it may be served. On the unix socket the
// peer's uid is the identity: UnixListener hands every accepted connection to gRPC as a file
// descriptor, so a call's peer reads "fd:<n>" and that socket's SO_PEERCRED names the uid
// (the descriptor stays open while a call on it lives). Over TCP, with a bearer token
// configured, every call must carry the metadata "authorization: Bearer <token>"; a client
// certificate that TLS verified names its owner.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>
#include <string_view>

#include "server/caller.hpp"

namespace cuzk::server {

// Whether an "authorization" metadata value is "Bearer <token>" (compared in constant time).
bool bearer_token_matches(std::string_view authorization, std::string_view token);
// The refusal of a call without the right token.
grpc::Status missing_bearer_token();

class CallerIdentity {
 public:
  // `bearer_token` empty: TCP calls need no token (TLS client certificates, or an explicitly
  // insecure listener, protect them).
  explicit CallerIdentity(std::string bearer_token) : bearer_token_(std::move(bearer_token)) {}

  // OK with *caller filled; UNAUTHENTICATED for a TCP call without the right token;
  // PERMISSION_DENIED for a connection whose peer cannot be told.
  grpc::Status identify(const grpc::CallbackServerContext& ctx, Caller* caller) const;

 private:
  const std::string bearer_token_;
};

}  // namespace cuzk::server
