// RequestRegistry: entries by request id, each one engine job's life and, once finished, its
// kept result.
#include "server/request_ids.hpp"

#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "common/thread_annotations.hpp"

namespace cuzk::server {
namespace {

using Clock = std::chrono::steady_clock;

// Memory a kept result holds (its proofs, its public inputs, its strings), roughly.
size_t result_bytes(const engine::JobResult& r) {
  size_t bytes = sizeof r + r.circuit_id.size() + r.kind.size() + r.worker.size() + r.status.message().size();
  for (const auto& p : r.partitions) bytes += sizeof p + p.public_inputs.size() * sizeof(ff::Fr);
  return bytes;
}

}  // namespace

struct RequestRegistry::State {
  struct Entry {
    uint64_t generation = 0;  // tells this entry from a later one under the same id
    gadgets::Sha256Digest digest{};
    std::string circuit_id;
    std::optional<engine::JobId> job;  // unset while the engine validates the request
    bool cancel_requested = false;     // a cancel that came before the job id
    std::map<uint64_t, Waiter> waiters;
    Outcome outcome;  // set once finished
    size_t bytes = 0;
  };

  State(engine::Engine& e, RequestRegistryOptions o) : engine(e), options(o) {}

  // Drops kept results past their retention or beyond the bounds, oldest first.
  void trim_locked(Clock::time_point now) CUZK_REQUIRES(mutex) {
    while (!kept.empty()) {
      const auto& [finished_at, id, generation] = kept.front();
      auto it = entries.find(id);
      const bool live = it != entries.end() && it->second.generation == generation;
      const bool over = kept_count > options.max_results || kept_bytes > options.max_result_bytes ||
                        now - finished_at > options.retention;
      if (live && !over) return;
      if (live) drop_locked(it);
      kept.pop_front();
    }
  }

  // Forgets a finished entry.
  void drop_locked(std::map<std::string, Entry>::iterator it) CUZK_REQUIRES(mutex) {
    kept_bytes -= it->second.bytes;
    --kept_count;
    entries.erase(it);
  }

  // The engine finished the job of entry (id, generation): keep its result, call its waiters.
  void finish(const std::string& id, uint64_t generation, Result<engine::JobResult> result) CUZK_EXCLUDES(mutex) {
    engine::JobResult r;
    if (result.is_ok()) {
      r = std::move(result).value();
    } else {
      r.status = result.status();
    }
    Outcome outcome = std::make_shared<const engine::JobResult>(std::move(r));
    std::map<uint64_t, Waiter> waiters;
    {
      MutexLock lock(mutex);
      auto it = entries.find(id);
      if (it == entries.end() || it->second.generation != generation) return;
      Entry& e = it->second;
      e.outcome = outcome;
      e.bytes = result_bytes(*outcome);
      waiters = std::move(e.waiters);
      e.waiters.clear();
      kept.emplace_back(Clock::now(), id, generation);
      kept_bytes += e.bytes;
      ++kept_count;
      trim_locked(Clock::now());
    }
    for (auto& [token, waiter] : waiters) waiter(outcome);
  }

