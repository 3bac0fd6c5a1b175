// Refusals: requests (SubmitProof, Prove) refused at submission — before they became a job, or
// by the engine's validation of their payload — counted by reason for the metric
// cuzk_requests_refused_total{reason}. Thread-safe.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cuzk::server {

enum class Refusal : uint8_t {
  kUnauthenticated,  // a TCP call without the daemon's credentials
  kInvalidRequest,   // the request itself: proof_kind, registered_proof, sizes, an unknown circuit, …
  kInvalidPayload,   // the payload the engine's validation refused, or one over its size limit
  kQueueFull,        // an admission limit (daemon.max_queued_*)
  kShuttingDown,     // the daemon drains
};
inline constexpr size_t kRefusalReasons = 5;

// The metric's label: "unauthenticated", "invalid_request", "invalid_payload", "queue_full",
// "shutting_down".
std::string_view refusal_name(Refusal reason);

class RefusalCounts {
 public:
  void add(Refusal reason) { counts_[static_cast<size_t>(reason)].fetch_add(1, std::memory_order_relaxed); }
  uint64_t count(Refusal reason) const { return counts_[static_cast<size_t>(reason)].load(std::memory_order_relaxed); }
  // Prometheus text: cuzk_requests_refused_total{reason="…"}, every reason (0 included).
  std::string render() const;

 private:
  std::array<std::atomic<uint64_t>, kRefusalReasons> counts_{};
};

}  // namespace cuzk::server
