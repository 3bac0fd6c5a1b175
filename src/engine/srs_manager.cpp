// SrsManager: tiers, leases, budget-driven LRU demotion.
#include "engine/srs_manager.hpp"

#include <chrono>

#include "common/reclaimer.hpp"

namespace cuzk::engine {

std::string_view srs_tier_name(SrsTier t) {
  switch (t) {
    case SrsTier::kCold: return "cold";
    case SrsTier::kWarm: return "warm";
    case SrsTier::kHot: return "hot";
  }
  return "?";
}

SrsLease::~SrsLease() { reset(); }

SrsLease::SrsLease(SrsLease&& other) noexcept
    : manager_(other.manager_), path_(std::move(other.path_)), srs_(std::move(other.srs_)) {
  other.manager_ = nullptr;
}

SrsLease& SrsLease::operator=(SrsLease&& other) noexcept {
  if (this != &other) {
    reset();
    manager_ = other.manager_;
    path_ = std::move(other.path_);
    srs_ = std::move(other.srs_);
    other.manager_ = nullptr;
  }
  return *this;
}

void SrsLease::reset() {
  if (manager_ != nullptr) manager_->release(path_);
  manager_ = nullptr;
  srs_.reset();
}

SrsManager::SrsManager(size_t budget_bytes, ThreadPool& load_pool, std::function<void(const LoadedSrs&)> before_free,
                       std::stop_token stop)
    : budget_(budget_bytes), load_pool_(load_pool), before_free_(std::move(before_free)), stop_(std::move(stop)) {}

SrsManager::~SrsManager() {
  Dropped dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [path, e] : entries_) drop_hot_locked(e, dropped);
  }
  free_dropped(dropped);
}

Result<SrsLease> SrsManager::acquire(const CircuitDef& circuit, double* load_ms, std::stop_token stop) {
  const auto start = std::chrono::steady_clock::now();
  const std::string& path = circuit.srs_path();
  auto elapsed = [&] {
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (load_ms != nullptr) *load_ms = ms;
    return ms;
  };
  std::unique_lock<std::mutex> lock(mutex_);
  Entry& e = entries_[path];
  e.info.path = path;
  loaded_.wait(lock, [&] { return !e.loading; });
  Dropped stale;
  if (e.srs && !e.info.installed && e.info.refcount == 0 && !e.file.matches(path)) {
    // The file changed since these parameters were read from it (rewritten, replaced,
    // truncated): nobody holds them, so they are read again below.
    drop_hot_locked(e, stale);
  }
  if (e.srs) {
    ++e.info.refcount;
    e.last_used = ++clock_;
    std::shared_ptr<const LoadedSrs> srs = e.srs;
    elapsed();
    return SrsLease(this, path, std::move(srs));
  }
  e.loading = true;
  MappedFile file = std::move(e.file);
  lock.unlock();
  free_dropped(stale);

  // Cold → warm → hot, outside the lock, until the engine or this caller stops it. A warm
  // mapping of a file that changed since (generated again because it was damaged, truncated or
  // rewritten in place by an operator) is dropped for the file as it is now.
  std::stop_source load_stop;
  const auto stop_load = [&load_stop] { load_stop.request_stop(); };
  const std::stop_callback on_engine_stop(stop_, stop_load);
  const std::stop_callback on_caller_stop(stop, stop_load);
  Status status = circuit.ensure_srs_file(load_pool_, load_stop.get_token());
  if (status.is_ok() && !file.bytes().empty() && !file.matches(path)) {
    Reclaimer::shared().dispose(std::move(file));
    file = MappedFile();
  }
  if (status.is_ok() && file.bytes().empty()) {
    auto mapped = MappedFile::open(path);
    if (mapped.is_ok()) {
      file = std::move(mapped).value();
    } else {
      status = mapped.status();
    }
  }
  std::shared_ptr<const LoadedSrs> srs;
  if (status.is_ok()) {
    auto loaded = circuit.load_srs(file.bytes(), load_pool_);
    // A file that changed while it was parsed (a read past a new end saw zeros: MappedFile)
    // fails this load whatever the parser made of it; the mapping goes, the next load reads the
    // file as it is then.
    if (Status same = file.unchanged(path, "parameter file"); !same.is_ok()) {
      loaded = same;
      Reclaimer::shared().dispose(std::move(file));
      file = MappedFile();
    }
    if (loaded.is_ok()) {
      srs = std::move(loaded).value();
    } else {
      status = loaded.status();
    }
  }

  lock.lock();
  e.loading = false;
  loaded_.notify_all();
  if (!status.is_ok()) {
    e.info.tier = file.bytes().empty() ? SrsTier::kCold : SrsTier::kWarm;
    e.file = std::move(file);
    return status;
  }
  e.file = std::move(file);
  e.srs = srs;
  e.info.circuit_id = circuit.id();
  e.info.tier = SrsTier::kHot;
  e.info.bytes = srs->bytes();
  e.info.refcount = 1;
  e.info.load_ms = elapsed();
  e.last_used = ++clock_;
  Dropped dropped;
  enforce_budget_locked(dropped);
  lock.unlock();
  free_dropped(dropped);
  return SrsLease(this, path, std::move(srs));
}

