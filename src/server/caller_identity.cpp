// CallerIdentity: SO_PEERCRED for unix-socket peers, the bearer token and client certificate
// for TCP peers.
#include "server/caller_identity.hpp"

#include <sys/socket.h>

#include <charconv>
#include <string_view>

namespace cuzk::server {
namespace {

// Compares in time independent of where equally long strings first differ.
bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

bool bearer_token_matches(std::string_view authorization, std::string_view token) {
  return authorization.starts_with("Bearer ") && same_secret(authorization.substr(7), token);
}

grpc::Status missing_bearer_token() {
  return {grpc::StatusCode::UNAUTHENTICATED,
          "this daemon needs the metadata 'authorization: Bearer <token>' with the token of daemon.auth_token_file"};
}

grpc::Status CallerIdentity::identify(const grpc::CallbackServerContext& ctx, Caller* caller) const {
  const std::string peer = ctx.peer();
  if (std::string_view(peer).starts_with("fd:")) {
    int fd = -1;
    ucred cred{};
    socklen_t size = sizeof cred;
    if (std::from_chars(peer.data() + 3, peer.data() + peer.size(), fd).ec != std::errc() ||
        ::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &size) != 0) {
      return {grpc::StatusCode::PERMISSION_DENIED, "cannot tell the unix-socket peer's user"};
    }
    caller->owner = "uid:" + std::to_string(cred.uid);
    caller->admin = cred.uid == 0;
    return grpc::Status::OK;
  }
  if (!std::string_view(peer).starts_with("ipv4:") && !std::string_view(peer).starts_with("ipv6:")) {
    return {grpc::StatusCode::PERMISSION_DENIED, "unknown kind of peer '" + peer + "'"};
  }
  if (!bearer_token_.empty()) {
    const auto& metadata = ctx.client_metadata();
    const auto it = metadata.find("authorization");
    const std::string_view given =
        it == metadata.end() ? std::string_view() : std::string_view(it->second.data(), it->second.size());
    if (!bearer_token_matches(given, bearer_token_)) return missing_bearer_token();
  }
  caller->owner = "tcp";
  caller->admin = false;
  if (const auto auth = ctx.auth_context(); auth && auth->IsPeerAuthenticated()) {
    const auto names = auth->GetPeerIdentity();
    if (!names.empty()) {
      caller->owner = "tls:";
      caller->owner.append(names.front().data(), names.front().size());
    }
  }
  return grpc::Status::OK;
}

}  // namespace cuzk::server
