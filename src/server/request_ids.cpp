// RequestRegistry: one entry per request the engine took (or is taking), by generation; the
// ids naming the newest of them; finished ones kept per owner.
#include "server/request_ids.hpp"

#include <cstdio>
#include <deque>
#include <map>
#include <optional>
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
  struct Waiting {
    Waiter waiter;
    bool attached = false;  // Waiter's `attached`
  };
  struct Entry {
    Key key;
    gadgets::Sha256Digest digest{};
    std::string circuit_id;
    std::optional<engine::JobId> job;  // unset until the engine took the request
    bool cancel_requested = false;     // a cancel that came before the job id
    bool private_id = false;           // only its waiters know the id (abandon() cancels)
    std::map<uint64_t, Waiting> waiters;  // by token
    Outcome outcome;            // set once finished, while its result is kept
    size_t bytes = 0;           // what the kept result holds
    size_t admitted_bytes = 0;  // payload bytes counted against the admission limits
    bool admitted = false;      // counted as queued or running
  };
  // By generation, a number never reused: the requests ids name, and superseded ones (a newer
  // request took their id) still running for their waiters.
  using Entries = std::map<uint64_t, Entry>;
  // One owner's finished entries in the order they finished, and what the live ones hold.
  struct Kept {
    std::deque<std::pair<Clock::time_point, uint64_t>> order;  // (when, generation); some may be gone
    size_t count = 0, bytes = 0;
  };

  State(engine::Engine& e, RequestRegistryOptions o) : engine(e), options(o) {}

  // The entry `key` names, if any.
  Entries::iterator named_entry_locked(const Key& key) CUZK_REQUIRES(mutex) {
    auto named = ids.find(key);
    return named == ids.end() ? entries.end() : entries.find(named->second);
  }

  // The entry `caller`'s `id` names; for an admin without one, any owner's.
  Entries::iterator find_locked(const Caller& caller, const std::string& id) CUZK_REQUIRES(mutex) {
    auto it = named_entry_locked(Key{id, caller.owner});
    if (it != entries.end() || !caller.admin) return it;
    auto named = ids.lower_bound(Key{id, std::string()});
    return named != ids.end() && named->first.first == id ? entries.find(named->second) : entries.end();
  }

  // The entry holding waiter `token`, if it is `caller`'s (or the caller is an admin) under `id`.
  Entries::iterator waiter_entry_locked(const Caller& caller, const std::string& id, uint64_t token)
      CUZK_REQUIRES(mutex) {
    auto t = tokens.find(token);
    if (t == tokens.end()) return entries.end();
    auto it = entries.find(t->second);
    const Key& key = it->second.key;
    const bool reachable = key.first == id && (key.second == caller.owner || caller.admin);
    return reachable ? it : entries.end();
  }

  // Whether an id still names the entry (else a newer request took it).
  bool named_locked(Entries::const_iterator it) const CUZK_REQUIRES(mutex) {
    auto named = ids.find(it->second.key);
    return named != ids.end() && named->second == it->first;
  }

  uint64_t add_waiter_locked(Entries::iterator it, Waiter waiter, bool attached) CUZK_REQUIRES(mutex) {
    const uint64_t token = next_token++;
    it->second.waiters.emplace(token, Waiting{std::move(waiter), attached});
    tokens.emplace(token, it->first);
    return token;
  }

  // False if the entry has no waiter `token`.
  bool remove_waiter_locked(Entry& e, uint64_t token) CUZK_REQUIRES(mutex) {
    if (e.waiters.erase(token) == 0) return false;
    tokens.erase(token);
    return true;
  }

  std::map<uint64_t, Waiting> take_waiters_locked(Entry& e) CUZK_REQUIRES(mutex) {
    for (const auto& [token, waiting] : e.waiters) tokens.erase(token);
    std::map<uint64_t, Waiting> out = std::move(e.waiters);
    e.waiters.clear();
    return out;
  }

  // An entry nobody can reach any more (superseded, or private) lost its last waiter: its job
  // is to be cancelled, by the caller outside the lock (returned), or by submit() once the
  // engine took it.
  std::optional<engine::JobId> orphaned_locked(Entry& e) CUZK_REQUIRES(mutex) {
    if (!e.job) {
      e.cancel_requested = true;
      return std::nullopt;
    }
    return e.job;
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

  void count_locked(Entry& e, size_t bytes) CUZK_REQUIRES(mutex) {
    e.admitted = true;
    e.admitted_bytes = bytes;
    Admitted& mine = usage[e.key.second];
    ++mine.jobs;
    mine.bytes += bytes;
    ++total.jobs;
    total.bytes += bytes;
  }

  // The entry's job no longer counts as queued or running.
  void release_locked(Entry& e) CUZK_REQUIRES(mutex) {
    if (!e.admitted) return;
    e.admitted = false;
    auto it = usage.find(e.key.second);
    it->second.jobs -= 1;
    it->second.bytes -= e.admitted_bytes;
    if (it->second.jobs == 0) usage.erase(it);
    total.jobs -= 1;
    total.bytes -= e.admitted_bytes;
  }

  // Keeps a finished entry's result, then trims.
  void keep_locked(Entries::iterator it, Outcome outcome, Clock::time_point now) CUZK_REQUIRES(mutex) {
    Entry& e = it->second;
    e.outcome = std::move(outcome);
    e.bytes = result_bytes(*e.outcome);
    Kept& mine = kept[e.key.second];
    mine.order.emplace_back(now, it->first);
    ++mine.count;
    mine.bytes += e.bytes;
    ++kept_count;
    trim_locked(now);
  }

  // Drops kept results past their retention, and each owner's oldest beyond its bounds: an
  // owner's results only ever displace its own.
  void trim_locked(Clock::time_point now) CUZK_REQUIRES(mutex) {
    for (auto owner = kept.begin(); owner != kept.end();) {
      Kept& mine = owner->second;
      while (!mine.order.empty()) {
        const auto [finished_at, generation] = mine.order.front();
        auto it = entries.find(generation);
        const bool live = it != entries.end() && it->second.outcome;
        const bool over = mine.count > options.max_results_per_client ||
                          mine.bytes > options.max_result_bytes_per_client || now - finished_at > options.retention;
        if (live && !over) break;
        mine.order.pop_front();
        if (live) erase_locked(it);
      }
      owner = mine.order.empty() ? kept.erase(owner) : std::next(owner);
    }
  }

  // Forgets an entry: its waiters (not called), its id if it names it, its kept result, its
  // admission.
  void erase_locked(Entries::iterator it) CUZK_REQUIRES(mutex) {
    Entry& e = it->second;
    for (const auto& [token, waiting] : e.waiters) tokens.erase(token);
    if (named_locked(it)) ids.erase(e.key);
    if (e.job) jobs.erase(*e.job);
    if (e.outcome) {
      Kept& mine = kept.find(e.key.second)->second;
      --mine.count;
      mine.bytes -= e.bytes;
      --kept_count;
    }
    release_locked(e);
    entries.erase(it);
  }

  // The engine refused the request of entry `generation` (`why`): the entry goes, and its
  // waiters but the one with `skip_token` (0: none) get an outcome with the refusal.
  void refuse(uint64_t generation, const Status& why, uint64_t skip_token) CUZK_EXCLUDES(mutex) {
    std::map<uint64_t, Waiting> waiters;
    {
      MutexLock lock(mutex);
      auto it = entries.find(generation);
      if (it == entries.end()) return;
      waiters = take_waiters_locked(it->second);
      erase_locked(it);
    }
    waiters.erase(skip_token);
    if (waiters.empty()) return;
    auto refused = std::make_shared<engine::JobResult>();
    refused->status = why;
    for (auto& [token, waiting] : waiters) waiting.waiter(refused, waiting.attached);
  }

  // The engine finished the job of entry `generation`: its waiters get the outcome; the result
  // is kept while an id names the entry (a superseded one nobody can ask for goes).
  void finish(uint64_t generation, Result<engine::JobResult> result) CUZK_EXCLUDES(mutex) {
    engine::JobResult r;
    if (result.is_ok()) {
      r = std::move(result).value();
    } else {
      r.status = result.status();
    }
    Outcome outcome = std::make_shared<const engine::JobResult>(std::move(r));
    std::map<uint64_t, Waiting> waiters;
    {
      MutexLock lock(mutex);
      auto it = entries.find(generation);
      if (it == entries.end()) return;
      waiters = take_waiters_locked(it->second);
      if (named_locked(it)) {
        release_locked(it->second);
        keep_locked(it, outcome, Clock::now());
      } else {
        erase_locked(it);
      }
    }
    for (auto& [token, waiting] : waiters) waiting.waiter(outcome, waiting.attached);
  }

  // After a different request took the id of entry `replaced`: the earlier request's kept
  // result goes, and its job still running is cancelled unless someone waits for it.
  std::optional<engine::JobId> retire_locked(uint64_t replaced) CUZK_REQUIRES(mutex) {
    auto it = entries.find(replaced);
    if (it == entries.end() || named_locked(it)) return std::nullopt;
    if (it->second.outcome) {
      erase_locked(it);
      return std::nullopt;
    }
    return it->second.waiters.empty() ? orphaned_locked(it->second) : std::nullopt;
  }

  engine::Engine& engine;
  const RequestRegistryOptions options;
  RefusalCounts refusals;
  mutable Mutex mutex;
  Entries entries CUZK_GUARDED_BY(mutex);
  std::map<Key, uint64_t> ids CUZK_GUARDED_BY(mutex);       // → the generation the id names
  std::map<uint64_t, uint64_t> tokens CUZK_GUARDED_BY(mutex);  // waiter token → its entry's generation
  std::map<engine::JobId, uint64_t> jobs CUZK_GUARDED_BY(mutex);  // engine job → its entry's generation
  std::map<std::string, Kept> kept CUZK_GUARDED_BY(mutex);  // by owner
  size_t kept_count CUZK_GUARDED_BY(mutex) = 0;             // kept results, all owners
  std::map<std::string, Admitted> usage CUZK_GUARDED_BY(mutex);  // by owner; only owners with jobs
  Admitted total CUZK_GUARDED_BY(mutex);
  uint64_t next_generation CUZK_GUARDED_BY(mutex) = 1;
  uint64_t next_token CUZK_GUARDED_BY(mutex) = 1;
};

