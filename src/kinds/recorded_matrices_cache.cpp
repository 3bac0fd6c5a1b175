// RecordedMatricesCache (recorded_matrices_cache.hpp): the parameter file's fingerprint, the cache policy
// with its log lines, the recording of the blank circuit.
#include "kinds/recorded_matrices_cache.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include "common/private_files.hpp"
#include "r1cs/recorded_matrices_file.hpp"

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
  return r1cs::matrices_file_checksum(head) ^ (size * 0x9e3779b97f4a7c15ull);
}

void log_line(const std::string& line) { std::cerr << "cuzk: " << line << std::endl; }

}  // namespace

std::string recorded_matrices_path(const std::string& params_path) {
  std::string path = params_path;
  path += ".matrices";
  return path;
}

bool folder_writable(const std::string& folder) { return ::access(folder.c_str(), W_OK) == 0; }

std::string recorded_matrices_cache_path(const std::string& params_path,
                                         const std::function<bool(const std::string&)>& writable) {
  const std::filesystem::path params(params_path);
  const std::string folder = params.has_parent_path() ? params.parent_path().string() : ".";
  if (writable(folder)) return recorded_matrices_path(params_path);
  std::filesystem::path cache;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    cache = xdg;
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    cache = std::filesystem::path(home) / ".cache";
  } else {
    return {};
  }
  cache /= "cuzk";
  cache /= "recorded-matrices";
  if (!ensure_private_dir(cache.string()).is_ok()) return {};
  return (cache / (params.filename().string() + ".matrices")).string();
}

RecordedMatricesCache::RecordedMatricesCache(std::string circuit_id, std::string params_path, BlankCircuit blank_circuit,
                                   std::function<bool(const std::string&)> writable)
    : circuit_id_(std::move(circuit_id)),
      params_path_(std::move(params_path)),
      blank_circuit_(std::move(blank_circuit)),
      writable_(std::move(writable)) {}

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
  // Loaded on threads of its own: `pool`'s workers are (or will be) other partitions of these
  // circuits, blocked on mutex_ right here — a parallel_for on `pool` would run one of them on
  // this thread while it holds mutex_ (it helps with queued work while it waits), a deadlock.
  ThreadPool loaders(pool.size());
  const std::string beside = recorded_matrices_path(params_path_);
  const std::string cache = recorded_matrices_cache_path(params_path_, writable_);
  if (cache != beside && std::filesystem::exists(beside, ec)) {
    // a read-only folder with a recording beside the parameters: used if it is valid
    Result<r1cs::RecordedMatrices> cached = r1cs::load_matrices_file(beside, key, loaders);
    if (cached.is_ok()) return cached;
    log_line(cached.status().message() + " (its folder is read-only: the cache goes to " +
             (cache.empty() ? std::string("memory") : cache) + ")");
  }
  if (cache.empty()) return record_in_memory(beside + " cannot be written and there is no user cache folder");
  return r1cs::load_or_record_matrices(cache, key, record, loaders, log_line);
}

}  // namespace cuzk::kinds
