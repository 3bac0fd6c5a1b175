// RequestRegistry: entries by request id, each one engine job's life and, once finished, its
// kept result.
#include "server/request_ids.hpp"

#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "common/client_text.hpp"
#include "common/thread_annotations.hpp"

namespace cuzk::server {
namespace {

using Clock = std::chrono::steady_clock;

// "<before><the client's id, quoted only when short><after>" (common/client_text.hpp).
std::string about_id(std::string_view before, const std::string& id, std::string_view after) {
  std::string out(before);
  out += quote_client_text(id);
  out += after;
  return out;
}

// Memory a kept result holds (its proofs, its public inputs, its strings), roughly.
size_t result_bytes(const engine::JobResult& r) {
  size_t bytes = sizeof r + r.circuit_id.size() + r.kind.size() + r.worker.size() + r.status.message().size();
  for (const auto& p : r.partitions) bytes += sizeof p + p.public_inputs.size() * sizeof(ff::Fr);
  return bytes;
}

}  // namespace

struct RequestRegistry::State {
  // (request id, owner): ordered by id first, so an admin finds an id under any owner.
  using Key = std::pair<std::string, std::string>;
  struct Entry {
    uint64_t generation = 0;  // tells this entry from a later one under the same key
    gadgets::Sha256Digest digest{};
    std::string circuit_id;
    std::optional<engine::JobId> job;  // unset until the engine took the request
    bool cancel_requested = false;     // a cancel that came before the job id
    bool private_id = false;           // only its waiters know the id (abandon() cancels)
    std::map<uint64_t, Waiter> waiters;
    Outcome outcome;  // set once finished
    size_t bytes = 0;           // what the kept result holds
    size_t admitted_bytes = 0;  // payload bytes counted against the admission limits
    bool admitted = false;      // counted as queued or running
  };
  using Entries = std::map<Key, Entry>;

  State(engine::Engine& e, RequestRegistryOptions o) : engine(e), options(o) {}

  // The caller's entry under `id`; for an admin without one, any owner's.
  Entries::iterator find_locked(const Caller& caller, const std::string& id) CUZK_REQUIRES(mutex) {
    auto it = entries.find(Key{id, caller.owner});
    if (it != entries.end() || !caller.admin) return it;
    it = entries.lower_bound(Key{id, std::string()});
    return it != entries.end() && it->first.first == id ? it : entries.end();
  }

  // OUT_OF_MEMORY naming the first admission limit one more job of `bytes` would pass.
  Status admit_locked(const std::string& owner, size_t bytes) CUZK_REQUIRES(mutex) {
    const Admitted& mine = usage[owner];
    auto refuse = [&](const std::string& what, size_t now, size_t limit, const char* key) {
      std::string msg = "queue full: " + what + " " + std::to_string(now) + " of at most " + std::to_string(limit);
      msg += " (daemon.";
      msg += key;
      msg += "); retry when jobs have finished";
      return Status(StatusCode::kOutOfMemory, msg);
    };
    if (mine.jobs + 1 > options.max_jobs_per_client) {
      return refuse("client " + owner + " has jobs queued or running:", mine.jobs, options.max_jobs_per_client,
                    "max_queued_jobs_per_client");
    }
    if (mine.bytes + bytes > options.max_bytes_per_client) {
      return refuse("client " + owner + "'s queued payload bytes would be", mine.bytes + bytes,
                    options.max_bytes_per_client, "max_queued_bytes_per_client");
    }
    if (total.jobs + 1 > options.max_jobs) {
      return refuse("jobs queued or running:", total.jobs, options.max_jobs, "max_queued_jobs");
    }
    if (total.bytes + bytes > options.max_bytes) {
      return refuse("queued payload bytes would be", total.bytes + bytes, options.max_bytes, "max_queued_bytes");
    }
    return Status::ok();
  }

  void count_locked(const std::string& owner, Entry& e, size_t bytes) CUZK_REQUIRES(mutex) {
    e.admitted = true;
    e.admitted_bytes = bytes;
    Admitted& mine = usage[owner];
    ++mine.jobs;
    mine.bytes += bytes;
    ++total.jobs;
    total.bytes += bytes;
  }

  // The entry's job no longer counts as queued or running.
  void release_locked(const std::string& owner, Entry& e) CUZK_REQUIRES(mutex) {
    if (!e.admitted) return;
    e.admitted = false;
    auto it = usage.find(owner);
    it->second.jobs -= 1;
    it->second.bytes -= e.admitted_bytes;
    if (it->second.jobs == 0) usage.erase(it);
    total.jobs -= 1;
    total.bytes -= e.admitted_bytes;
  }

