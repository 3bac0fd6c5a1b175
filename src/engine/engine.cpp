// Engine: validators, synthesis drivers and prove workers around one mutex; the scheduler is
// popped by the drivers themselves.
#include "engine/engine.hpp"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stop_token>
#include <thread>

#include "common/client_text.hpp"
#include "common/host_memory.hpp"
#include "common/reclaimer.hpp"
#include "common/thread_annotations.hpp"
#include "engine/metrics.hpp"
#include "groth16/proof_assembly.hpp"

namespace cuzk::engine {
namespace {

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

struct Job {
  JobId id = 0;
  JobRequest request;
  std::shared_ptr<const CircuitDef> circuit;
  std::shared_ptr<const PreparedPayload> prepared;  // what validation parsed, if anything
  Priority priority = Priority::kNormal;
  size_t partitions = 1;
  size_t remaining = 1;  // partitions not yet accounted for (proved, failed or dropped)
  Clock::time_point submitted;
  std::optional<Clock::time_point> validated;  // when its payload passed validation
  std::optional<Clock::time_point> started;
  JobState state = JobState::kValidating;
  std::optional<Validation> validation;  // once its validation stage ended
  size_t validation_bytes = 0;  // the working memory its validation reserves (CircuitDef::validation_bytes)
  std::vector<Engine::ValidatedCallback> validated_callbacks;  // waiting for that (Engine::on_validated)
  bool cancel_requested = false;
  Status error;
  std::vector<PartitionResult> results;
  JobTimings timings;
  size_t batch_size = 1;
  std::string worker;
  // Callbacks waiting for the result (Engine::on_done), by token.
  std::map<uint64_t, Engine::DoneCallback> callbacks;
};

// One partition index of every job in a batch: synthesized together, proved in one call. A
// worker on a device may merge ready units of the same circuit into the one it takes
// (pick_prove_locked), so that one call proves them all and the device stages each next
// circuit while it proves the one before.
struct Unit {
  enum class Stage { kWaiting, kStarting, kSynthesizing };
  struct Member {
    std::shared_ptr<Job> job;
    size_t partition = 0;
    std::unique_ptr<SynthesizedCircuit> synthesized;  // null if dropped or failed
    size_t bytes = 0;  // its working memory, fixed when the unit is made
  };
  uint64_t seq = 0;
  Priority priority = Priority::kNormal;
  std::shared_ptr<const CircuitDef> circuit;
  std::vector<Member> members;
  Stage stage = Stage::kWaiting;
  size_t bytes = 0;  // the members' bytes
  SrsLease lease;
  std::vector<SrsLease> merged_leases;  // of the units merged into this one (the same parameters)
  std::stop_source stop_loading;  // requested when every member is cancelled while its SRS loads
  std::set<size_t> failed_workers;  // workers whose device failed on this unit
};

using UnitPtr = std::shared_ptr<Unit>;

// Keeps `queue` ordered by (priority, seq).
void insert_ordered(std::list<UnitPtr>& queue, UnitPtr unit) {
  auto pos = std::find_if(queue.begin(), queue.end(), [&](const UnitPtr& u) {
    return u->priority > unit->priority || (u->priority == unit->priority && u->seq > unit->seq);
  });
  queue.insert(pos, std::move(unit));
}

bool finished(JobState s) { return s == JobState::kDone || s == JobState::kFailed || s == JobState::kCancelled; }

// Circuit ids are short names ("window-post-32GiB", a zkey's stem): a longer one is refused
// before any kind resolves it, quoted bounded (common/client_text) like every client text.
constexpr size_t kMaxCircuitIdBytes = 256;

Status unknown_circuit(std::string_view id) {
  if (id.size() > kMaxCircuitIdBytes) {
    return Status::invalid_argument("circuit id " + quote_client_text(id) + " is over " +
                                    std::to_string(kMaxCircuitIdBytes) + " bytes");
  }
  return {StatusCode::kNotFound, "unknown circuit " + quote_client_text(id)};
}

}  // namespace

struct Engine::Impl {
  Impl(EngineConfig cfg, std::shared_ptr<CircuitCatalog> cat)
      : config(std::move(cfg)),
        catalog(std::move(cat)),
        synthesis_pool(config.synthesis_threads),
        prover_pool(config.prover_threads),
        srs(config.pinned_budget_bytes, prover_pool,
            [this](const LoadedSrs& s) {
              for (auto& backend : backends) backend->release(s.proving_key());
            },
            stop_work.get_token()),
        scheduler(config.scheduler) {}

  void start() {
    const size_t validating = std::max<size_t>(1, config.validators);
    for (size_t i = 0; i < validating; ++i) validators.emplace_back([this] { validation_loop(false); });
    validators.emplace_back([this] { validation_loop(true); });
    params_thread = std::thread([this] { params_loop(); });
    const size_t drivers = std::max<size_t>(1, config.synthesis_drivers);
    for (size_t i = 0; i < drivers; ++i) synthesizers.emplace_back([this] { synthesis_loop(); });
    for (size_t i = 0; i < backends.size(); ++i) provers.emplace_back([this, i] { prove_loop(i); });
  }

  void log(LogLevel level, std::string_view line) const {
    if (config.log) {
      config.log(level, line);
    } else {
      std::cerr << line << std::endl;
    }
  }

  // ---- validators: submitted jobs' payloads, by priority then in submission order ----
  // Whether the job at the head of the validation queue may start on a validator (`urgent`:
  // the one for CRITICAL and HIGH jobs only, so that a WinningPoSt never waits for PoRep
  // checks): its validation's working memory fits beside what synthesized units, other
  // validations and the circuits hold, or no validation on validators of its kind holds any
  // (one of each kind always goes on).
  bool may_validate_locked(bool urgent) const CUZK_REQUIRES(mutex) {
    if (validation_queue.empty()) return false;
    const Job& head = *validation_queue.front();
    if (urgent && head.priority > Priority::kHigh) return false;
    return validation_used_by[urgent ? 1 : 0] == 0 ||
           working_used + validation_used + resident_used_locked() + head.validation_bytes <=
               config.working_memory_budget_bytes;
  }