namespace {

// What a refusal by the engine's submit stands for.
Refusal engine_refusal(const Status& why) {
  switch (why.code()) {
    case StatusCode::kUnavailable: return Refusal::kShuttingDown;
    case StatusCode::kInvalidArgument: return Refusal::kInvalidPayload;  // over the payload limit
    default: return Refusal::kInvalidRequest;                            // an unknown circuit
  }
}

}  // namespace

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
  std::optional<uint64_t> replaced;  // the entry the id named, for a different request
  if (id.empty()) id = make_uuid();
  out.id = id;
  const State::Key key{id, caller.owner};
  {
    MutexLock lock(s.mutex);
    s.trim_locked(Clock::now());
    if (auto it = s.named_entry_locked(key); it != s.entries.end()) {
      State::Entry& e = it->second;
      const bool completed = e.outcome && e.outcome->status.is_ok();
      if (e.digest == digest && (!e.outcome || completed)) {  // the same request: in flight, or its result
        out.attached = true;
        if (completed) {
          Outcome outcome = e.outcome;
          lock.unlock();
          if (validated) validated(Status::ok());
          if (waiter) waiter(outcome, true);
          return out;
        }
        if (waiter) out.token = s.add_waiter_locked(it, std::move(waiter), true);
        lock.unlock();
        if (validated) validated(Status::ok());
        return out;
      }
      if (e.outcome && !completed) {
        s.erase_locked(it);  // a failed or cancelled job: this retry is a new attempt
      } else {
        replaced = it->first;  // a different request: retired once the engine took this one
      }
    }
    const size_t bytes = request.payload.size();
    if (Status admitted = s.admit_locked(caller.owner, bytes); !admitted.is_ok()) {
      s.refusals.add(Refusal::kQueueFull);
      return admitted;
    }
    generation = s.next_generation++;
    State::Entry& e = s.entries[generation];
    e.key = key;
    e.digest = digest;
    e.circuit_id = request.circuit_id;
    e.private_id = private_id;
    s.ids[key] = generation;  // the id names this request from now on
    s.count_locked(e, bytes);
    if (waiter) out.token = s.add_waiter_locked(s.entries.find(generation), std::move(waiter), false);
  }
  // Outside the lock: a concurrent request under this id attaches to the entry meanwhile.
  Result<engine::JobId> job = s.engine.submit(std::move(request));
  if (!job.is_ok()) {
    s.refusals.add(engine_refusal(job.status()));
    s.refuse(generation, job.status(), out.token);  // the caller learns it from the returned error
    if (replaced) {  // the earlier request keeps its id
      MutexLock lock(s.mutex);
      if (s.entries.count(*replaced) != 0) s.ids.emplace(key, *replaced);
    }
    return job.status();
  }
  bool cancel = false;
  std::optional<engine::JobId> orphan;
  {
    MutexLock lock(s.mutex);
    auto it = s.entries.find(generation);
    if (it != s.entries.end()) {
      it->second.job = *job;
      s.jobs.emplace(*job, generation);
      cancel = it->second.cancel_requested;
    }
    if (replaced) orphan = s.retire_locked(*replaced);
  }
  if (orphan) (void)s.engine.cancel(*orphan);  // it may have finished meanwhile
  if (cancel) (void)s.engine.cancel(*job);
  // The end of validation first: a refused payload's entry goes before its failed job finishes.
  std::shared_ptr<State> state = state_;
  s.engine.on_validated(*job, [state, generation, validated](const engine::Validation& v) {
    const bool refused = !v.status.is_ok() && v.status.code() != StatusCode::kCancelled;
    if (refused) {
      state->refusals.add(Refusal::kInvalidPayload);
      state->refuse(generation, v.status, 0);
    }
    if (validated) validated(refused ? v.status : Status::ok());
  });
  s.engine.on_done(*job, [state, generation](Result<engine::JobResult> result) {
    state->finish(generation, std::move(result));
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
    waiter(outcome, false);
    return uint64_t{0};
  }
  return s.add_waiter_locked(it, std::move(waiter), false);
}

