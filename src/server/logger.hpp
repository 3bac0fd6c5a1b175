// Logger: the daemon's log lines, "<UTC time> <line>", to stderr or a file, one write per line
// (lines of concurrent writers never interleave). Thread-safe.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

#include "common/status.hpp"

namespace cuzk::server {

class Logger {
 public:
  Logger() = default;
  ~Logger();
  Logger(const Logger&) = delete;
  Logger& operator=(const Logger&) = delete;

  // Appends to `path` from now on (empty: stderr). Errors name the file.
  Status open(const std::string& path);
  void line(std::string_view text);

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;  // nullptr → stderr
};

}  // namespace cuzk::server