  void validation_loop(bool urgent) {
    MutexLock lock(mutex);
    for (;;) {
      validate_wake.wait(lock, [&]() CUZK_NO_THREAD_SAFETY_ANALYSIS { return quit || may_validate_locked(urgent); });
      if (quit) return;
      std::shared_ptr<Job> job = std::move(validation_queue.front());
      validation_queue.pop_front();
      validation_used += job->validation_bytes;
      validation_used_by[urgent ? 1 : 0] += job->validation_bytes;
      validate_job(job);
      validation_used -= job->validation_bytes;
      validation_used_by[urgent ? 1 : 0] -= job->validation_bytes;
      memory_freed_locked();
    }
  }

  // Working memory came back: the validators and the synthesis drivers may start what waits.
  void memory_freed_locked() CUZK_REQUIRES(mutex) {
    validate_wake.notify_all();
    wake.notify_all();
  }

  // ---- the parameter thread: preloads and evictions asked for off the engine's pipeline ----
  struct ParamsTask {
    std::shared_ptr<const CircuitDef> circuit;
    bool evict = false;
    std::vector<Engine::ParamsCallback> callbacks;
  };

  void params_loop() {
    MutexLock lock(mutex);
    for (;;) {
      params_wake.wait(lock, [&]() CUZK_NO_THREAD_SAFETY_ANALYSIS { return quit || !params_queue.empty(); });
      if (quit) return;
      std::shared_ptr<ParamsTask> task = params_queue.front();
      lock.unlock();
      Status status;
      if (task->evict) {
        status = srs.evict(task->circuit->srs_path());
      } else {
        status = srs.acquire(*task->circuit, nullptr, stop_params.get_token()).status();  // the lease ends here
      }
      lock.lock();
      params_queue.pop_front();
      std::vector<Engine::ParamsCallback> callbacks = std::move(task->callbacks);
      task->callbacks.clear();
      lock.unlock();
      for (auto& callback : callbacks) callback(status);
      lock.lock();
    }
  }

  // Queues a preload or an eviction; a preload of parameters already queued or loading (not
  // yet answered) joins it.
  void queue_params_task(std::shared_ptr<const CircuitDef> circuit, bool evict, Engine::ParamsCallback answer) {
    {
      MutexLock lock(mutex);
      if (!quit) {
        for (const auto& task : params_queue) {
          if (!evict && !task->evict && task->circuit->srs_path() == circuit->srs_path()) {
            task->callbacks.push_back(std::move(answer));
            return;
          }
        }
        auto task = std::make_shared<ParamsTask>();
        task->circuit = std::move(circuit);
        task->evict = evict;
        task->callbacks.push_back(std::move(answer));
        params_queue.push_back(std::move(task));
        params_wake.notify_one();
        return;
      }
    }
    answer(Status(StatusCode::kUnavailable, "the engine is shutting down"));
  }

  // Validates the job's payload (the lock is held on entry and return, released meanwhile: a
  // job being validated is only marked by cancel, its payload left alone), then queues it in
  // the scheduler or fails it.
  void validate_job(const std::shared_ptr<Job>& job) CUZK_REQUIRES(mutex) {
    mutex.unlock();
    Result<ValidatedPayload> validated = job->circuit->validate(job->request.payload, synthesis_pool);
    mutex.lock();
    Job& j = *job;
    if (j.cancel_requested) {
      end_validation_locked(j, {StatusCode::kCancelled, "job " + std::to_string(j.id) + " was cancelled"});
      j.remaining = 0;
      finalize_locked(j);
      return;
    }
    if (!validated.is_ok()) {
      fail_locked(j, validated.status());
      end_validation_locked(j, validated.status());
      j.remaining = 0;
      finalize_locked(j);
      return;
    }
    j.partitions = j.remaining = validated->partitions;
    j.results.resize(validated->partitions);
    j.prepared = std::move(validated->prepared);
    if (j.prepared) {  // parsed: the bytes are not needed any more
      Reclaimer::shared().dispose(std::move(j.request.payload));
      j.request.payload = {};
    }
    j.validated = Clock::now();
    j.state = JobState::kQueued;
    end_validation_locked(j, Status::ok());
    scheduler.push(ScheduledJob{j.id, j.circuit->id(), j.priority, j.circuit->batchable()}, *j.validated);
    wake.notify_all();
  }

  // Records the end of the job's validation stage and tells those waiting for it.
  void end_validation_locked(Job& job, Status status) CUZK_REQUIRES(mutex) {
    job.validation = Validation{std::move(status), job.validated ? job.partitions : 0,
                                ms_between(job.submitted, job.validated.value_or(Clock::now()))};
    job.timings.validate_ms = job.validation->ms;
    std::vector<Engine::ValidatedCallback> callbacks = std::move(job.validated_callbacks);
    job.validated_callbacks.clear();
    for (auto& callback : callbacks) callback(*job.validation);
  }

  // ---- scheduler → synthesis queue (by whichever driver looks first) ----
  void pop_ready_batches_locked() CUZK_REQUIRES(mutex) {
    while (std::optional<Batch> batch = scheduler.pop(Clock::now())) enqueue_units_locked(*batch);
  }

  void enqueue_units_locked(const Batch& batch) CUZK_REQUIRES(mutex) {
    std::vector<std::shared_ptr<Job>> members;
    size_t partitions = 0;
    for (JobId id : batch.jobs) {
      auto it = jobs.find(id);
      if (it == jobs.end() || it->second->state != JobState::kQueued) continue;
      members.push_back(it->second);
      partitions = std::max(partitions, it->second->partitions);
    }
    if (members.empty()) return;
    for (size_t p = 0; p < partitions; ++p) {
      auto unit = std::make_shared<Unit>();
      unit->seq = next_unit_seq++;
      unit->priority = batch.priority;
      unit->circuit = members.front()->circuit;
      for (auto& job : members) {
        if (p < job->partitions) unit->members.push_back(Unit::Member{job, p, nullptr, 0});
      }
      const size_t each = unit->circuit->partition_bytes();
      for (Unit::Member& m : unit->members) m.bytes = each;
      unit->bytes = unit->members.size() * each;
      insert_ordered(synth_queue, std::move(unit));
    }
  }

