// Caller: who sent a request, as the service established it (server/caller_identity.hpp) — the
// owner recorded with every job. Request ids live in one namespace per owner: a client awaits,
// cancels and sees the results of its own jobs only, and two clients using the same request id
// get two jobs. An admin (root on the unix socket) may await and cancel any client's job.
#pragma once

#include <string>

namespace cuzk::server {

struct Caller {
  // "uid:<n>" on the unix socket (the peer's SO_PEERCRED uid); over TCP "tls:<the client
  // certificate's name>" where one was presented, else "tcp" (every TCP client, once
  // authenticated, is one owner).
  std::string owner;
  bool admin = false;
};

}  // namespace cuzk::server
