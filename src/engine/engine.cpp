// Engine: the dispatcher, synthesis threads and prove workers around one mutex.
#include "engine/engine.hpp"

#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "common/reclaimer.hpp"
#include "engine/metrics.hpp"

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
  std::optional<Clock::time_point> started;
  JobState state = JobState::kQueued;
  bool cancel_requested = false;
  Status error;
  std::vector<PartitionProof> proofs;
  JobTimings timings;
  size_t batch_size = 1;
  std::string worker;
};

// One partition index of every job in a batch: synthesized together, proved in one call.
struct Unit {
  enum class Stage { kWaiting, kStarting, kSynthesizing };
  struct Member {
    std::shared_ptr<Job> job;
    size_t partition = 0;
    std::unique_ptr<SynthesizedCircuit> synthesized;  // null if dropped or failed
  };
  uint64_t seq = 0;
  Priority priority = Priority::kNormal;
  std::shared_ptr<const CircuitDef> circuit;
  std::vector<Member> members;
  Stage stage = Stage::kWaiting;
  size_t claimed = 0, finished = 0;
  size_t bytes = 0;
  SrsLease lease;
};

using UnitPtr = std::shared_ptr<Unit>;

// Keeps `queue` ordered by (priority, seq).
void insert_ordered(std::list<UnitPtr>& queue, UnitPtr unit) {
  auto pos = std::find_if(queue.begin(), queue.end(), [&](const UnitPtr& u) {
    return u->priority > unit->priority || (u->priority == unit->priority && u->seq > unit->seq);
  });
  queue.insert(pos, std::move(unit));
}

}  // namespace

struct Engine::Impl {
  Impl(EngineConfig cfg, std::shared_ptr<CircuitRegistry> reg, std::vector<std::unique_ptr<ProverBackend>> b,
       std::string note)
      : config(std::move(cfg)),
        registry(std::move(reg)),
        backends(std::move(b)),
        gpu_note(std::move(note)),
        load_pool(config.prover_threads),
        srs(config.pinned_budget_bytes, load_pool,
            [this](const LoadedSrs& s) {
              for (auto& backend : backends) s.release_from(*backend);
            }),
        scheduler(config.scheduler) {
    workers.resize(backends.size());
    for (size_t i = 0; i < backends.size(); ++i) workers[i].name = backends[i]->name();
  }

  void start() {
    dispatcher = std::thread([this] { dispatch_loop(); });
    const size_t synth = config.synthesis_threads != 0 ? config.synthesis_threads
                                                       : std::max<size_t>(1, std::thread::hardware_concurrency());
    for (size_t i = 0; i < synth; ++i) synthesizers.emplace_back([this] { synthesis_loop(); });
    for (size_t i = 0; i < backends.size(); ++i) provers.emplace_back([this, i] { prove_loop(i); });
  }

  void log(LogLevel level, std::string_view line) const {
    if (config.log) {
      config.log(level, line);
    } else {
      std::cerr << line << std::endl;
    }
  }