  // ---- synthesis drivers ----
  // A waiting unit to start, reserving its working memory. Units start in queue order: a unit
  // that does not fit in the budget (beside what the circuits hold resident) blocks the ones
  // behind it (priority is kept), unless nothing is in flight.
  UnitPtr pick_synthesis_locked() CUZK_REQUIRES(mutex) {
    for (const UnitPtr& u : synth_queue) {
      if (u->stage != Unit::Stage::kWaiting) continue;
      if (working_used + validation_used + resident_used_locked() + u->bytes <= config.working_memory_budget_bytes ||
          working_used == 0) {
        working_used += u->bytes;
        u->stage = Unit::Stage::kStarting;
        return u;
      }
      return nullptr;
    }
    return nullptr;
  }

  void synthesis_loop() {
    MutexLock lock(mutex);
    for (;;) {
      if (quit) return;
      pop_ready_batches_locked();
      if (UnitPtr unit = pick_synthesis_locked()) {
        synthesize_unit(unit);
        continue;
      }
      if (auto deadline = scheduler.next_deadline()) {
        wake.wait_until(lock, *deadline);
      } else {
        wake.wait(lock);
      }
    }
  }

  // Acquires the unit's SRS and synthesizes its members in parallel (the lock is held on entry
  // and return, released meanwhile).
  void synthesize_unit(const UnitPtr& unit) CUZK_REQUIRES(mutex) {
    const auto now = Clock::now();
    for (auto& m : unit->members) {
      if (!m.job->started) m.job->started = now;
      if (m.job->state == JobState::kQueued) m.job->state = JobState::kRunning;
    }
    mutex.unlock();
    double load_ms = 0;
    auto lease = srs.acquire(*unit->circuit, &load_ms, unit->stop_loading.get_token());
    mutex.lock();
    for (auto& m : unit->members) m.job->timings.srs_ms += load_ms;
    if (!lease.is_ok()) {
      for (auto& m : unit->members) fail_locked(*m.job, lease.status());
      synth_queue.remove(unit);
      finish_unit_locked(unit);
      return;
    }
    unit->lease = std::move(lease).value();
    unit->stage = Unit::Stage::kSynthesizing;
    std::vector<bool> skip(unit->members.size());
    for (size_t i = 0; i < unit->members.size(); ++i) {
      const Job& job = *unit->members[i].job;
      skip[i] = job.cancel_requested || !job.error.is_ok();
    }
    mutex.unlock();
    struct Outcome {
      std::optional<Result<std::unique_ptr<SynthesizedCircuit>>> result;
      double ms = 0;
    };
    std::vector<Outcome> outcomes(unit->members.size());
    synthesis_pool.parallel_for(
        unit->members.size(),
        [&](size_t begin, size_t end) {
          for (size_t i = begin; i < end; ++i) {
            if (skip[i]) continue;
            const Unit::Member& m = unit->members[i];
            const auto t0 = Clock::now();
            outcomes[i].result.emplace(unit->circuit->synthesize(unit->lease.srs(), m.job->request.payload,
                                                                 m.job->prepared, m.partition, synthesis_pool));
            outcomes[i].ms = ms_between(t0, Clock::now());
          }
        },
        unit->members.size());
    const size_t resident_bytes = unit->circuit->resident_bytes();
    mutex.lock();
    note_resident_locked(unit->circuit, resident_bytes);
    for (size_t i = 0; i < unit->members.size(); ++i) {
      Unit::Member& m = unit->members[i];
      if (!outcomes[i].result) continue;
      m.job->timings.synth_ms += outcomes[i].ms;
      m.job->results[m.partition].timings.synth_ms = outcomes[i].ms;
      if (outcomes[i].result->is_ok()) {
        m.synthesized = std::move(*outcomes[i].result).value();
      } else {
        fail_locked(*m.job, outcomes[i].result->status());
      }
    }
    drop_cancelled_members_locked(*unit);  // cancelled while it was synthesized
    synth_queue.remove(unit);
    insert_ordered(prove_queue, unit);
    wake.notify_all();
  }

  // ---- prove workers ----
  // Highest priority first; within the level at the head, a unit whose SRS is already on this
  // worker's device. Never a unit whose device failed on this worker.
  UnitPtr pick_prove_locked(size_t worker) CUZK_REQUIRES(mutex) {
    const groth16::ProverBackend& backend = *backends[worker];
    auto allowed = [&](const UnitPtr& u) { return u->failed_workers.count(worker) == 0; };
    auto pick = std::find_if(prove_queue.begin(), prove_queue.end(), allowed);
    if (pick == prove_queue.end()) return nullptr;
    for (auto it = pick; config.gpu_affinity && it != prove_queue.end() && (*it)->priority == (*pick)->priority;
         ++it) {
      if (allowed(*it) && (*it)->lease && backend.holds((*it)->lease.srs().proving_key())) {
        pick = it;
        break;
      }
    }
    UnitPtr unit = *pick;
    prove_queue.erase(pick);
    if (backend.on_device()) merge_ready_units_locked(*unit, worker);
    return unit;
  }

