// SrsManager: keeps circuits' parameters (SRS) resident in three tiers and hands out leases.
//
//   cold  known by path only (on disk)
//   warm  the file memory-mapped (pages in the OS cache; parsing from it is fast)
//   hot   parsed into memory, ready for the prover (on a GPU backend the bases are also uploaded
//         to the device at first use and stay there while the SRS is hot)
//
// acquire() makes an SRS hot (loading it if needed; concurrent acquirers of one SRS wait for a
// single load) and returns a lease that counts as a reference. Hot SRSs share a byte budget
// (the pinned budget); when a load takes the total over it, the least recently used hot SRSs
// with no references are demoted to warm until it fits. An SRS in use is never evicted: if the
// referenced ones alone exceed the budget, the budget is exceeded (and reported) rather than
// failing a job. Parameters made in memory (CircuitDef::make_test_srs) can be installed under
// a circuit's path instead: hot until evicted, never demoted (no file stands behind them).
// A parameter file that changes on disk (an operator's .params truncated or rewritten in place,
// a damaged generated file made again) never takes the process down (MappedFile's guard): a
// warm mapping that no longer matches the file is dropped and the file read as it is now; hot
// parameters whose file changed are read again at the next acquire that finds them unused; a
// load during which the file changed fails (kUnavailable naming the file) and the next load
// reads it afresh. Thread-safe.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <vector>

#include "common/mapped_file.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/circuit.hpp"

namespace cuzk::engine {

enum class SrsTier : uint8_t { kCold, kWarm, kHot };
std::string_view srs_tier_name(SrsTier t);  // "cold", "warm", "hot"

struct SrsInfo {
  std::string path;
  std::string circuit_id;  // the circuit that last loaded it
  SrsTier tier = SrsTier::kCold;
  size_t refcount = 0;
  size_t bytes = 0;  // in memory while hot
  double load_ms = 0;  // the last load
  bool installed = false;  // made in memory and installed (install()), not loaded from the path
};

class SrsManager;

// A reference to a hot SRS; releases it when destroyed. Move-only.
class SrsLease {
 public:
  SrsLease() = default;
  ~SrsLease();
  SrsLease(SrsLease&& other) noexcept;
  SrsLease& operator=(SrsLease&& other) noexcept;
  SrsLease(const SrsLease&) = delete;
  SrsLease& operator=(const SrsLease&) = delete;

  const LoadedSrs& srs() const { return *srs_; }
  explicit operator bool() const { return srs_ != nullptr; }

 private:
  friend class SrsManager;
  SrsLease(SrsManager* manager, std::string path, std::shared_ptr<const LoadedSrs> srs)
      : manager_(manager), path_(std::move(path)), srs_(std::move(srs)) {}
  void reset();

  SrsManager* manager_ = nullptr;
  std::string path_;
  std::shared_ptr<const LoadedSrs> srs_;
};

class SrsManager {
 public:
  // `before_free` runs for every hot SRS about to be dropped (backends release device copies).
  // `stop` (the engine's, requested when it shuts down) ends parameter generation early.
  SrsManager(size_t budget_bytes, ThreadPool& load_pool, std::function<void(const LoadedSrs&)> before_free,
             std::stop_token stop = {});
  ~SrsManager();

  // Makes the circuit's SRS hot and takes a reference. *load_ms: time spent here (≈0 when hot).
  // `stop`: the caller no longer needs it — a parameter generation this call runs then ends
  // (CANCELLED); a caller waiting for another's load that is stopped so loads it itself.
  // Errors: the load's (NOT_FOUND for a missing file, INVALID_ARGUMENT for a corrupt one,
  // UNAVAILABLE for one that changed while it was read).
  Result<SrsLease> acquire(const CircuitDef& circuit, double* load_ms = nullptr, std::stop_token stop = {});
  // acquire + release: the SRS stays hot (until evicted by the budget).
  Status preload(const CircuitDef& circuit);
  // Makes `srs` (parameters made in memory for `circuit`, CircuitDef::make_test_srs) the hot
  // SRS at circuit.srs_path(), replacing what was loaded there; acquire() hands it out from now
  // on, and the budget never demotes it (it counts in the hot bytes). FAILED_PRECONDITION while
  // the parameters at that path are loading or referenced.
  Status install(const CircuitDef& circuit, std::shared_ptr<const LoadedSrs> srs);
  // Drops the SRS at `path` to cold (installed parameters too: the path's file is loaded next).
  // FAILED_PRECONDITION while referenced, NOT_FOUND if unknown.
  Status evict(const std::string& path);

  std::vector<SrsInfo> list() const;
  size_t hot_bytes() const;
  size_t budget_bytes() const { return budget_; }

 private:
  friend class SrsLease;
  struct Entry {
    SrsInfo info;
    std::shared_ptr<const LoadedSrs> srs;  // set while hot
    MappedFile file;               // mapped while warm or hot
    bool loading = false;
    uint64_t last_used = 0;
  };

  using Dropped = std::vector<std::shared_ptr<const LoadedSrs>>;
  void release(const std::string& path);
  // Demotes unreferenced hot entries not installed, least recently used first, until hot bytes
  // ≤ budget.
  void enforce_budget_locked(Dropped& dropped);
  // Moves a hot entry's parameters into `dropped` (the entry becomes warm, or cold if unmapped).
  void drop_hot_locked(Entry& e, Dropped& dropped);
  // Outside the lock: before_free for each (backends drop device copies, which may wait for a
  // proof in progress on that device), then the reclaimer frees them.
  void free_dropped(Dropped& dropped);

  const size_t budget_;
  ThreadPool& load_pool_;
  std::function<void(const LoadedSrs&)> before_free_;
  const std::stop_token stop_;
  mutable std::mutex mutex_;
  std::condition_variable loaded_;
  std::map<std::string, Entry> entries_;  // GUARDED_BY(mutex_)
  uint64_t clock_ = 0;                    // GUARDED_BY(mutex_)
};

}  // namespace cuzk::engine
