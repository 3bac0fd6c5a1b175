// The recorded constraint matrices of one native circuit (r1cs/recorded_matrices.hpp), kept
// beside its parameter file as `<params>.matrices` (r1cs/recorded_matrices_file.hpp): read on first
// use, or recorded from the circuit's blank instance (progress and size on stderr) and written
// there; a corrupt, truncated or stale file (another format, circuit id or parameter file) is
// recorded again, never used. The cache is keyed by the parameter file's name and fingerprint
// (its size and the checksum of its first MiB: the verifying key), which tie a recording to the
// parameters it was made beside; circuits sharing a parameter file share its recording. Without
// a parameter file (an empty path: parameters made in memory by the test setup) the matrices
// are recorded in memory and not cached. Beside parameters in a folder this process cannot
// write (an operator's read-only parameter store), a valid recording already there is used;
// otherwise the cache lives in the user's cache folder (recorded_matrices_cache_path), so that
// a read-only store is recorded once per user, not once per process.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "common/status.hpp"
#include "common/thread_annotations.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::kinds {

// "<params_path>.matrices".
std::string recorded_matrices_path(const std::string& params_path);

// Whether this process may create files in `folder` (access(2) W_OK: false on a read-only mount).
bool folder_writable(const std::string& folder);

// Where the recording of `params_path` is cached and written: recorded_matrices_path() when
// `writable` says its folder is; else "<parameter file name>.matrices" in $XDG_CACHE_HOME/cuzk/
// recorded-matrices, or ~/.cache/cuzk/recorded-matrices without XDG_CACHE_HOME (made private,
// common/private_files.hpp); empty when there is neither (no HOME) or that folder cannot be made.
std::string recorded_matrices_cache_path(const std::string& params_path,
                                         const std::function<bool(const std::string&)>& writable = folder_writable);

class RecordedMatricesCache {
 public:
  using BlankCircuit = std::function<Result<std::unique_ptr<r1cs::Circuit>>()>;
  // `writable` decides where the cache goes (recorded_matrices_cache_path).
  RecordedMatricesCache(std::string circuit_id, std::string params_path, BlankCircuit blank_circuit,
                   std::function<bool(const std::string&)> writable = folder_writable);

  // The shape: the cache's or a new recording on the first call (which holds later callers
  // until it is done), the same shared form after; recorded in memory when the parameter file
  // does not exist. Thread-safe. Errors: kNotFound for a parameter file that cannot be read,
  // the blank circuit's (a failed first call is tried again by the next).
  Result<std::shared_ptr<const r1cs::RecordedMatrices>> get(ThreadPool& pool) const;
  // The host bytes of the shape once get() has it (held from then on, as long as this object
  // lives), 0 before. Never waits for a recording in progress.
  size_t held_bytes() const { return held_bytes_.load(std::memory_order_acquire); }

 private:
  // The shape from a cache (beside the parameters or the user's) or a new recording.
  Result<r1cs::RecordedMatrices> load_or_record(ThreadPool& pool) const CUZK_REQUIRES(mutex_);

  std::string circuit_id_;
  std::string params_path_;
  BlankCircuit blank_circuit_;
  std::function<bool(const std::string&)> writable_;
  mutable Mutex mutex_;
  mutable std::shared_ptr<const r1cs::RecordedMatrices> shape_ CUZK_GUARDED_BY(mutex_);
  mutable std::atomic<size_t> held_bytes_{0};  // shape_'s host_bytes(), set with it
};

}  // namespace cuzk::kinds
