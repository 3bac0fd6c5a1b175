// The recorded constraint matrices of one native circuit (r1cs/compact_matrices.hpp), kept
// beside its parameter file as `<params>.pce` (r1cs/compact_matrices_file.hpp): read on first
// use, or recorded from the circuit's blank instance (progress and size on stderr) and written
// there; a corrupt, truncated or stale file (another format, circuit id or parameter file) is
// recorded again, never used. The cache is keyed by the parameter file's name and fingerprint
// (its size and the checksum of its first MiB: the verifying key), which tie a recording to the
// parameters it was made beside; circuits sharing a parameter file share its recording. Without
// a parameter file (an empty path: parameters made in memory by the test setup) the matrices
// are recorded in memory and not cached.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "common/status.hpp"
#include "common/thread_annotations.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/compact_matrices.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::kinds {

// "<params_path>.pce".
std::string recorded_matrices_path(const std::string& params_path);

class RecordedMatrices {
 public:
  using BlankCircuit = std::function<Result<std::unique_ptr<r1cs::Circuit>>()>;
  RecordedMatrices(std::string circuit_id, std::string params_path, BlankCircuit blank_circuit);

  // The shape: the cache's or a new recording on the first call (which holds later callers
  // until it is done), the same shared form after; recorded in memory when the parameter file
  // does not exist. Thread-safe. Errors: kNotFound for a parameter file that cannot be read,
  // the blank circuit's (a failed first call is tried again by the next).
  Result<std::shared_ptr<const r1cs::CompactR1cs>> get(ThreadPool& pool) const;

 private:
  std::string circuit_id_;
  std::string params_path_;
  BlankCircuit blank_circuit_;
  mutable Mutex mutex_;
  mutable std::shared_ptr<const r1cs::CompactR1cs> shape_ CUZK_GUARDED_BY(mutex_);
};

}  // namespace cuzk::kinds