  // ---- dispatcher: scheduler → synthesis queue ----
  void dispatch_loop() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      if (quit) return;
      std::optional<Batch> batch = scheduler.pop(Clock::now());
      if (!batch) {
        if (auto deadline = scheduler.next_deadline()) {
          wake.wait_until(lock, *deadline);
        } else {
          wake.wait(lock);
        }
        continue;
      }
      enqueue_units_locked(*batch);
    }
  }

  void enqueue_units_locked(const Batch& batch) {
    std::vector<std::shared_ptr<Job>> members;
    size_t partitions = 0;
    for (JobId id : batch.jobs) {
      auto it = jobs.find(id);
      if (it == jobs.end() || it->second->state != JobState::kQueued) continue;
      members.push_back(it->second);
      partitions = std::max(partitions, it->second->partitions);
    }
    if (members.empty()) return;
    for (auto& job : members) job->batch_size = members.size();
    for (size_t p = 0; p < partitions; ++p) {
      auto unit = std::make_shared<Unit>();
      unit->seq = next_unit_seq++;
      unit->priority = batch.priority;
      unit->circuit = members.front()->circuit;
      for (auto& job : members) {
        if (p < job->partitions) unit->members.push_back(Unit::Member{job, p, nullptr});
      }
      unit->bytes = unit->members.size() * unit->circuit->partition_bytes();
      insert_ordered(synth_queue, std::move(unit));
    }
    wake.notify_all();
  }

  // ---- synthesis threads ----
  // Picks work under the lock: a claim on a unit being synthesized, or a waiting unit to start
  // (reserving its working memory). Units start in queue order: a unit that does not fit in
  // the budget blocks the ones behind it (priority is kept), unless nothing is in flight.
  bool pick_synthesis_locked(UnitPtr& unit, size_t& index, bool& start) {
    bool blocked = false;
    for (const UnitPtr& u : synth_queue) {
      if (u->stage == Unit::Stage::kSynthesizing && u->claimed < u->members.size()) {
        unit = u;
        index = u->claimed++;
        start = false;
        return true;
      }
      if (u->stage == Unit::Stage::kWaiting && !blocked) {
        if (working_used + u->bytes <= config.working_memory_budget_bytes || working_used == 0) {
          working_used += u->bytes;
          u->stage = Unit::Stage::kStarting;
          unit = u;
          start = true;
          return true;
        }
        blocked = true;
      }
    }
    return false;
  }

  void synthesis_loop() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      UnitPtr unit;
      size_t index = 0;
      bool start = false;
      wake.wait(lock, [&] { return quit || pick_synthesis_locked(unit, index, start); });
      if (!unit) return;
      if (start) {
        start_unit(lock, unit);
        continue;
      }
      synthesize_member(lock, unit, index);
    }
  }

  void start_unit(std::unique_lock<std::mutex>& lock, const UnitPtr& unit) {
    const auto now = Clock::now();
    for (auto& m : unit->members) {
      if (!m.job->started) m.job->started = now;
      if (m.job->state == JobState::kQueued) m.job->state = JobState::kRunning;
    }
    lock.unlock();
    double load_ms = 0;
    auto lease = srs.acquire(*unit->circuit, &load_ms);
    lock.lock();
    for (auto& m : unit->members) m.job->timings.srs_ms += load_ms;
    if (!lease.is_ok()) {
      for (auto& m : unit->members) fail_locked(*m.job, lease.status());
      unit->claimed = unit->finished = unit->members.size();
      synth_queue.remove(unit);
      finish_unit_locked(unit);
      return;
    }
    unit->lease = std::move(lease).value();
    unit->stage = Unit::Stage::kSynthesizing;
    wake.notify_all();
  }

  void synthesize_member(std::unique_lock<std::mutex>& lock, const UnitPtr& unit, size_t index) {
    Unit::Member& m = unit->members[index];
    Job& job = *m.job;
    const bool skip = job.cancel_requested || !job.error.is_ok();
    lock.unlock();
    std::optional<Result<std::unique_ptr<SynthesizedCircuit>>> result;
    const auto begin = Clock::now();
    if (!skip) result.emplace(unit->circuit->synthesize(unit->lease.srs(), job.request.payload, job.prepared, m.partition));
    const double elapsed = ms_between(begin, Clock::now());
    lock.lock();
    if (result) {
      job.timings.synth_ms += elapsed;
      if (result->is_ok()) {
        m.synthesized = std::move(*result).value();
      } else {
        fail_locked(job, result->status());
      }
    }
    if (++unit->finished == unit->members.size()) {
      synth_queue.remove(unit);
      insert_ordered(prove_queue, unit);
      wake.notify_all();
    }
  }

  // ---- prove workers ----
  // Highest priority first; within the level at the head, a unit whose SRS is already on this
  // worker's device.
  UnitPtr pick_prove_locked(const ProverBackend& backend) {
    if (prove_queue.empty()) return nullptr;
    auto pick = prove_queue.begin();
    for (auto it = prove_queue.begin();
         config.gpu_affinity && it != prove_queue.end() && (*it)->priority == (*pick)->priority; ++it) {
      if ((*it)->lease && (*it)->lease.srs().resident_on(backend)) {
        pick = it;
        break;
      }
    }
    UnitPtr unit = *pick;
    prove_queue.erase(pick);
    return unit;
  }

  void prove_loop(size_t worker) {
    ProverBackend& backend = *backends[worker];
    groth16::SystemBlinding blinding;
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      UnitPtr unit;
      wake.wait(lock, [&] { return quit || (unit = pick_prove_locked(backend)) != nullptr; });
      if (!unit) return;
      workers[worker].busy = true;
      std::vector<size_t> live;
      for (size_t i = 0; i < unit->members.size(); ++i) {
        const auto& m = unit->members[i];
        if (m.synthesized && !m.job->cancel_requested && m.job->error.is_ok()) live.push_back(i);
      }
      lock.unlock();
      prove_members(backend, blinding, *unit, live, lock);
      workers[worker].busy = false;
      workers[worker].proofs += live.size();
      for (auto& m : unit->members) m.job->worker = backend.name();
      SrsLease lease = std::move(unit->lease);
      finish_unit_locked(unit);
      // Dropping the last reference may evict parameters, which waits for other devices'
      // proofs to release their copies: never under the engine's lock.
      lock.unlock();
      lease = SrsLease();
      lock.lock();
    }
  }

  // Proves the live members (lock released on entry, held on return). If a batch fails, each
  // circuit is proved alone, so one bad job cannot fail the others.
  void prove_members(ProverBackend& backend, groth16::BlindingSource& blinding, Unit& unit,
                     const std::vector<size_t>& live, std::unique_lock<std::mutex>& lock) {
    struct Outcome {
      Status status;
      PartitionProof proof;
      double gpu_ms = 0, verify_ms = 0;
    };
    std::vector<Outcome> outcomes(live.size());
    auto run = [&](std::span<const size_t> which) {
      std::vector<SynthesizedCircuit*> circuits;
      for (size_t k : which) circuits.push_back(unit.members[live[k]].synthesized.get());
      const auto begin = Clock::now();
      auto proofs = unit.circuit->prove(unit.lease.srs(), circuits, backend, blinding);
      const double gpu_ms = ms_between(begin, Clock::now());
      for (size_t k : which) {
        outcomes[k].gpu_ms = gpu_ms;
        outcomes[k].status = proofs.status();
      }
      if (proofs.is_ok()) {
        for (size_t j = 0; j < which.size(); ++j) outcomes[which[j]].proof = std::move((*proofs)[j]);
      }
      return proofs.is_ok();
    };
    std::vector<size_t> all(live.size());
    for (size_t k = 0; k < all.size(); ++k) all[k] = k;
    if (!live.empty() && !run(all) && live.size() > 1) {
      for (size_t k = 0; k < live.size(); ++k) run(std::span<const size_t>(&all[k], 1));
    }
    if (config.self_verify) {
      for (auto& o : outcomes) {
        if (!o.status.is_ok()) continue;
        const auto begin = Clock::now();
        const Status verified = unit.circuit->verify(unit.lease.srs(), o.proof);
        o.verify_ms = ms_between(begin, Clock::now());
        if (!verified.is_ok()) {
          o.status = Status::internal("the proof failed self-verification (" + verified.message() +
                                      "); it was not returned");
        }
      }
    }
    lock.lock();
    for (size_t k = 0; k < live.size(); ++k) {
      Job& job = *unit.members[live[k]].job;
      job.timings.gpu_ms += outcomes[k].gpu_ms;
      job.timings.verify_ms += outcomes[k].verify_ms;
      if (!outcomes[k].status.is_ok()) {
        fail_locked(job, outcomes[k].status);
      } else {
        job.proofs[unit.members[live[k]].partition] = std::move(outcomes[k].proof);
      }
    }
  }

  // Accounts for every member of a finished unit, frees its memory in the background.
  void finish_unit_locked(const UnitPtr& unit) {
    for (auto& m : unit->members) {
      if (m.synthesized) unit->circuit->recycle(std::move(m.synthesized));
      if (--m.job->remaining == 0) finalize_locked(*m.job);
    }
    if (unit->stage != Unit::Stage::kWaiting) working_used -= unit->bytes;
    wake.notify_all();
  }

  // A job still in the scheduler finishes at once; one already dispatched stops between phases
  // (its synthesis is skipped, its proofs dropped) and finishes when its last unit does.
  void cancel_locked(Job& job) {
    job.cancel_requested = true;
    if (job.state == JobState::kQueued && scheduler.remove(job.id)) {
      job.remaining = 0;
      finalize_locked(job);
    }
  }

  void fail_locked(Job& job, const Status& status) {
    if (job.error.is_ok()) job.error = status;
  }

  void finalize_locked(Job& job) {
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
    finished_order.push_back(job.id);
    while (finished_order.size() > config.max_retained_results) {
      const JobId old = finished_order.front();
      finished_order.pop_front();
      if (jobs.erase(old) != 0) log(LogLevel::kWarn, "job " + std::to_string(old) + ": result dropped, never awaited (retention limit)");
    }
    done.notify_all();
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
    if (job.state == JobState::kDone) {
      for (const auto& p : job.proofs) {
        r.proofs.push_back(p.proof);
        r.public_inputs.insert(r.public_inputs.end(), p.public_inputs.begin(), p.public_inputs.end());
      }
    }
    return r;
  }

  bool all_idle_locked() const {
    for (const auto& [id, job] : jobs) {
      if (job->state == JobState::kQueued || job->state == JobState::kRunning) return false;
    }
    return true;
  }

  EngineConfig config;
  std::shared_ptr<CircuitRegistry> registry;
  std::vector<std::unique_ptr<ProverBackend>> backends;
  std::string gpu_note;
  ThreadPool load_pool;
  SrsManager srs;
  Metrics metrics;

  mutable std::mutex mutex;
  std::condition_variable wake;  // work for the dispatcher, synthesizers, workers
  std::condition_variable done;  // a job finished
  Scheduler scheduler;
  std::map<JobId, std::shared_ptr<Job>> jobs;
  std::deque<JobId> finished_order;
  std::list<UnitPtr> synth_queue, prove_queue;
  std::vector<WorkerInfo> workers;
  size_t working_used = 0;
  JobId next_id = 1;
  uint64_t next_unit_seq = 0;
  bool accepting = true;
  bool quit = false;

  std::thread dispatcher;
  std::vector<std::thread> synthesizers, provers;
};