  // Moves into `unit` the members of the ready units behind it that this worker may prove, of
  // the same circuit, parameters and priority, up to config.max_circuits_per_prove members.
  void merge_ready_units_locked(Unit& unit, size_t worker) CUZK_REQUIRES(mutex) {
    if (!unit.lease) return;
    for (auto it = prove_queue.begin();
         it != prove_queue.end() && unit.members.size() < config.max_circuits_per_prove;) {
      Unit& other = **it;
      const bool same = other.circuit == unit.circuit && other.priority == unit.priority && other.lease &&
                        &other.lease.srs() == &unit.lease.srs() && other.failed_workers.count(worker) == 0 &&
                        unit.members.size() + other.members.size() <= config.max_circuits_per_prove;
      if (!same) {
        ++it;
        continue;
      }
      for (Unit::Member& m : other.members) unit.members.push_back(std::move(m));
      unit.bytes += other.bytes;
      unit.failed_workers.insert(other.failed_workers.begin(), other.failed_workers.end());
      unit.merged_leases.push_back(std::move(other.lease));
      it = prove_queue.erase(it);
    }
  }

  void prove_loop(size_t worker) {
    groth16::ProverBackend& backend = *backends[worker];
    groth16::SystemBlinding blinding;
    MutexLock lock(mutex);
    for (;;) {
      UnitPtr unit;
      wake.wait(lock, [&]() CUZK_NO_THREAD_SAFETY_ANALYSIS {
        return quit || (unit = pick_prove_locked(worker)) != nullptr;
      });
      if (!unit) return;
      std::vector<size_t> live;
      for (size_t i = 0; i < unit->members.size(); ++i) {
        const auto& m = unit->members[i];
        if (m.synthesized && !m.job->cancel_requested && m.job->error.is_ok()) live.push_back(i);
      }
      WorkerInfo& info = workers[worker];
      info.busy = true;
      info.kind = std::string(unit->circuit->kind());
      for (size_t i : live) {
        const JobId id = unit->members[i].job->id;
        if (std::find(info.jobs.begin(), info.jobs.end(), id) == info.jobs.end()) info.jobs.push_back(id);
      }
      const bool handed_on = prove_members(worker, backend, blinding, unit, live);
      info.busy = false;
      info.kind.clear();
      info.jobs.clear();
      if (handed_on) continue;
      workers[worker].proofs += live.size();
      for (auto& m : unit->members) m.job->worker = backend.name();
      SrsLease lease = std::move(unit->lease);
      std::vector<SrsLease> merged = std::move(unit->merged_leases);
      finish_unit_locked(unit);
      // Dropping the last reference may evict parameters, which waits for other devices'
      // proofs to release their copies: never under the engine's lock.
      lock.unlock();
      merged.clear();
      lease = SrsLease();
      lock.lock();
    }
  }

  // Whether a worker other than `worker` could take a unit whose device failed here.
  bool other_worker_for_locked(const Unit& unit, size_t worker) const CUZK_REQUIRES(mutex) {
    for (size_t w = 0; w < backends.size(); ++w) {
      if (w != worker && unit.failed_workers.count(w) == 0) return true;
    }
    return false;
  }

  // Proves the live members (the lock is held on entry and return, released meanwhile). If a
  // batch fails, each circuit is proved alone, so one bad job cannot fail the others. A device
  // error hands the whole unit to another worker instead, when there is one (returns true: the
  // unit is back in the prove queue).
  bool prove_members(size_t worker, groth16::ProverBackend& backend, groth16::BlindingSource& blinding,
                     const UnitPtr& unit_ptr, const std::vector<size_t>& live) CUZK_REQUIRES(mutex) {
    Unit& unit = *unit_ptr;
    mutex.unlock();
    struct Outcome {
      Status status;
      groth16::Proof proof;
      double gpu_ms = 0, verify_ms = 0;
      size_t batch = 1;  // circuits in the prove call that made its proof
    };
    std::vector<Outcome> outcomes(live.size());
    const groth16::ProvingKey& pk = unit.lease.srs().proving_key();
    bool device_failed = false;
    auto run = [&](std::span<const size_t> which) {
      std::vector<const witness::PartitionWitness*> circuits;
      for (size_t k : which) circuits.push_back(&unit.members[live[k]].synthesized->witness);
      const auto begin = Clock::now();
      auto proofs = backend.prove(pk, circuits, unit.circuit->convention(), blinding);
      const double gpu_ms = ms_between(begin, Clock::now());
      if (proofs.status().code() == StatusCode::kDeviceError) device_failed = true;
      for (size_t k : which) {
        outcomes[k].gpu_ms += gpu_ms;
        outcomes[k].batch = which.size();
        outcomes[k].status = proofs.status();
      }
      if (proofs.is_ok()) {
        for (size_t j = 0; j < which.size(); ++j) outcomes[which[j]].proof = (*proofs)[j];
      }
      return proofs.is_ok();
    };
    std::vector<size_t> all(live.size());
    for (size_t k = 0; k < all.size(); ++k) all[k] = k;
    if (!live.empty() && !run(all) && !device_failed && live.size() > 1) {
      for (size_t k = 0; k < live.size(); ++k) run(std::span<const size_t>(&all[k], 1));
    }
    if (device_failed) {
      mutex.lock();
      for (size_t k = 0; k < live.size(); ++k) unit.members[live[k]].job->timings.gpu_ms += outcomes[k].gpu_ms;
      unit.failed_workers.insert(worker);
      if (other_worker_for_locked(unit, worker)) {
        log(LogLevel::kWarn, "worker " + backend.name() + ": " + outcomes.front().status.to_string() +
                                 "; the unit goes to another worker");
        insert_ordered(prove_queue, unit_ptr);
        wake.notify_all();
        return true;
      }
      for (size_t k = 0; k < live.size(); ++k) fail_locked(*unit.members[live[k]].job, outcomes[k].status);
      return false;
    }
    // Rows checked before proving: a proof that fails is the prover's fault (INTERNAL). A zkey's
    // witness is checked only here, whatever self_verify says (UNSATISFIABLE).
    const bool rows_checked = unit.circuit->witness_checked_by_rows();
    if (config.self_verify || unit.circuit->always_verified()) {
      for (size_t k = 0; k < live.size(); ++k) {
        Outcome& o = outcomes[k];
        if (!o.status.is_ok()) continue;
        const auto begin = Clock::now();
        const Status verified =
            unit.circuit->verify(unit.lease.srs(), o.proof, unit.members[live[k]].synthesized->public_inputs);
        o.verify_ms = ms_between(begin, Clock::now());
        if (verified.is_ok()) continue;
        if (rows_checked) {
          o.status = Status::internal("the proof failed self-verification (" + verified.message() +
                                      "); it was not returned");
        } else {
          o.status = Status(StatusCode::kUnsatisfiable, "the witness does not satisfy circuit '" + unit.circuit->id() +
                                                            "': its proof does not verify (" + verified.message() +
                                                            "); it was not returned");
        }
      }
    }
    mutex.lock();
    for (size_t k = 0; k < live.size(); ++k) {
      Unit::Member& m = unit.members[live[k]];
      Job& job = *m.job;
      job.timings.gpu_ms += outcomes[k].gpu_ms;
      job.timings.verify_ms += outcomes[k].verify_ms;
      job.batch_size = std::max(job.batch_size, live.size());
      if (!outcomes[k].status.is_ok()) {
        // named as the host's row check names it (the backend knows only its call's positions)
        const Status& failed = outcomes[k].status;
        fail_locked(job, Status(failed.code(), "circuit '" + unit.circuit->id() + "' partition " +
                                                   std::to_string(m.partition) + ": " + failed.message()));
      } else {
        PartitionResult& result = job.results[m.partition];
        result.proof = outcomes[k].proof;
        result.public_inputs = std::move(m.synthesized->public_inputs);
        result.timings.gpu_ms = outcomes[k].gpu_ms;
        result.timings.prove_batch = outcomes[k].batch;
        result.timings.verify_ms = outcomes[k].verify_ms;
        const witness::PartitionWitness& proved = m.synthesized->witness;
        result.rows = proved.matrices ? groth16::shape_of(proved, unit.circuit->convention()).rows : 0;
      }
    }
    return false;
  }

