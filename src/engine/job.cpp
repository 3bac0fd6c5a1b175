// Names of priorities and states, and the timings line.
#include "engine/job.hpp"

#include <cmath>
#include <cstdio>

namespace cuzk::engine {

std::string_view priority_name(Priority p) {
  switch (p) {
    case Priority::kCritical: return "critical";
    case Priority::kHigh: return "high";
    case Priority::kNormal: return "normal";
    case Priority::kLow: return "low";
  }
  return "?";
}

std::optional<Priority> parse_priority(std::string_view name) {
  for (Priority p : {Priority::kCritical, Priority::kHigh, Priority::kNormal, Priority::kLow}) {
    if (name == priority_name(p)) return p;
  }
  return std::nullopt;
}

std::string_view job_state_name(JobState s) {
  switch (s) {
    case JobState::kValidating: return "validating";
    case JobState::kQueued: return "queued";
    case JobState::kRunning: return "running";
    case JobState::kDone: return "done";
    case JobState::kFailed: return "failed";
    case JobState::kCancelled: return "cancelled";
  }
  return "?";
}

std::string format_timings(const JobTimings& t) {
  auto ms = [](double v) { return static_cast<long long>(std::llround(v)); };
  char line[200];
  std::snprintf(line, sizeof line, "timings: total=%lld ms (queue=%lld ms, srs=%lld ms, synth=%lld ms, gpu=%lld ms)",
                ms(t.total_ms), ms(t.queue_ms), ms(t.srs_ms), ms(t.synth_ms), ms(t.gpu_ms));
  return line;
}

}  // namespace cuzk::engine
