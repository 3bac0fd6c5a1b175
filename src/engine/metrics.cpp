// Metrics: Prometheus text rendering.
#include "engine/metrics.hpp"

#include <sstream>

#include "engine/engine.hpp"

namespace cuzk::engine {
namespace {

std::string metric_label(std::string_view kind) {
  std::string label = curio_kind_name(kind);
  for (char& c : label) c = c == '-' ? '_' : c;
  return label;
}

}  // namespace

std::string curio_kind_name(std::string_view kind) {
  if (kind == "porep") return "porep-c2";
  if (kind == "snap-deals") return "snap-update";
  return std::string(kind);
}

void Metrics::submitted() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++submitted_;
}

void Metrics::record(std::string_view kind, JobState state, const JobTimings& t) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = kinds_.find(kind);
  if (it == kinds_.end()) it = kinds_.emplace(std::string(kind), PerKind{}).first;
  PerKind& k = it->second;
  if (state == JobState::kDone) {
    ++k.done;
    k.sum.validate_ms += t.validate_ms;
    k.sum.queue_ms += t.queue_ms;
    k.sum.srs_ms += t.srs_ms;
    k.sum.synth_ms += t.synth_ms;
    k.sum.gpu_ms += t.gpu_ms;
    k.sum.verify_ms += t.verify_ms;
    k.sum.total_ms += t.total_ms;
  } else if (state == JobState::kCancelled) {
    ++k.cancelled;
  } else {
    ++k.failed;
  }
}

void Metrics::totals(uint64_t& submitted, uint64_t& done, uint64_t& failed, uint64_t& cancelled) const {
  std::lock_guard<std::mutex> lock(mutex_);
  submitted = submitted_;
  done = failed = cancelled = 0;
  for (const auto& [kind, k] : kinds_) {
    done += k.done;
    failed += k.failed;
    cancelled += k.cancelled;
  }
}