bool RequestRegistry::forget(const Caller& caller, const std::string& id, uint64_t token) {
  State& s = *state_;
  std::optional<engine::JobId> orphan;
  {
    MutexLock lock(s.mutex);
    auto it = s.waiter_entry_locked(caller, id, token);
    if (it == s.entries.end() || !s.remove_waiter_locked(it->second, token)) return false;
    State::Entry& e = it->second;
    if (s.named_locked(it)) {
      e.private_id = false;  // the caller was told the id
    } else if (e.waiters.empty()) {
      orphan = s.orphaned_locked(e);  // superseded, and nobody waits for it any more
    }
  }
  if (orphan) (void)s.engine.cancel(*orphan);  // it may have finished meanwhile
  return true;
}

bool RequestRegistry::abandon(const Caller& caller, const std::string& id, uint64_t token) {
  State& s = *state_;
  std::optional<engine::JobId> orphan;
  {
    MutexLock lock(s.mutex);
    auto it = s.waiter_entry_locked(caller, id, token);
    if (it == s.entries.end() || !s.remove_waiter_locked(it->second, token)) return false;
    State::Entry& e = it->second;
    const bool unreachable = e.private_id || !s.named_locked(it);
    if (!unreachable || !e.waiters.empty() || e.outcome) return true;
    orphan = s.orphaned_locked(e);
  }
  if (orphan) (void)s.engine.cancel(*orphan);  // it may have finished meanwhile
  return true;
}

