// Logger: timestamped lines.
#include "server/logger.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>

namespace cuzk::server {

Logger::~Logger() {
  if (file_ != nullptr) std::fclose(file_);
}

Status Logger::open(const std::string& path) {
  if (path.empty()) return Status::ok();
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (f == nullptr) return Status::invalid_argument("cannot open log file " + path + ": " + std::strerror(errno));
  std::lock_guard<std::mutex> lock(mutex_);
  if (file_ != nullptr) std::fclose(file_);
  file_ = f;
  return Status::ok();
}

void Logger::line(std::string_view text) {
  using namespace std::chrono;
  const auto now = system_clock::now();
  const std::time_t seconds = system_clock::to_time_t(now);
  const auto millis = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[96];
  std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ ", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(millis));
  std::string out = stamp;
  out += text;
  out += '\n';
  std::lock_guard<std::mutex> lock(mutex_);
  std::FILE* f = file_ != nullptr ? file_ : stderr;
  std::fwrite(out.data(), 1, out.size(), f);
  std::fflush(f);
}

}  // namespace cuzk::server
