// Trusted paths: lstat of the path as written and of every folder above it, then the same for
// where its symbolic links lead (fs::canonical).
#include "common/trusted_paths.hpp"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

namespace cuzk {
namespace {

namespace fs = std::filesystem;

enum class Leaf { kFolder, kFile };

std::string octal_mode(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

bool trusted_owner(uid_t uid) { return uid == ::geteuid() || uid == 0; }
bool writable_by_others(mode_t mode) { return (mode & (S_IWGRP | S_IWOTH)) != 0; }

// "<what> <path> (owner …, mode …) <problem>; refusing to use it", or for a folder above it
// "<what> <path>: the folder above it, <at> (owner …, mode …), <problem>; …".
Status refuse(std::string_view what, const fs::path& path, const fs::path& at, const struct stat& st,
              std::string_view problem) {
  std::string msg(what);
  msg += " ";
  msg += path.string();
  const std::string owner_and_mode = "(owner " + describe_owner(st.st_uid) + ", mode " + octal_mode(st.st_mode) + ")";
  if (at != path) {
    msg += ": the folder above it, " + at.string() + " " + owner_and_mode + ",";
  } else {
    msg += " " + owner_and_mode;
  }
  msg += " ";
  msg += problem;
  msg += "; refusing to use it";
  return Status::invalid_argument(msg);
}

std::string not_ours() {
  return "belongs to neither this user (uid " + std::to_string(::geteuid()) +
         ") nor root: its owner can change what cuzk reads there (chown it, or choose another path)";
}

// Every folder above `path` (absolute, no "." or ".."), up to /. A component that is a symbolic
// link is not judged itself (its mode means nothing); the folder holding it is, and check()
// follows the link. With `missing_ok`, folders that do not exist yet are passed over (they are
// about to be made).
Status check_above(const fs::path& path, std::string_view what, bool missing_ok) {
  struct stat st {};
  for (fs::path folder = path.parent_path(); !folder.empty(); folder = folder.parent_path()) {
    if (::lstat(folder.c_str(), &st) != 0) {
      if (missing_ok && errno == ENOENT) continue;
      return Status::invalid_argument(std::string(what) + " " + path.string() + ": cannot stat " + folder.string() +
                                      ": " + std::strerror(errno));
    }
    if (!S_ISLNK(st.st_mode)) {
      if (!trusted_owner(st.st_uid)) return refuse(what, path, folder, st, not_ours());
      if (writable_by_others(st.st_mode) && (st.st_mode & S_ISVTX) == 0) {
        return refuse(what, path, folder, st,
                      "is writable by group or others without the sticky bit: they can rename what it holds "
                      "and put their own in its place (chmod go-w, or +t)");
      }
    }
    if (folder == folder.root_path()) break;
  }
  return Status::ok();
}

// The path as written: the leaf, then every folder above it.
Status check_lexical(const fs::path& path, Leaf leaf, std::string_view what) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    const int err = errno;
    return Status(err == ENOENT ? StatusCode::kNotFound : StatusCode::kInvalidArgument,
                  std::string(what) + " " + path.string() + ": " + std::strerror(err));
  }
  if (!S_ISLNK(st.st_mode)) {
    if (leaf == Leaf::kFolder && !S_ISDIR(st.st_mode)) {
      return Status::invalid_argument(std::string(what) + " " + path.string() + " is not a folder");
    }
    if (leaf == Leaf::kFile && !S_ISREG(st.st_mode)) {
      return Status::invalid_argument(std::string(what) + " " + path.string() + " is not a regular file");
    }
    if (!trusted_owner(st.st_uid)) return refuse(what, path, path, st, not_ours());
    if (writable_by_others(st.st_mode)) {
      return refuse(what, path, path, st,
                    "is writable by group or others: they can change what cuzk reads there (chmod go-w)");
    }
  }
  return check_above(path, what, false);
}

// `path` absolute, without "." or "..", nor a trailing '/'.
Result<fs::path> normal(const std::string& path, std::string_view what) {
  std::error_code ec;
  fs::path written = fs::absolute(path, ec).lexically_normal();
  if (ec) return Status::invalid_argument(std::string(what) + " " + path + ": " + ec.message());
  if (written.filename().empty() && written != written.root_path()) written = written.parent_path();  // "a/b/"
  return written;
}

Status check(const std::string& path, Leaf leaf, std::string_view what) {
  CUZK_ASSIGN_OR_RETURN(const fs::path written, normal(path, what));
  CUZK_RETURN_IF_ERROR(check_lexical(written, leaf, what));
  std::error_code ec;
  const fs::path resolved = fs::canonical(written, ec);
  if (ec) return Status::invalid_argument(std::string(what) + " " + path + ": " + ec.message());
  if (resolved != written) CUZK_RETURN_IF_ERROR(check_lexical(resolved, leaf, what));
  return Status::ok();
}

}  // namespace

std::string describe_owner(unsigned uid) {
  std::string out = "uid " + std::to_string(uid);
  std::vector<char> buffer(16384);
  struct passwd entry {};
  struct passwd* found = nullptr;
  if (::getpwuid_r(static_cast<uid_t>(uid), &entry, buffer.data(), buffer.size(), &found) == 0 && found != nullptr) {
    out += " (";
    out += found->pw_name;
    out += ")";
  }
  return out;
}

Status check_trusted_folder(const std::string& folder, std::string_view what) {
  return check(folder, Leaf::kFolder, what);
}

Status check_trusted_file(const std::string& path, std::string_view what) { return check(path, Leaf::kFile, what); }

Status check_trusted_above(const std::string& path, std::string_view what) {
  CUZK_ASSIGN_OR_RETURN(const fs::path written, normal(path, what));
  return check_above(written, what, true);
}

}  // namespace cuzk