  // Accounts for every member of a finished unit, frees its memory in the background.
  void finish_unit_locked(const UnitPtr& unit) CUZK_REQUIRES(mutex) {
    for (auto& m : unit->members) {
      if (m.synthesized) unit->circuit->recycle(std::move(m.synthesized));
      if (--m.job->remaining == 0) finalize_locked(*m.job);
    }
    if (unit->stage != Unit::Stage::kWaiting) working_used -= unit->bytes;
    memory_freed_locked();
  }

  // A job waiting for a validator or still in the scheduler finishes at once (one being
  // validated when its validation ends), and so do its partitions still waiting to be
  // synthesized (they leave their units, so its payload goes now, not when a synthesis
  // driver reaches them); partitions in flight stop between phases (synthesis skipped, proofs
  // dropped), and the job finishes when its last one does. A unit whose members are all
  // cancelled while its SRS loads stops the load (a parameter generation ends early).
  void cancel_locked(Job& job) CUZK_REQUIRES(mutex) {
    job.cancel_requested = true;
    if (job.state == JobState::kValidating) {
      const size_t waiting =
          std::erase_if(validation_queue, [&](const std::shared_ptr<Job>& queued) { return queued.get() == &job; });
      if (waiting == 0) return;  // being validated
      end_validation_locked(job, {StatusCode::kCancelled, "job " + std::to_string(job.id) + " was cancelled"});
      job.remaining = 0;
      finalize_locked(job);
      return;
    }
    if (job.state == JobState::kQueued && scheduler.remove(job.id)) {
      job.remaining = 0;
      finalize_locked(job);
      return;
    }
    for (auto it = synth_queue.begin(); it != synth_queue.end();) {
      Unit& unit = **it;
      const size_t before = unit.members.size();
      if (unit.stage == Unit::Stage::kWaiting) {
        std::erase_if(unit.members, [&](const Unit::Member& m) { return m.job.get() == &job; });
      }
      job.remaining -= before - unit.members.size();
      unit.bytes = 0;  // reserved only once it starts
      for (const Unit::Member& m : unit.members) unit.bytes += m.bytes;
      const bool all_cancelled = std::all_of(unit.members.begin(), unit.members.end(),
                                             [](const Unit::Member& m) { return m.job->cancel_requested; });
      if (unit.stage == Unit::Stage::kStarting && all_cancelled) unit.stop_loading.request_stop();
      it = unit.members.empty() ? synth_queue.erase(it) : std::next(it);
    }
    // Synthesized partitions waiting for a worker go back now with their working memory (an
    // emptied unit stays queued: a worker drops its parameters' lease outside the lock).
    for (const UnitPtr& unit : prove_queue) drop_cancelled_members_locked(*unit);
    if (job.remaining == 0 && !finished(job.state)) finalize_locked(job);
  }

  // Takes the members of cancelled jobs out of a synthesized unit no thread works on (in the
  // prove queue, or just synthesized): their circuits are recycled and their working memory
  // freed at once; a job whose last partition this was finishes.
  void drop_cancelled_members_locked(Unit& unit) CUZK_REQUIRES(mutex) {
    std::vector<std::shared_ptr<Job>> done_jobs;  // kept alive through their finalize
    for (auto it = unit.members.begin(); it != unit.members.end();) {
      if (!it->job->cancel_requested) {
        ++it;
        continue;
      }
      if (it->synthesized) unit.circuit->recycle(std::move(it->synthesized));
      working_used -= it->bytes;
      unit.bytes -= it->bytes;
      if (--it->job->remaining == 0) done_jobs.push_back(it->job);
      it = unit.members.erase(it);
    }
    for (const auto& job : done_jobs) finalize_locked(*job);
    memory_freed_locked();
  }

  void fail_locked(Job& job, const Status& status) CUZK_REQUIRES(mutex) {
    if (job.error.is_ok()) job.error = status;
  }