  // Drops kept results past their retention or beyond the bounds, oldest first.
  void trim_locked(Clock::time_point now) CUZK_REQUIRES(mutex) {
    while (!kept.empty()) {
      const auto& [finished_at, key, generation] = kept.front();
      auto it = entries.find(key);
      const bool live = it != entries.end() && it->second.generation == generation;
      const bool over = kept_count > options.max_results || kept_bytes > options.max_result_bytes ||
                        now - finished_at > options.retention;
      if (live && !over) return;
      if (live) drop_locked(it);
      kept.pop_front();
    }
  }

  // Forgets a finished entry.
  void drop_locked(Entries::iterator it) CUZK_REQUIRES(mutex) {
    kept_bytes -= it->second.bytes;
    --kept_count;
    entries.erase(it);
  }

  // The engine refused the request of entry (key, generation) (`why`): the entry goes, and its
  // waiters but the one with `skip_token` (0: none) get an outcome with the refusal.
  void refuse(const Key& key, uint64_t generation, const Status& why, uint64_t skip_token) CUZK_EXCLUDES(mutex) {
    std::map<uint64_t, Waiter> waiters;
    {
      MutexLock lock(mutex);
      auto it = entries.find(key);
      if (it == entries.end() || it->second.generation != generation) return;
      release_locked(key.second, it->second);
      waiters = std::move(it->second.waiters);
      entries.erase(it);
    }
    waiters.erase(skip_token);
    if (waiters.empty()) return;
    auto refused = std::make_shared<engine::JobResult>();
    refused->status = why;
    for (auto& [token, waiter] : waiters) waiter(refused);
  }

  // The engine finished the job of entry (key, generation): keep its result, call its waiters.
  void finish(const Key& key, uint64_t generation, Result<engine::JobResult> result) CUZK_EXCLUDES(mutex) {
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
      auto it = entries.find(key);
      if (it == entries.end() || it->second.generation != generation) return;
      Entry& e = it->second;
      release_locked(key.second, e);
      e.outcome = outcome;
      e.bytes = result_bytes(*outcome);
      waiters = std::move(e.waiters);
      e.waiters.clear();
      kept.emplace_back(Clock::now(), key, generation);
      kept_bytes += e.bytes;
      ++kept_count;
      trim_locked(Clock::now());
    }
    for (auto& [token, waiter] : waiters) waiter(outcome);
  }

  engine::Engine& engine;
  const RequestRegistryOptions options;
  mutable Mutex mutex;
  Entries entries CUZK_GUARDED_BY(mutex);
  // Finished entries in the order they finished: (when, key, generation).
  std::deque<std::tuple<Clock::time_point, Key, uint64_t>> kept CUZK_GUARDED_BY(mutex);
  size_t kept_bytes CUZK_GUARDED_BY(mutex) = 0;
  size_t kept_count CUZK_GUARDED_BY(mutex) = 0;  // live entries in `kept`
  std::map<std::string, Admitted> usage CUZK_GUARDED_BY(mutex);  // by owner; only owners with jobs
  Admitted total CUZK_GUARDED_BY(mutex);
  uint64_t next_generation CUZK_GUARDED_BY(mutex) = 1;
  uint64_t next_token CUZK_GUARDED_BY(mutex) = 1;
};

RequestRegistry::RequestRegistry(engine::Engine& engine, RequestRegistryOptions options)
    : state_(std::make_shared<State>(engine, options)) {}

RequestRegistry::~RequestRegistry() = default;