Status RequestRegistry::cancel(const Caller& caller, const std::string& id) {
  State& s = *state_;
  const Status finished(StatusCode::kFailedPrecondition, about_id("job ", id, " already finished"));
  std::optional<engine::JobId> job;
  {
    MutexLock lock(s.mutex);
    auto it = s.find_locked(caller, id);
    if (it == s.entries.end()) return {StatusCode::kNotFound, about_id("no job ", id, "")};
    if (it->second.outcome) return finished;
    if (!it->second.job) {
      it->second.cancel_requested = true;  // submit() cancels it once the engine took it
      return Status::ok();
    }
    job = it->second.job;
  }
  // The engine names its own job number; the client knows the request id. NOT_FOUND from the
  // engine: the job finished (and this registry collected it) since the look-up above.
  const Status cancelled = s.engine.cancel(*job);
  if (cancelled.code() == StatusCode::kFailedPrecondition || cancelled.code() == StatusCode::kNotFound) return finished;
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

std::vector<std::string> RequestRegistry::request_ids(const Caller& caller,
                                                      std::span<const engine::JobId> jobs) const {
  State& s = *state_;
  MutexLock lock(s.mutex);
  std::vector<std::string> out;
  for (engine::JobId job : jobs) {
    auto known = s.jobs.find(job);
    if (known == s.jobs.end()) continue;
    const State::Key& key = s.entries.find(known->second)->second.key;  // every job's entry is there
    if (key.second == caller.owner || caller.admin) out.push_back(key.first);
  }
  return out;
}

void RequestRegistry::count_refusal(Refusal reason) { state_->refusals.add(reason); }

const RefusalCounts& RequestRegistry::refusals() const { return state_->refusals; }

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