std::string Metrics::render(const EngineStatus& s) const {
  std::ostringstream out;
  auto header = [&](const char* name, const char* type, const char* help) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n';
  };
  {
    std::lock_guard<std::mutex> lock(mutex_);
    header("cuzk_jobs_submitted_total", "counter", "Jobs accepted by submit.");
    out << "cuzk_jobs_submitted_total " << submitted_ << '\n';
    header("cuzk_jobs_finished_total", "counter", "Finished jobs by circuit kind and outcome.");
    for (const auto& [kind, k] : kinds_) {
      out << "cuzk_jobs_finished_total{kind=\"" << kind << "\",state=\"done\"} " << k.done << '\n';
      out << "cuzk_jobs_finished_total{kind=\"" << kind << "\",state=\"failed\"} " << k.failed << '\n';
      out << "cuzk_jobs_finished_total{kind=\"" << kind << "\",state=\"cancelled\"} " << k.cancelled << '\n';
    }
    header("cuzk_job_phase_milliseconds_sum", "counter", "Sum over successful jobs of each phase's time.");
    for (const auto& [kind, k] : kinds_) {
      const std::pair<const char*, double> phases[] = {
          {"validate", k.sum.validate_ms}, {"queue", k.sum.queue_ms},   {"srs", k.sum.srs_ms},
          {"synth", k.sum.synth_ms},       {"gpu", k.sum.gpu_ms},       {"verify", k.sum.verify_ms},
          {"total", k.sum.total_ms}};
      for (const auto& [phase, ms] : phases) {
        out << "cuzk_job_phase_milliseconds_sum{kind=\"" << kind << "\",phase=\"" << phase << "\"} " << ms << '\n';
      }
    }
  }
  header("cuzk_jobs_validating", "gauge", "Jobs whose payload waits for or is in validation.");
  out << "cuzk_jobs_validating " << s.validating << '\n';
  header("cuzk_jobs_queued", "gauge", "Jobs waiting in the scheduler by priority.");
  for (size_t p = 0; p < s.queued.size(); ++p) {
    out << "cuzk_jobs_queued{priority=\"" << priority_name(static_cast<Priority>(p)) << "\"} " << s.queued[p] << '\n';
  }
  header("cuzk_jobs_running", "gauge", "Jobs being synthesized or proved.");
  out << "cuzk_jobs_running " << s.running << '\n';
  header("cuzk_pinned_bytes", "gauge", "Hot SRS bytes in memory.");
  out << "cuzk_pinned_bytes " << s.pinned_used << '\n';
  header("cuzk_pinned_limit_bytes", "gauge", "The pinned (hot SRS) budget.");
  out << "cuzk_pinned_limit_bytes " << s.pinned_limit << '\n';
  header("cuzk_working_memory_bytes", "gauge", "Synthesized circuits waiting for or in proving.");
  out << "cuzk_working_memory_bytes " << s.working_used << '\n';
  header("cuzk_working_memory_limit_bytes", "gauge", "The working-memory budget.");
  out << "cuzk_working_memory_limit_bytes " << s.working_limit << '\n';
  header("cuzk_working_memory_validation_bytes", "gauge",
         "Reserved by the payloads being validated (their parsed form), within the budget.");
  out << "cuzk_working_memory_validation_bytes " << s.working_validation << '\n';
  header("cuzk_working_memory_resident_bytes", "gauge",
         "Held by circuits for their partitions (recorded constraint matrices), within the budget.");
  out << "cuzk_working_memory_resident_bytes " << s.working_resident << '\n';
  header("cuzk_srs_refcount", "gauge", "References held on each known SRS, labelled with its tier.");
  for (const SrsInfo& srs : s.srs) {
    out << "cuzk_srs_refcount{path=\"" << srs.path << "\",tier=\"" << srs_tier_name(srs.tier) << "\"} "
        << srs.refcount << '\n';
  }
  header("cuzk_worker_proofs_total", "counter", "Circuits proved by each worker.");
  for (const WorkerInfo& w : s.workers) out << "cuzk_worker_proofs_total{worker=\"" << w.name << "\"} " << w.proofs << '\n';
  header("cuzk_worker_busy", "gauge", "1 while a worker is proving.");
  for (const WorkerInfo& w : s.workers) out << "cuzk_worker_busy{worker=\"" << w.name << "\"} " << (w.busy ? 1 : 0) << '\n';

  // The names of Curio's Rust daemon (its dashboards and alerts), from the same counters.
  {
    std::lock_guard<std::mutex> lock(mutex_);
    uint64_t done = 0, failed = 0;
    for (const auto& [kind, k] : kinds_) {
      done += k.done;
      failed += k.failed;
    }
    header("cuzk_proofs_completed_total", "counter", "Total proofs completed");
    out << "cuzk_proofs_completed_total " << done << '\n';
    header("cuzk_proofs_failed_total", "counter", "Total proofs failed");
    out << "cuzk_proofs_failed_total " << failed << '\n';
    header("cuzk_proofs_completed", "counter", "Per proof-kind completions");
    for (const auto& [kind, k] : kinds_) out << "cuzk_proofs_completed{proof_kind=\"" << metric_label(kind) << "\"} " << k.done << '\n';
    header("cuzk_proofs_failed", "counter", "Per proof-kind failures");
    for (const auto& [kind, k] : kinds_) out << "cuzk_proofs_failed{proof_kind=\"" << metric_label(kind) << "\"} " << k.failed << '\n';
    header("cuzk_proof_duration_seconds", "summary", "Proof duration (submit to result) of completed proofs");
    for (const auto& [kind, k] : kinds_) {
      out << "cuzk_proof_duration_seconds_count{proof_kind=\"" << metric_label(kind) << "\"} " << k.done << '\n';
      out << "cuzk_proof_duration_seconds_sum{proof_kind=\"" << metric_label(kind) << "\"} " << k.sum.total_ms / 1000
          << '\n';
    }
  }
  size_t queued = s.validating;  // Curio's queue has no validation stage: its jobs are queued
  for (size_t q : s.queued) queued += q;
  size_t gpus = 0;
  for (const WorkerInfo& w : s.workers) gpus += w.name.starts_with("cuda:") ? 1 : 0;
  header("cuzk_uptime_seconds", "gauge", "Daemon uptime");
  out << "cuzk_uptime_seconds "
      << std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started_).count() << '\n';
  header("cuzk_queue_depth", "gauge", "Current queue depth");
  out << "cuzk_queue_depth " << queued << '\n';
  header("cuzk_running_jobs", "gauge", "Currently running proofs");
  out << "cuzk_running_jobs " << s.running << '\n';
  header("cuzk_gpu_workers", "gauge", "Number of GPU workers");
  out << "cuzk_gpu_workers " << gpus << '\n';
  return out.str();
}

}  // namespace cuzk::engine