Status SrsManager::preload(const CircuitDef& circuit) {
  auto lease = acquire(circuit);
  return lease.status();
}

Status SrsManager::install(const CircuitDef& circuit, std::shared_ptr<const LoadedSrs> srs) {
  const std::string& path = circuit.srs_path();
  Dropped dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry& e = entries_[path];
    if (e.loading || e.info.refcount > 0) {
      return {StatusCode::kFailedPrecondition, "SRS " + path + " is in use (" + std::to_string(e.info.refcount) +
                                                   " references): parameters not installed"};
    }
    drop_hot_locked(e, dropped);
    Reclaimer::shared().dispose(std::move(e.file));  // no file stands behind installed parameters
    e.file = MappedFile();
    e.info.path = path;
    e.info.circuit_id = circuit.id();
    e.info.tier = SrsTier::kHot;
    e.info.bytes = srs->bytes();
    e.info.load_ms = 0;
    e.info.installed = true;
    e.srs = std::move(srs);
    e.last_used = ++clock_;
    enforce_budget_locked(dropped);
  }
  free_dropped(dropped);
  return Status::ok();
}

Status SrsManager::evict(const std::string& path) {
  Dropped dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(path);
    if (it == entries_.end()) return {StatusCode::kNotFound, "no SRS loaded from " + path};
    Entry& e = it->second;
    if (e.loading || e.info.refcount > 0) {
      return {StatusCode::kFailedPrecondition,
              "SRS " + path + " is in use (" + std::to_string(e.info.refcount) + " references): not evicted"};
    }
    drop_hot_locked(e, dropped);
    Reclaimer::shared().dispose(std::move(e.file));
    e.file = MappedFile();
    e.info.tier = SrsTier::kCold;
    e.info.installed = false;
  }
  free_dropped(dropped);
  return Status::ok();
}

std::vector<SrsInfo> SrsManager::list() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<SrsInfo> out;
  for (const auto& [path, e] : entries_) out.push_back(e.info);
  return out;
}

size_t SrsManager::hot_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t total = 0;
  for (const auto& [path, e] : entries_) total += e.srs ? e.info.bytes : 0;
  return total;
}

void SrsManager::release(const std::string& path) {
  Dropped dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries_.find(path);
    if (it == entries_.end() || it->second.info.refcount == 0) return;
    --it->second.info.refcount;
    enforce_budget_locked(dropped);
  }
  free_dropped(dropped);
}

void SrsManager::enforce_budget_locked(Dropped& dropped) {
  for (;;) {
    size_t hot = 0;
    Entry* victim = nullptr;
    for (auto& [path, e] : entries_) {
      if (!e.srs) continue;
      hot += e.info.bytes;
      if (e.info.refcount == 0 && !e.info.installed && (victim == nullptr || e.last_used < victim->last_used)) {
        victim = &e;
      }
    }
    if (hot <= budget_ || victim == nullptr) return;
    drop_hot_locked(*victim, dropped);
  }
}

void SrsManager::drop_hot_locked(Entry& e, Dropped& dropped) {
  if (!e.srs) return;
  dropped.push_back(std::move(e.srs));
  e.srs = nullptr;
  e.info.bytes = 0;
  e.info.tier = e.file.bytes().empty() ? SrsTier::kCold : SrsTier::kWarm;
}

void SrsManager::free_dropped(Dropped& dropped) {
  for (auto& srs : dropped) {
    if (before_free_) before_free_(*srs);
    Reclaimer::shared().dispose(std::move(srs));
  }
  dropped.clear();
}

}  // namespace cuzk::engine
