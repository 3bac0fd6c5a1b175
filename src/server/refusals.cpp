// Refusals: reason names and their Prometheus rendering.
#include "server/refusals.hpp"

namespace cuzk::server {

std::string_view refusal_name(Refusal reason) {
  switch (reason) {
    case Refusal::kUnauthenticated: return "unauthenticated";
    case Refusal::kInvalidRequest: return "invalid_request";
    case Refusal::kInvalidPayload: return "invalid_payload";
    case Refusal::kQueueFull: return "queue_full";
    case Refusal::kShuttingDown: return "shutting_down";
  }
  return "unknown";
}

std::string RefusalCounts::render() const {
  std::string out =
      "# HELP cuzk_requests_refused_total Requests (SubmitProof, Prove) refused at submission, by reason.\n"
      "# TYPE cuzk_requests_refused_total counter\n";
  for (size_t r = 0; r < kRefusalReasons; ++r) {
    const auto reason = static_cast<Refusal>(r);
    out += "cuzk_requests_refused_total{reason=\"";
    out += refusal_name(reason);
    out += "\"} " + std::to_string(count(reason)) + "\n";
  }
  return out;
}

}  // namespace cuzk::server
