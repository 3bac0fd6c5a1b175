// RequestRegistry: request ids as idempotency keys, between the gRPC service and the engine.
// Curio re-sends a request under the same deterministic id (porep-<miner>-<sector>,
// wdpost-<miner>-<partition>-<randomness[:8]>, …) when its task times out or fails and retries;
// the registry makes a retry of the same request cost nothing, and lets a retry whose request
// changed (a WindowPoSt without the sector that could not be read, a PoRep whose Commit-1 was
// redone) prove what it now asks:
//
//   - the same request (the same digest) under an id whose job is queued or running: it
//     attaches to that job (one proof);
//   - the same request under an id whose job completed within `retention`: the kept result is
//     handed back;
//   - an id whose job failed or was cancelled: the retry is a new attempt (a new job);
//   - a different request under an id in use: the new request is proved, and the id names it
//     from then on; a kept result under the id is dropped, and a job still running for the
//     earlier request finishes for the callers already waiting for it (nobody else can reach
//     it), or is cancelled where none is (or once the last of them goes);
//   - an empty id: a fresh UUID (version 4);
//   - a request whose payload the engine's validation refuses: refused, no entry left behind.
//
// Ids belong to their caller (server/caller.hpp): each owner has its own namespace, and only
// the owner (or an admin) can wait for, cancel or be handed a job's result. Every waiter of a
// job gets its outcome — concurrent awaits, attached retries and later awaits while the result
// is kept alike.
//
// Admission: jobs queued or running are bounded in number and in payload bytes, in all and per
// owner (RESOURCE_EXHAUSTED naming the limit); a caller that goes away from a job only it could
// know (a Prove without request id) cancels it (abandon()).
//
// The registry collects every job's result from the engine itself (Engine::on_done; and the end
// of its validation, Engine::on_validated), so no wait holds a thread, and keeps finished
// results — for awaiting and for retries — for `retention`, per owner at most
// `max_results_per_client` of them and `max_result_bytes_per_client` (an owner's oldest go
// first): one client's results never displace another's. Waiters and `validated` callbacks
// are called once, outside the registry's lock: on the engine thread that finished or
// validated the job (with the engine's lock held: they must be quick and must not call the
// engine), or at once on the caller's thread. Requests refused at submission are counted by
// reason (refusals()). Thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "engine/engine.hpp"
#include "gadgets/sha256_native.hpp"
#include "server/caller.hpp"
#include "server/refusals.hpp"

namespace cuzk::server {

struct RequestRegistryOptions {
  std::chrono::milliseconds retention = std::chrono::hours(1);  // Curio's ProveTimeout is 30 min
  // Finished results kept, and the memory they hold, per owner.
  size_t max_results_per_client = 1000;
  size_t max_result_bytes_per_client = size_t{256} << 20;
  // Jobs queued or running, and their payload bytes: in all, and per owner.
  size_t max_jobs = 1024;
  size_t max_jobs_per_client = 256;
  size_t max_bytes = size_t{8} << 30;
  size_t max_bytes_per_client = size_t{4} << 30;
};

class RequestRegistry {
 public:
  // A finished job's result (status OK, failed or cancelled; never null).
  using Outcome = std::shared_ptr<const engine::JobResult>;
  // `attached`: the submit() that registered the waiter attached to a job an earlier request
  // started, or was handed its kept result (false for wait()'s waiters).
  using Waiter = std::function<void(const Outcome& outcome, bool attached)>;
  // Whether a submission was taken: OK once the engine validated its payload (the job is queued
  // or further on; a job cancelled first counts as taken), or at once when the id named a known
  // job; else the engine's refusal of the payload (INVALID_ARGUMENT naming the problem).
  using Validated = std::function<void(const Status&)>;

  struct Submitted {
    std::string id;         // the request id (the one given, or the UUID made for an empty one)
    bool attached = false;  // the id named the same request, known already: nothing new was queued
    uint64_t token = 0;     // for forget(); 0 if the waiter already ran (or none was given)
  };

  // `engine` must outlive the registry's calls (its callbacks keep the registry's state alive).
  RequestRegistry(engine::Engine& engine, RequestRegistryOptions options);
  ~RequestRegistry();
  RequestRegistry(const RequestRegistry&) = delete;
  RequestRegistry& operator=(const RequestRegistry&) = delete;

  // Submits `request` under `caller`'s `id` (see the file comment), `digest` identifying what
  // it asks; returns before the engine validates the payload. `waiter` (may be empty) is called
  // once with the outcome, unless this returns an error. `private_id`: nobody but this caller
  // knows the id yet (a Prove without request id), so abandon() of its last waiter cancels the
  // job. `validated` (may be empty) is told whether the request was taken, unless this returns
  // an error; a payload the engine's validation refuses leaves no entry, and every waiter of
  // the request gets an outcome with the refusal. Errors: OUT_OF_MEMORY (RESOURCE_EXHAUSTED)
  // naming the admission limit reached; the engine's refusal of a new job (unknown circuit, a
  // payload over its size limit, UNAVAILABLE); each is counted in refusals(). A different
  // request under an id in use is no error: see the file comment.
  Result<Submitted> submit(const Caller& caller, std::string id, const gadgets::Sha256Digest& digest,
                           engine::JobRequest request, Waiter waiter, bool private_id = false,
                           Validated validated = nullptr);
  // Calls `waiter` once with the outcome of `caller`'s job under `id` (at once if it has
  // finished). Returns the token for forget() (0 if the waiter already ran). NOT_FOUND: an
  // unknown id, another owner's, or one whose result is no longer kept.
  Result<uint64_t> wait(const Caller& caller, const std::string& id, Waiter waiter);
  // Drops a waiter not yet called (its caller stops waiting and knows the id); the job goes on.
  // False if it ran or is running.
  bool forget(const Caller& caller, const std::string& id, uint64_t token);
  // forget(), for a caller that went away: a job under a private id with no waiter left is
  // cancelled (nobody could ask for its result); any other job goes on and its result is kept
  // for retries as the file comment says.
  bool abandon(const Caller& caller, const std::string& id, uint64_t token);
  // Cancels `caller`'s queued or running job under `id` (the newest request the id names).
  // NOT_FOUND only for an id unknown to the registry or another owner's; FAILED_PRECONDITION
  // "job '<id>' already finished" for a finished job, one whose result is kept or one that
  // finishes while it is being cancelled. Messages name the request id.
  Status cancel(const Caller& caller, const std::string& id);
  // Finished results kept now, in all.
  size_t retained() const;
  // Jobs queued or running that this registry admitted, and their payload bytes.
  struct Admitted {
    size_t jobs = 0, bytes = 0;
  };
  Admitted admitted() const;
  // The request ids of those of `jobs` (engine jobs, in order) that `caller` may see: its own,
  // or any for an admin; the others are left out.
  std::vector<std::string> request_ids(const Caller& caller, std::span<const engine::JobId> jobs) const;
  // Requests refused at submission, by reason: those submit() refused, those its validation
  // refused, and those the caller counts here (refused before they reached the registry).
  void count_refusal(Refusal reason);
  const RefusalCounts& refusals() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

// A random (version 4) UUID, "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".
std::string make_uuid();

}  // namespace cuzk::server