Result<RequestRegistry::Submitted> RequestRegistry::submit(const Caller& caller, std::string id,
                                                           const gadgets::Sha256Digest& digest,
                                                           engine::JobRequest request, Waiter waiter, bool private_id,
                                                           Validated validated) {
  State& s = *state_;
  Submitted out;
  uint64_t generation = 0;
  if (id.empty()) id = make_uuid();
  out.id = id;
  const State::Key key{id, caller.owner};
  {
    MutexLock lock(s.mutex);
    s.trim_locked(Clock::now());
    auto it = s.entries.find(key);
    if (it != s.entries.end()) {
      State::Entry& e = it->second;
      const bool completed = e.outcome && e.outcome->status.is_ok();
      if (!e.outcome || completed) {  // in flight, or a result to hand back
        if (e.digest != digest) {
          std::string msg = about_id("request_id ", id, " is in use by a different request (");
          msg += completed ? "a completed " : "a running ";
          msg += e.circuit_id + " job); a retry must send the same request, a new request a new id";
          return Status::invalid_argument(msg);
        }
        out.attached = true;
        if (completed) {
          Outcome outcome = e.outcome;
          lock.unlock();
          if (validated) validated(Status::ok());
          if (waiter) waiter(outcome);
          return out;
        }
        if (waiter) {
          out.token = s.next_token++;
          e.waiters.emplace(out.token, std::move(waiter));
        }
        lock.unlock();
        if (validated) validated(Status::ok());
        return out;
      }
      // A failed or cancelled job: this retry is a new attempt.
      s.drop_locked(it);
    }
    const size_t bytes = request.payload.size();
    CUZK_RETURN_IF_ERROR(s.admit_locked(caller.owner, bytes));
    State::Entry& e = s.entries[key];
    e.generation = generation = s.next_generation++;
    e.digest = digest;
    e.circuit_id = request.circuit_id;
    e.private_id = private_id;
    s.count_locked(caller.owner, e, bytes);
    if (waiter) {
      out.token = s.next_token++;
      e.waiters.emplace(out.token, std::move(waiter));
    }
  }
  // Outside the lock: a concurrent request under this id attaches to the entry meanwhile.
  Result<engine::JobId> job = s.engine.submit(std::move(request));
  if (!job.is_ok()) {
    s.refuse(key, generation, job.status(), out.token);  // the caller learns it from the returned error
    return job.status();
  }
  bool cancel = false;
  {
    MutexLock lock(s.mutex);
    auto it = s.entries.find(key);
    if (it != s.entries.end() && it->second.generation == generation) {
      it->second.job = *job;
      cancel = it->second.cancel_requested;
    }
  }
  if (cancel) (void)s.engine.cancel(*job);
  // The end of validation first: a refused payload's entry goes before its failed job finishes.
  std::shared_ptr<State> state = state_;
  s.engine.on_validated(*job, [state, key, generation, validated](const engine::Validation& v) {
    const bool refused = !v.status.is_ok() && v.status.code() != StatusCode::kCancelled;
    if (refused) state->refuse(key, generation, v.status, 0);
    if (validated) validated(refused ? v.status : Status::ok());
  });
  s.engine.on_done(*job, [state, key, generation](Result<engine::JobResult> result) {
    state->finish(key, generation, std::move(result));
  });
  return out;
}

Result<uint64_t> RequestRegistry::wait(const Caller& caller, const std::string& id, Waiter waiter) {
  State& s = *state_;
  MutexLock lock(s.mutex);
  s.trim_locked(Clock::now());
  auto it = s.find_locked(caller, id);
  if (it == s.entries.end()) {
    return Status(StatusCode::kNotFound, about_id("no job ", id, " (unknown, or its result is no longer kept: results are kept ") +
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

bool RequestRegistry::forget(const Caller& caller, const std::string& id, uint64_t token) {
  State& s = *state_;
  MutexLock lock(s.mutex);
  auto it = s.find_locked(caller, id);
  if (it == s.entries.end() || it->second.waiters.erase(token) == 0) return false;
  it->second.private_id = false;  // the caller was told the id
  return true;
}

bool RequestRegistry::abandon(const Caller& caller, const std::string& id, uint64_t token) {
  State& s = *state_;
  std::optional<engine::JobId> job;
  {
    MutexLock lock(s.mutex);
    auto it = s.find_locked(caller, id);
    if (it == s.entries.end() || it->second.waiters.erase(token) == 0) return false;
    State::Entry& e = it->second;
    if (!e.private_id || !e.waiters.empty() || e.outcome) return true;
    if (!e.job) {
      e.cancel_requested = true;  // submit() cancels it once the engine took it
      return true;
    }
    job = e.job;
  }
  (void)s.engine.cancel(*job);  // it may have finished meanwhile
  return true;
}

Status RequestRegistry::cancel(const Caller& caller, const std::string& id) {
  State& s = *state_;
  std::optional<engine::JobId> job;
  {
    MutexLock lock(s.mutex);
    auto it = s.find_locked(caller, id);
    if (it == s.entries.end()) return {StatusCode::kNotFound, about_id("no job ", id, "")};
    if (it->second.outcome) {
      return {StatusCode::kFailedPrecondition, about_id("job ", id, " already finished")};
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
    return {StatusCode::kFailedPrecondition, about_id("job ", id, " already finished")};
  }
  return cancelled;
}

size_t RequestRegistry::retained() const {
  State& s = *state_;
  MutexLock lock(s.mutex);
  return s.kept_count;
}

RequestRegistry::Admitted RequestRegistry::admitted() const {
  State& s = *state_;
  MutexLock lock(s.mutex);
  return s.total;
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
