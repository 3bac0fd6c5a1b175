// The recorded constraint matrices of one native circuit (r1cs/recorded_matrices.hpp), cached in
// cuzk's own cache folder as `<matrices dir>/<parameter file name>.matrices`
// (r1cs/recorded_matrices_file.hpp) — never beside the parameters, which are the operator's:
// read on first use, or recorded from the circuit's blank instance (progress and size on stderr)
// and written there; a corrupt, truncated or stale file (another format, circuit id or
// parameter file) is recorded again, never used. The cache is keyed by the parameter file's
// name and fingerprint (its size and the checksum of its first MiB: the verifying key), which
// tie a recording to the parameters it was made from; circuits sharing a parameter file share
// its recording. The parameter file and the cache are trusted paths (common/trusted_paths.hpp),
// checked before each read. Without a parameter file (parameters made in memory by the test
// setup) or without a cache folder (empty, or one that cannot be made private) the matrices are
// recorded in memory and not cached.
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

// "<matrices_dir>/<parameter file name>.matrices"; empty when matrices_dir is.
std::string recorded_matrices_path(const std::string& matrices_dir, const std::string& params_path);

class RecordedMatricesCache {
 public:
  using BlankCircuit = std::function<Result<std::unique_ptr<r1cs::Circuit>>()>;
  // `matrices_dir`: the cache folder (made private at first use); empty: no cache.
  RecordedMatricesCache(std::string circuit_id, std::string params_path, std::string matrices_dir,
                        BlankCircuit blank_circuit);

  // The shape: the cache's or a new recording on the first call (which holds later callers
  // until it is done), the same shared form after; recorded in memory when the parameter file
  // does not exist. Thread-safe. Errors: kNotFound for a parameter file that cannot be read,
  // kInvalidArgument for one that is not trusted (named), the blank circuit's (a failed first
  // call is tried again by the next).
  Result<std::shared_ptr<const r1cs::RecordedMatrices>> get(ThreadPool& pool) const;
  // The host bytes of the shape once get() has it (held from then on, as long as this object
  // lives), 0 before. Never waits for a recording in progress.
  size_t held_bytes() const { return held_bytes_.load(std::memory_order_acquire); }

 private:
  // The shape from the cache or a new recording.
  Result<r1cs::RecordedMatrices> load_or_record(ThreadPool& pool) const CUZK_REQUIRES(mutex_);

  std::string circuit_id_;
  std::string params_path_;
  std::string matrices_dir_;
  BlankCircuit blank_circuit_;
  mutable Mutex mutex_;
  mutable std::shared_ptr<const r1cs::RecordedMatrices> shape_ CUZK_GUARDED_BY(mutex_);
  mutable std::atomic<size_t> held_bytes_{0};  // shape_'s host_bytes(), set with it
};

}  // namespace cuzk::kinds