  engine::Engine& engine;
  const RequestRegistryOptions options;
  mutable Mutex mutex;
  std::map<std::string, Entry> entries CUZK_GUARDED_BY(mutex);
  // Finished entries in the order they finished: (when, id, generation).
  std::deque<std::tuple<Clock::time_point, std::string, uint64_t>> kept CUZK_GUARDED_BY(mutex);
  size_t kept_bytes CUZK_GUARDED_BY(mutex) = 0;
  size_t kept_count CUZK_GUARDED_BY(mutex) = 0;  // live entries in `kept`
  uint64_t next_generation CUZK_GUARDED_BY(mutex) = 1;
  uint64_t next_token CUZK_GUARDED_BY(mutex) = 1;
};

RequestRegistry::RequestRegistry(engine::Engine& engine, RequestRegistryOptions options)
    : state_(std::make_shared<State>(engine, options)) {}

RequestRegistry::~RequestRegistry() = default;

Result<RequestRegistry::Submitted> RequestRegistry::submit(std::string id, const gadgets::Sha256Digest& digest,
                                                           engine::JobRequest request, Waiter waiter) {
  State& s = *state_;
  Submitted out;
  uint64_t generation = 0;
  {
    MutexLock lock(s.mutex);
    s.trim_locked(Clock::now());
    if (id.empty()) id = make_uuid();
    out.id = id;
    auto it = s.entries.find(id);
    if (it != s.entries.end()) {
      State::Entry& e = it->second;
      const bool completed = e.outcome && e.outcome->status.is_ok();
      if (!e.outcome || completed) {  // in flight, or a result to hand back
        if (e.digest != digest) {
          std::string msg = "request_id '" + id + "' is in use by a different request (";
          msg += completed ? "a completed " : "a running ";
          msg += e.circuit_id + " job); a retry must send the same request, a new request a new id";
          return Status::invalid_argument(msg);
        }
        out.attached = true;
        if (completed) {
          Outcome outcome = e.outcome;
          lock.unlock();
          if (waiter) waiter(outcome);
          return out;
        }
        if (waiter) {
          out.token = s.next_token++;
          e.waiters.emplace(out.token, std::move(waiter));
        }
        return out;
      }
      // A failed or cancelled job: this retry is a new attempt.
      s.drop_locked(it);
    }
    State::Entry& e = s.entries[id];
    e.generation = generation = s.next_generation++;
    e.digest = digest;
    e.circuit_id = request.circuit_id;
    if (waiter) {
      out.token = s.next_token++;
      e.waiters.emplace(out.token, std::move(waiter));
    }
  }
  // Validation (parsing a 50 MB Commit-1 output, say) runs outside the lock; a concurrent
  // request under this id attaches to the entry meanwhile.
  Result<engine::JobId> job = s.engine.submit(std::move(request));
  std::map<uint64_t, Waiter> others;
  bool cancel = false;
  {
    MutexLock lock(s.mutex);
    auto it = s.entries.find(id);
    if (it != s.entries.end() && it->second.generation == generation) {
      if (!job.is_ok()) {
        others = std::move(it->second.waiters);
        s.entries.erase(it);
      } else {
        it->second.job = *job;
        cancel = it->second.cancel_requested;
      }
    }
  }
  if (!job.is_ok()) {
    others.erase(out.token);  // the caller learns it from the returned error
    if (!others.empty()) {
      auto refused = std::make_shared<engine::JobResult>();
      refused->status = job.status();
      for (auto& [token, w] : others) w(refused);
    }
    return job.status();
  }
  if (cancel) (void)s.engine.cancel(*job);
  std::shared_ptr<State> state = state_;
  s.engine.on_done(*job, [state, id, generation](Result<engine::JobResult> result) {
    state->finish(id, generation, std::move(result));
  });
  return out;
}

Result<uint64_t> RequestRegistry::wait(const std::string& id, Waiter waiter) {
  State& s = *state_;
  MutexLock lock(s.mutex);
  s.trim_locked(Clock::now());
  auto it = s.entries.find(id);
  if (it == s.entries.end()) {
    return Status(StatusCode::kNotFound, "no job '" + id + "' (unknown, or its result is no longer kept: results are kept " +
                                             std::to_string(s.options.retention.count() / 1000) + " s)");
  }
  if (it->second.outcome) {
    Outcome outcome = it->second.outcome;
    lock.unlock();
    waiter(outcome);
    return uint64_t{0};
  }
  const uint64_t token = s.next_token++;
  it->second.waiters.emplace(token, std::move(waiter));
  return token;
}

bool RequestRegistry::forget(const std::string& id, uint64_t token) {
  State& s = *state_;
  MutexLock lock(s.mutex);
  auto it = s.entries.find(id);
  return it != s.entries.end() && it->second.waiters.erase(token) != 0;
}

Status RequestRegistry::cancel(const std::string& id) {
  State& s = *state_;
  std::optional<engine::JobId> job;
  {
    MutexLock lock(s.mutex);
    auto it = s.entries.find(id);
    if (it == s.entries.end()) return {StatusCode::kNotFound, "no job '" + id + "'"};
    if (it->second.outcome) {
      return {StatusCode::kFailedPrecondition, "job '" + id + "' already finished"};
    }
    if (!it->second.job) {
      it->second.cancel_requested = true;  // submit() cancels it once the engine took it
      return Status::ok();
    }
    job = it->second.job;
  }
  const Status cancelled = s.engine.cancel(*job);
  // The engine names its own job number; the client knows the request id.
  if (cancelled.code() == StatusCode::kFailedPrecondition) {
    return {StatusCode::kFailedPrecondition, "job '" + id + "' already finished"};
  }
  return cancelled;
}

size_t RequestRegistry::retained() const {
  State& s = *state_;
  MutexLock lock(s.mutex);
  return s.kept_count;
}

std::string make_uuid() {
  thread_local std::mt19937_64 rng{std::random_device{}() ^ (uint64_t{std::random_device{}()} << 32)};
  uint64_t hi = rng(), lo = rng();
  hi = (hi & ~uint64_t{0xf000}) | 0x4000;                      // version 4
  lo = (lo & ~(uint64_t{0xc} << 60)) | (uint64_t{0x8} << 60);  // variant 10xx
  char text[37];
  std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xffff), static_cast<unsigned>(hi & 0xffff),
                static_cast<unsigned>(lo >> 48), static_cast<unsigned long long>(lo & 0xffffffffffffULL));
  return text;
}

}  // namespace cuzk::server
