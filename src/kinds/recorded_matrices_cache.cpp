// RecordedMatricesCache (recorded_matrices_cache.hpp): the parameter file's fingerprint, the cache
// in cuzk's folder with its log lines, the recording of the blank circuit.
#include "kinds/recorded_matrices_cache.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include "common/private_files.hpp"
#include "common/trusted_paths.hpp"
#include "r1cs/recorded_matrices_file.hpp"

namespace cuzk::kinds {
namespace {

// The bytes of a parameter file that its fingerprint covers: the verifying key comes first.
constexpr size_t kFingerprintBytes = size_t{1} << 20;

Result<uint64_t> params_fingerprint(const std::string& path) {
  CUZK_RETURN_IF_ERROR(check_trusted_file(path, "parameter file"));
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return Status(StatusCode::kNotFound, "parameter file " + path + " cannot be read");
  std::vector<uint8_t> head(static_cast<size_t>(std::min<uint64_t>(size, kFingerprintBytes)));
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  if (!in) return Status(StatusCode::kNotFound, "parameter file " + path + " cannot be read");
  return r1cs::matrices_file_checksum(head) ^ (size * 0x9e3779b97f4a7c15ull);
}

void log_line(const std::string& line) { std::cerr << "cuzk: " << line << std::endl; }

}  // namespace

std::string recorded_matrices_path(const std::string& matrices_dir, const std::string& params_path) {
  if (matrices_dir.empty()) return {};
  return (std::filesystem::path(matrices_dir) / (std::filesystem::path(params_path).filename().string() + ".matrices"))
      .string();
}

RecordedMatricesCache::RecordedMatricesCache(std::string circuit_id, std::string params_path, std::string matrices_dir,
                                             BlankCircuit blank_circuit)
    : circuit_id_(std::move(circuit_id)),
      params_path_(std::move(params_path)),
      matrices_dir_(std::move(matrices_dir)),
      blank_circuit_(std::move(blank_circuit)) {}

Result<std::shared_ptr<const r1cs::RecordedMatrices>> RecordedMatricesCache::get(ThreadPool& pool) const {
  MutexLock lock(mutex_);
  if (shape_) return shape_;
  CUZK_ASSIGN_OR_RETURN(r1cs::RecordedMatrices shape, load_or_record(pool));
  shape_ = std::make_shared<const r1cs::RecordedMatrices>(std::move(shape));
  held_bytes_.store(shape_->host_bytes(), std::memory_order_release);
  return shape_;
}

Result<r1cs::RecordedMatrices> RecordedMatricesCache::load_or_record(ThreadPool& pool) const {
  auto record = [&]() -> Result<r1cs::RecordedMatrices> {
    CUZK_ASSIGN_OR_RETURN(const std::unique_ptr<r1cs::Circuit> circuit, blank_circuit_());
    r1cs::MatricesRecorder recorder([&](uint64_t constraints) {
      log_line("recording '" + circuit_id_ + "': " + std::to_string(constraints) + " constraints");
    });
    CUZK_RETURN_IF_ERROR(circuit->synthesize(recorder));
    return std::move(recorder).finish();
  };
  auto record_in_memory = [&](const std::string& why) {
    log_line("recording '" + circuit_id_ + "' in memory (" + why + ": no cache)");
    return record();
  };
  std::error_code ec;
  if (!std::filesystem::exists(params_path_, ec)) {
    // Parameters made in memory (a test setup): nothing to key a cache by, nothing written.
    return record_in_memory(params_path_.empty() ? "parameters made in memory" : "no parameter file " + params_path_);
  }
  CUZK_ASSIGN_OR_RETURN(const uint64_t fingerprint, params_fingerprint(params_path_));
  // Keyed by the parameter file's name: circuits that share it (synthetic-64, synthetic-64x3)
  // share one shape and one cache.
  const r1cs::MatricesFileKey key{std::filesystem::path(params_path_).filename().string(), fingerprint};
  const std::string cache = recorded_matrices_path(matrices_dir_, params_path_);
  if (cache.empty()) return record_in_memory("no cache folder");
  if (Status folder = ensure_private_dir(matrices_dir_); !folder.is_ok()) {
    return record_in_memory("the cache folder cannot be used: " + folder.message());
  }
  // The folder is ours alone; a cache file in it that is not (another owner, writable by
  // others) is recorded again and replaced rather than read.
  if (Status trusted = check_trusted_file(cache, "recorded-matrices cache");
      !trusted.is_ok() && trusted.code() != StatusCode::kNotFound) {
    log_line(trusted.message() + "; recording it again");
    std::error_code removed;
    std::filesystem::remove(cache, removed);
  }
  // Loaded on threads of its own: `pool`'s workers are (or will be) other partitions of these
  // circuits, blocked on mutex_ right here — a parallel_for on `pool` would run one of them on
  // this thread while it holds mutex_ (it helps with queued work while it waits), a deadlock.
  ThreadPool loaders(pool.size());
  return r1cs::load_or_record_matrices(cache, key, record, loaders, log_line);
}

}  // namespace cuzk::kinds