Engine::Engine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Engine::~Engine() { shutdown(std::chrono::milliseconds(0)); }

Result<std::unique_ptr<Engine>> Engine::create(EngineConfig config, std::shared_ptr<CircuitRegistry> registry) {
  std::vector<std::unique_ptr<ProverBackend>> backends;
  std::string note;
  if (config.use_gpus) {
    backends = make_gpu_backends(config.gpu_devices, config.prover_threads, &note);
  } else {
    note = "GPUs disabled by configuration";
  }
  if (backends.empty()) backends.push_back(make_cpu_backend(config.prover_threads));
  const std::vector<std::string> preload = config.preload;
  auto impl = std::make_unique<Impl>(std::move(config), std::move(registry), std::move(backends), std::move(note));
  impl->start();
  std::unique_ptr<Engine> engine(new Engine(std::move(impl)));
  for (const std::string& id : preload) {
    if (Status s = engine->preload(id); !s.is_ok()) return Status(s.code(), "preloading '" + id + "': " + s.message());
  }
  return engine;
}

Result<JobId> Engine::submit(JobRequest request) {
  Impl& d = *impl_;
  auto circuit = d.registry->find(request.circuit_id);
  if (!circuit) {
    return Status(StatusCode::kNotFound, "unknown circuit '" + request.circuit_id + "'");
  }
  if (request.payload.size() > d.config.max_payload_bytes) {
    return Status::invalid_argument("payload of " + std::to_string(request.payload.size()) +
                                    " bytes exceeds the limit of " + std::to_string(d.config.max_payload_bytes));
  }
  auto validated = circuit->validate(request.payload);
  if (!validated.is_ok()) return validated.status();
  const size_t partitions = validated->partitions;
  auto job = std::make_shared<Job>();
  job->circuit = circuit;
  job->priority = request.priority.value_or(circuit->default_priority());
  job->partitions = job->remaining = partitions;
  job->proofs.resize(partitions);
  job->prepared = std::move(validated->prepared);
  if (job->prepared) {  // parsed: the bytes are not needed any more
    Reclaimer::shared().dispose(std::move(request.payload));
    request.payload = {};
  }
  job->request = std::move(request);
  job->submitted = Clock::now();
  std::lock_guard<std::mutex> lock(d.mutex);
  if (!d.accepting) return Status(StatusCode::kUnavailable, "the engine is shutting down; no new jobs");
  job->id = d.next_id++;
  d.jobs.emplace(job->id, job);
  d.metrics.submitted();
  d.scheduler.push(ScheduledJob{job->id, circuit->id(), job->priority, circuit->batchable()}, job->submitted);
  d.wake.notify_all();
  return job->id;
}