  void finalize_locked(Job& job) CUZK_REQUIRES(mutex) {
    const auto now = Clock::now();
    job.timings.total_ms = ms_between(job.submitted, now);
    job.timings.queue_ms = ms_between(job.submitted, job.started.value_or(now));
    if (job.cancel_requested) {
      job.state = JobState::kCancelled;
      job.error = {StatusCode::kCancelled, "job " + std::to_string(job.id) + " was cancelled"};
    } else {
      job.state = job.error.is_ok() ? JobState::kDone : JobState::kFailed;
    }
    metrics.record(job.circuit->kind(), job.state, job.timings);
    std::ostringstream head;
    head << "job " << job.id << " circuit=" << job.circuit->id() << " kind=" << job.circuit->kind()
         << " priority=" << priority_name(job.priority) << " partitions=" << job.partitions
         << " batch=" << job.batch_size << " worker=" << (job.worker.empty() ? "-" : job.worker) << " verify="
         << static_cast<long long>(job.timings.verify_ms) << "ms: " << (job.error.is_ok() ? "OK" : job.error.to_string());
    const LogLevel level = job.state == JobState::kFailed ? LogLevel::kWarn : LogLevel::kInfo;
    log(level, head.str());
    log(level, format_timings(job.timings));
    Reclaimer::shared().dispose(std::move(job.request.payload));
    job.request.payload = {};
    if (job.prepared) Reclaimer::shared().dispose(std::move(job.prepared));
    if (!job.callbacks.empty()) {
      // Collected by its first waiting callback; the others learn it was collected.
      auto callbacks = std::move(job.callbacks);
      job.callbacks.clear();
      Result<JobResult> result = result_of(job);
      jobs.erase(job.id);
      bool first = true;
      for (auto& [token, callback] : callbacks) {
        callback(first ? result : Result<JobResult>(collected_status(job.id)));
        first = false;
      }
      done.notify_all();
      return;
    }
    finished_order.push_back(job.id);
    while (finished_order.size() > config.max_retained_results) {
      const JobId old = finished_order.front();
      finished_order.pop_front();
      if (jobs.erase(old) != 0) log(LogLevel::kWarn, "job " + std::to_string(old) + ": result dropped, never awaited (retention limit)");
    }
    done.notify_all();
  }

  static Status collected_status(JobId id) {
    return {StatusCode::kNotFound, "no job " + std::to_string(id) + " (unknown or already collected)"};
  }

  JobResult result_of(const Job& job) const {
    JobResult r;
    r.id = job.id;
    r.circuit_id = job.circuit->id();
    r.kind = std::string(job.circuit->kind());
    r.priority = job.priority;
    r.status = job.error;
    r.timings = job.timings;
    r.batch_size = job.batch_size;
    r.worker = job.worker;
    r.encoding = job.circuit->encoding();
    if (job.state == JobState::kDone) r.partitions = job.results;
    return r;
  }

  // Takes a finished job's result out of the engine (lock held).
  JobResult collect_locked(JobId id) CUZK_REQUIRES(mutex) {
    auto it = jobs.find(id);
    JobResult result = result_of(*it->second);
    jobs.erase(it);
    std::erase(finished_order, id);
    return result;
  }

  // The memory the circuits hold for their partitions (CircuitDef::resident_bytes), once per
  // circuit still alive.
  size_t resident_used_locked() const CUZK_REQUIRES(mutex) {
    size_t sum = 0;
    for (const auto& [circuit, bytes] : resident) sum += circuit.expired() ? 0 : bytes;
    return sum;
  }

  // Records what `circuit` holds now (read outside the lock: resident_bytes() of a circuit whose
  // synthesis just ran); forgets circuits that are gone.
  void note_resident_locked(const std::shared_ptr<const CircuitDef>& circuit, size_t bytes) CUZK_REQUIRES(mutex) {
    std::erase_if(resident, [](const auto& entry) { return entry.first.expired(); });
    if (bytes == 0) {
      resident.erase(circuit);
    } else {
      resident[circuit] = bytes;
    }
  }

  bool all_idle_locked() const CUZK_REQUIRES(mutex) {
    for (const auto& [id, job] : jobs) {
      if (!finished(job->state)) return false;
    }
    return true;
  }

  EngineConfig config;
  std::shared_ptr<CircuitCatalog> catalog;
  ThreadPool synthesis_pool;
  ThreadPool prover_pool;
  std::vector<std::unique_ptr<groth16::ProverBackend>> backends;  // set before start(), then fixed
  std::string gpu_note;
  std::stop_source stop_work;  // requested when a shutdown's drain ends: parameter generation stops
  SrsManager srs;
  Metrics metrics;

  mutable Mutex mutex;
  std::condition_variable_any wake;  // work for the synthesis drivers and workers
  std::condition_variable_any done;  // a job finished
  std::condition_variable_any validate_wake;  // a job to validate, working memory freed, or quit
  std::condition_variable_any params_wake;    // a preload or eviction to run, or quit
  std::stop_source stop_params;  // requested at shutdown: a preload's parameter generation stops
  // Submitted, waiting for a validator: by priority, then in submission order.
  std::deque<std::shared_ptr<Job>> validation_queue CUZK_GUARDED_BY(mutex);
  Scheduler scheduler CUZK_GUARDED_BY(mutex);
  std::map<JobId, std::shared_ptr<Job>> jobs CUZK_GUARDED_BY(mutex);
  std::deque<JobId> finished_order CUZK_GUARDED_BY(mutex);
  std::list<UnitPtr> synth_queue CUZK_GUARDED_BY(mutex);
  std::list<UnitPtr> prove_queue CUZK_GUARDED_BY(mutex);
  std::vector<WorkerInfo> workers CUZK_GUARDED_BY(mutex);
  size_t working_used CUZK_GUARDED_BY(mutex) = 0;
  size_t validation_used CUZK_GUARDED_BY(mutex) = 0;  // reserved by the validations in progress
  std::array<size_t, 2> validation_used_by CUZK_GUARDED_BY(mutex) = {};  // of it, on the [other, urgent] validators
  // Preloads and evictions, the one being run first.
  std::deque<std::shared_ptr<ParamsTask>> params_queue CUZK_GUARDED_BY(mutex);
  // What each circuit holds resident, as last seen after one of its syntheses (by the def, not
  // keeping it alive: a def the catalog forgot and no job holds no longer counts).
  std::map<std::weak_ptr<const CircuitDef>, size_t, std::owner_less<>> resident CUZK_GUARDED_BY(mutex);
  JobId next_id CUZK_GUARDED_BY(mutex) = 1;
  uint64_t next_unit_seq CUZK_GUARDED_BY(mutex) = 0;
  uint64_t next_callback CUZK_GUARDED_BY(mutex) = 1;
  bool accepting CUZK_GUARDED_BY(mutex) = true;
  bool quit CUZK_GUARDED_BY(mutex) = false;

