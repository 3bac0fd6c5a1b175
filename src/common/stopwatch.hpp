// Stopwatch: milliseconds between laps on the steady clock, for the provers' phase timers.
// Not thread-safe (one per timed sequence).
#pragma once

#include <chrono>

namespace cuzk {

class Stopwatch {
 public:
  // Milliseconds since construction or the previous lap; starts the next lap.
  double lap_ms() {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - last_).count();
    last_ = now;
    return ms;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace cuzk