Result<JobResult> Engine::await(JobId id, std::chrono::milliseconds timeout) {
  Impl& d = *impl_;
  std::unique_lock<std::mutex> lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) return Status(StatusCode::kNotFound, "no job " + std::to_string(id) + " (unknown or already collected)");
  std::shared_ptr<Job> job = it->second;
  auto finished = [&] { return job->state != JobState::kQueued && job->state != JobState::kRunning; };
  if (!d.done.wait_for(lock, timeout, finished)) {
    return Status(StatusCode::kDeadlineExceeded, "job " + std::to_string(id) + " is still " +
                                                     std::string(job_state_name(job->state)) + " after " +
                                                     std::to_string(timeout.count()) + " ms");
  }
  JobResult result = d.result_of(*job);
  d.jobs.erase(id);
  std::erase(d.finished_order, id);
  return result;
}

Status Engine::cancel(JobId id) {
  Impl& d = *impl_;
  std::lock_guard<std::mutex> lock(d.mutex);
  auto it = d.jobs.find(id);
  if (it == d.jobs.end()) return {StatusCode::kNotFound, "no job " + std::to_string(id)};
  Job& job = *it->second;
  if (job.state != JobState::kQueued && job.state != JobState::kRunning) {
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
  s.circuits = d.registry->ids();
  std::lock_guard<std::mutex> lock(d.mutex);
  s.workers = d.workers;
  for (size_t i = 0; i < s.workers.size(); ++i) s.workers[i].description = d.backends[i]->describe();  // never blocks
  s.gpu_note = d.gpu_note;
  s.queued = d.scheduler.depth();
  s.synthesis_units = d.synth_queue.size();
  s.ready_units = d.prove_queue.size();
  d.metrics.totals(s.submitted, s.done, s.failed, s.cancelled);
  for (const auto& [id, job] : d.jobs) s.running += job->state == JobState::kRunning ? 1 : 0;
  s.working_used = d.working_used;
  s.working_limit = d.config.working_memory_budget_bytes;
  return s;
}

std::string Engine::metrics_text() const { return impl_->metrics.render(status()); }

Status Engine::preload(const std::string& circuit_id) {
  auto circuit = impl_->registry->find(circuit_id);
  if (!circuit) return {StatusCode::kNotFound, "unknown circuit '" + circuit_id + "'"};
  return impl_->srs.preload(*circuit);
}

Status Engine::evict(const std::string& circuit_id) {
  auto circuit = impl_->registry->find(circuit_id);
  if (!circuit) return {StatusCode::kNotFound, "unknown circuit '" + circuit_id + "'"};
  return impl_->srs.evict(circuit->srs_path());
}

void Engine::shutdown(std::chrono::milliseconds drain) {
  Impl& d = *impl_;
  {
    std::unique_lock<std::mutex> lock(d.mutex);
    if (d.quit) return;
    d.accepting = false;
    if (!d.done.wait_for(lock, drain, [&] { return d.all_idle_locked(); })) {
      for (auto& [id, job] : d.jobs) {
        if (job->state == JobState::kQueued || job->state == JobState::kRunning) d.cancel_locked(*job);
      }
      d.wake.notify_all();
      d.done.wait(lock, [&] { return d.all_idle_locked(); });
    }
    d.quit = true;
  }
  d.wake.notify_all();
  if (d.dispatcher.joinable()) d.dispatcher.join();
  for (auto& t : d.synthesizers) t.join();
  for (auto& t : d.provers) t.join();
  d.synthesizers.clear();
  d.provers.clear();
}

}  // namespace cuzk::engine