  std::vector<std::thread> validators;
  std::thread params_thread;
  std::vector<std::thread> synthesizers, provers;
};

Engine::Engine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Engine::~Engine() { shutdown(std::chrono::milliseconds(0)); }

Result<std::unique_ptr<Engine>> Engine::create(EngineConfig config, EngineParts parts) {
  if (!parts.catalog) return Status::invalid_argument("the engine needs a circuit catalog");
  if (!parts.backends) return Status::invalid_argument("the engine needs a backend factory");
  const std::vector<std::string> preload = config.preload;
  auto impl = std::make_unique<Impl>(std::move(config), std::move(parts.catalog));
  impl->backends = parts.backends(impl->prover_pool, &impl->gpu_note);
  if (impl->backends.empty()) {
    return Status(StatusCode::kFailedPrecondition,
                  "no prover backend" + (impl->gpu_note.empty() ? std::string() : " (" + impl->gpu_note + ")"));
  }
  {
    MutexLock lock(impl->mutex);
    impl->workers.resize(impl->backends.size());
    for (size_t i = 0; i < impl->backends.size(); ++i) impl->workers[i].name = impl->backends[i]->name();
  }
  impl->start();
  std::unique_ptr<Engine> engine(new Engine(std::move(impl)));
  for (const std::string& id : preload) {
    if (Status s = engine->preload(id); !s.is_ok()) return Status(s.code(), "preloading '" + id + "': " + s.message());
  }
  return engine;
}

Result<JobId> Engine::submit(JobRequest request) {
  Impl& d = *impl_;
  if (request.circuit_id.size() > kMaxCircuitIdBytes) return unknown_circuit(request.circuit_id);
  auto circuit = d.catalog->find(request.circuit_id);
  if (!circuit) return unknown_circuit(request.circuit_id);
  if (request.payload.size() > d.config.max_payload_bytes) {
    return Status::invalid_argument("payload of " + std::to_string(request.payload.size()) +
                                    " bytes exceeds the limit of " + std::to_string(d.config.max_payload_bytes));
  }
  const size_t validation_bytes = circuit->validation_bytes(request.payload.size());
  if (validation_bytes > d.config.working_memory_budget_bytes) {
    return Status(StatusCode::kOutOfMemory,
                  "validating a payload of " + std::to_string(request.payload.size()) + " bytes for circuit '" +
                      circuit->id() + "' needs about " + std::to_string(validation_bytes) +
                      " bytes of working memory, more than the whole budget of " +
                      std::to_string(d.config.working_memory_budget_bytes));
  }
  auto job = std::make_shared<Job>();
  job->circuit = circuit;
  job->validation_bytes = validation_bytes;
  job->priority = request.priority.value_or(circuit->default_priority());
  job->request = std::move(request);
  job->submitted = Clock::now();
  MutexLock lock(d.mutex);
  if (!d.accepting) return Status(StatusCode::kUnavailable, "the engine is shutting down; no new jobs");
  job->id = d.next_id++;
  d.jobs.emplace(job->id, job);
  d.metrics.submitted();
  // Validators take jobs by priority, then in submission order (a WinningPoSt is not held up by
  // the PoRep outputs submitted before it).
  const auto behind = std::find_if(d.validation_queue.begin(), d.validation_queue.end(),
                                   [&](const std::shared_ptr<Job>& queued) { return queued->priority > job->priority; });
  d.validation_queue.insert(behind, job);
  d.validate_wake.notify_all();  // the urgent validator may decline it
  return job->id;
}

void Engine::on_validated(JobId id, ValidatedCallback validated) {
  Impl& d = *impl_;
  MutexLock lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) {
    lock.unlock();
    validated(Validation{Impl::collected_status(id), 0, 0});
    return;
  }
  if (const std::optional<Validation>& ended = it->second->validation) {
    const Validation copy = *ended;
    lock.unlock();
    validated(copy);
    return;
  }
  it->second->validated_callbacks.push_back(std::move(validated));
}

Result<JobResult> Engine::await(JobId id, std::chrono::milliseconds timeout) {
  Impl& d = *impl_;
  MutexLock lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) return Impl::collected_status(id);
  std::shared_ptr<Job> job = it->second;
  if (!d.done.wait_for(lock, timeout, [&] { return finished(job->state); })) {
    return Status(StatusCode::kDeadlineExceeded, "job " + std::to_string(id) + " is still " +
                                                     std::string(job_state_name(job->state)) + " after " +
                                                     std::to_string(timeout.count()) + " ms");
  }
  if (d.jobs.count(id) == 0) return Impl::collected_status(id);  // collected by a callback meanwhile
  return d.collect_locked(id);
}

uint64_t Engine::on_done(JobId id, DoneCallback callback) {
  Impl& d = *impl_;
  MutexLock lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) {
    lock.unlock();
    callback(Impl::collected_status(id));
    return 0;
  }
  if (finished(it->second->state)) {
    JobResult result = d.collect_locked(id);
    lock.unlock();
    callback(std::move(result));
    return 0;
  }
  const uint64_t token = d.next_callback++;
  it->second->callbacks.emplace(token, std::move(callback));
  return token;
}

bool Engine::forget_callback(JobId id, uint64_t token) {
  Impl& d = *impl_;
  MutexLock lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) return false;
  return it->second->callbacks.erase(token) != 0;
}

