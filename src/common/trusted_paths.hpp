// Whether another local user could change what the daemon reads: its socket's folder, its
// parameter folders and files, its caches. A path is trusted when only this user (the effective
// uid) and root can change it:
//
//   a folder      belongs to this user or root and is writable by neither group nor others;
//   every folder  above it, up to /, belongs to this user or root and is either writable by
//                 neither group nor others or sticky (as /tmp: others may not rename or remove
//                 what they do not own, so a folder of ours there stays ours);
//   a file        is a regular file of this user or root that neither group nor others may
//                 write, in a trusted folder.
//
// Symbolic links are followed (an operator's /data/zk/params may point at another disk), and
// both the path as written and where it leads must be trusted. Once a whole chain is trusted, no
// one else can swap a folder or a file in it, so checking before opening leaves no race.
// Errors are kInvalidArgument naming `what` (the key or role: "srs.param_dirs folder"), the
// path, its owner (uid and name) and mode, and what would make it trusted; kNotFound when the
// path does not exist.
#pragma once

#include <string>
#include <string_view>

#include "common/status.hpp"

namespace cuzk {

Status check_trusted_folder(const std::string& folder, std::string_view what);
Status check_trusted_file(const std::string& path, std::string_view what);
// The folders above `path` only, those that exist (before making `path` and its missing
// parents: nothing is created inside a folder another user controls).
Status check_trusted_above(const std::string& path, std::string_view what);

// "uid 65534 (nobody)", or "uid 1234" when the uid has no name.
std::string describe_owner(unsigned uid);

}  // namespace cuzk
