// RecordedMatrices (recorded_matrices.hpp): the parameter file's fingerprint, the cache policy
// with its log lines, the recording of the blank circuit.
#include "kinds/recorded_matrices.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include "r1cs/compact_matrices_file.hpp"

namespace cuzk::kinds {
namespace {

// The bytes of a parameter file that its fingerprint covers: the verifying key comes first.
constexpr size_t kFingerprintBytes = size_t{1} << 20;

Result<uint64_t> params_fingerprint(const std::string& path) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return Status(StatusCode::kNotFound, "parameter file " + path + " cannot be read");
  std::vector<uint8_t> head(static_cast<size_t>(std::min<uint64_t>(size, kFingerprintBytes)));
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  if (!in) return Status(StatusCode::kNotFound, "parameter file " + path + " cannot be read");
  return r1cs::compact_file_checksum(head) ^ (size * 0x9e3779b97f4a7c15ull);
}

void log_line(const std::string& line) { std::cerr << "cuzk: " << line << std::endl; }

}  // namespace

std::string recorded_matrices_path(const std::string& params_path) {
  std::string path = params_path;
  path += ".pce";
  return path;
}

RecordedMatrices::RecordedMatrices(std::string circuit_id, std::string params_path, BlankCircuit blank_circuit)
    : circuit_id_(std::move(circuit_id)), params_path_(std::move(params_path)), blank_circuit_(std::move(blank_circuit)) {}

Result<std::shared_ptr<const r1cs::CompactR1cs>> RecordedMatrices::get(ThreadPool& pool) const {
  MutexLock lock(mutex_);
  if (shape_) return shape_;
  auto record = [&]() -> Result<r1cs::CompactR1cs> {
    CUZK_ASSIGN_OR_RETURN(const std::unique_ptr<r1cs::Circuit> circuit, blank_circuit_());
    r1cs::CompactRecorder recorder([&](uint64_t constraints) {
      log_line("recording '" + circuit_id_ + "': " + std::to_string(constraints) + " constraints");
    });
    CUZK_RETURN_IF_ERROR(circuit->synthesize(recorder));
    return std::move(recorder).finish();
  };
  std::error_code ec;
  if (!std::filesystem::exists(params_path_, ec)) {
    // Parameters made in memory (a test setup): nothing to key a cache by, nothing written.
    std::string line = "recording '" + circuit_id_;
    line += "' in memory (";
    line += params_path_.empty() ? "parameters made in memory" : "no parameter file " + params_path_;
    line += ": no cache)";
    log_line(line);
    CUZK_ASSIGN_OR_RETURN(r1cs::CompactR1cs shape, record());
    shape_ = std::make_shared<const r1cs::CompactR1cs>(std::move(shape));
    return shape_;
  }
  CUZK_ASSIGN_OR_RETURN(const uint64_t fingerprint, params_fingerprint(params_path_));
  // Keyed by the parameter file's name: circuits that share it (synthetic-64, synthetic-64x3)
  // share one shape and one cache.
  const r1cs::CompactFileKey key{std::filesystem::path(params_path_).filename().string(), fingerprint};
  // Loaded on threads of its own: `pool`'s workers are (or will be) other partitions of these
  // circuits, blocked on mutex_ right here — a parallel_for on `pool` would run one of them on
  // this thread while it holds mutex_ (it helps with queued work while it waits), a deadlock.
  ThreadPool loaders(pool.size());
  CUZK_ASSIGN_OR_RETURN(r1cs::CompactR1cs shape, r1cs::load_or_record_compact(recorded_matrices_path(params_path_), key,
                                                                             record, loaders, log_line));
  shape_ = std::make_shared<const r1cs::CompactR1cs>(std::move(shape));
  return shape_;
}

}  // namespace cuzk::kinds