Status Engine::cancel(JobId id) {
  Impl& d = *impl_;
  MutexLock lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) return {StatusCode::kNotFound, "no job " + std::to_string(id)};
  const std::shared_ptr<Job> keep = it->second;  // finishing it may erase it from `jobs`
  Job& job = *keep;
  if (finished(job.state)) {
    return {StatusCode::kFailedPrecondition,
            "job " + std::to_string(id) + " already finished (" + std::string(job_state_name(job.state)) + ")"};
  }
  d.cancel_locked(job);
  d.wake.notify_all();
  return Status::ok();
}

EngineStatus Engine::status() const {
  const Impl& d = *impl_;
  EngineStatus s;
  s.srs = d.srs.list();
  s.pinned_used = d.srs.hot_bytes();
  s.pinned_limit = d.srs.budget_bytes();
  s.circuits = d.catalog->ids();
  for (std::string& kind : d.catalog->kinds()) s.by_kind.emplace(std::move(kind), KindLoad{});
  MutexLock lock(d.mutex);
  s.workers = d.workers;
  for (size_t i = 0; i < s.workers.size(); ++i) {  // neither call blocks
    s.workers[i].description = d.backends[i]->describe();
    s.workers[i].memory = d.backends[i]->device_memory();
  }
  s.gpu_note = d.gpu_note;
  s.queued = d.scheduler.depth();
  s.synthesis_units = d.synth_queue.size();
  s.ready_units = d.prove_queue.size();
  d.metrics.totals(s.submitted, s.done, s.failed, s.cancelled);
  for (const auto& [id, job] : d.jobs) {
    if (finished(job->state)) continue;
    if (job->state == JobState::kValidating) ++s.validating;
    KindLoad& load = s.by_kind[std::string(job->circuit->kind())];
    if (job->state == JobState::kRunning) {
      ++s.running;
      ++load.running;
    } else {
      ++load.queued;
    }
  }
  s.working_used = d.working_used;
  s.working_validation = d.validation_used;
  s.working_resident = d.resident_used_locked();
  s.working_limit = d.config.working_memory_budget_bytes;
  s.peak_host_bytes = peak_resident_memory().value_or(0);
  return s;
}

std::string Engine::metrics_text() const { return impl_->metrics.render(status()); }

Status Engine::preload(const std::string& circuit_id) {
  if (circuit_id.size() > kMaxCircuitIdBytes) return unknown_circuit(circuit_id);
  auto circuit = impl_->catalog->find(circuit_id);
  if (!circuit) return unknown_circuit(circuit_id);
  return impl_->srs.preload(*circuit);
}

Status Engine::install_srs(const std::string& circuit_id, std::shared_ptr<const LoadedSrs> srs) {
  if (circuit_id.size() > kMaxCircuitIdBytes) return unknown_circuit(circuit_id);
  auto circuit = impl_->catalog->find(circuit_id);
  if (!circuit) return unknown_circuit(circuit_id);
  return impl_->srs.install(*circuit, std::move(srs));
}

void Engine::preload_async(const std::string& circuit_id, ParamsCallback done) {
  if (circuit_id.size() > kMaxCircuitIdBytes) return done(unknown_circuit(circuit_id));
  auto circuit = impl_->catalog->find(circuit_id);
  if (!circuit) return done(unknown_circuit(circuit_id));
  impl_->queue_params_task(std::move(circuit), false, std::move(done));
}

void Engine::evict_async(const std::string& circuit_id, ParamsCallback done) {
  if (circuit_id.size() > kMaxCircuitIdBytes) return done(unknown_circuit(circuit_id));
  auto circuit = impl_->catalog->find(circuit_id);
  if (!circuit) return done(unknown_circuit(circuit_id));
  impl_->queue_params_task(std::move(circuit), true, std::move(done));
}

Status Engine::evict(const std::string& circuit_id) {
  if (circuit_id.size() > kMaxCircuitIdBytes) return unknown_circuit(circuit_id);
  auto circuit = impl_->catalog->find(circuit_id);
  if (!circuit) return unknown_circuit(circuit_id);
  return impl_->srs.evict(circuit->srs_path());
}

void Engine::shutdown(std::chrono::milliseconds drain) {
  Impl& d = *impl_;
  {
    MutexLock lock(d.mutex);
    if (d.quit) return;
    d.accepting = false;
    if (!d.done.wait_for(lock, drain, [&]() CUZK_NO_THREAD_SAFETY_ANALYSIS { return d.all_idle_locked(); })) {
      d.stop_work.request_stop();
      // Cancelling may finish a job, which takes it out of `jobs`: not while iterating it.
      std::vector<std::shared_ptr<Job>> unfinished;
      for (const auto& [id, job] : d.jobs) {
        if (!finished(job->state)) unfinished.push_back(job);
      }
      for (const auto& job : unfinished) d.cancel_locked(*job);
      d.wake.notify_all();
      d.done.wait(lock, [&]() CUZK_NO_THREAD_SAFETY_ANALYSIS { return d.all_idle_locked(); });
    }
    d.quit = true;
  }
  // Preloads nobody's job waits for stop now; those not started are answered UNAVAILABLE.
  d.stop_params.request_stop();
  d.wake.notify_all();
  d.validate_wake.notify_all();
  d.params_wake.notify_all();
  if (d.params_thread.joinable()) d.params_thread.join();
  std::deque<std::shared_ptr<Impl::ParamsTask>> unanswered;
  {
    MutexLock lock(d.mutex);
    unanswered.swap(d.params_queue);
  }
  for (const auto& task : unanswered) {
    for (auto& callback : task->callbacks) callback(Status(StatusCode::kUnavailable, "the engine is shutting down"));
  }
  for (auto& t : d.validators) t.join();
  for (auto& t : d.synthesizers) t.join();
  for (auto& t : d.provers) t.join();
  d.validators.clear();
  d.synthesizers.clear();
  d.provers.clear();
}

}  // namespace cuzk::engine
