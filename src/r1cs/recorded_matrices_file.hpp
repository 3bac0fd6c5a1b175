// The on-disk cache of recorded constraint matrices, kept beside a circuit's parameters
// (`<params>.matrices`): recorded once per shape, read on later starts. Little-endian, in order:
//   magic "cuzk-mtx", u32 format version, u32 rows per chunk, u32 small-code bits,
//   u64 length + circuit id, u64 source fingerprint (the caller's: what the recording was made
//   from), u64 inputs, aux, constraints, u64 count + the dictionary (32-byte canonical
//   little-endian each), per matrix A, B, C: u64 rows, terms, count + chunk offsets, count +
//   bytes, per density (A aux, B input, B aux): u64 bits, count + words;
//   u64 checksum of everything before it (matrices_file_checksum).
// A file that is truncated, fails its checksum, has another magic, version or format
// constant, another circuit id or fingerprint, or fails validate_matrices is refused naming the
// reason, never used; load_or_record_matrices then records the shape again and replaces it.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <span>
#include <string>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/recorded_matrices.hpp"

namespace cuzk::r1cs {

inline constexpr uint32_t kMatricesFileVersion = 1;

// What a cache file must have been made for.
struct MatricesFileKey {
  std::string circuit_id;
  uint64_t source_fingerprint = 0;
};

// A 64-bit checksum of `bytes` (a multiply-xorshift fold over 8-byte words, then the length):
// detects corruption, not tampering (the file lives in the operator's private folder).
uint64_t matrices_file_checksum(std::span<const uint8_t> bytes);

// Writes the whole file for `shape` (checksum included) to `out`; the caller checks the stream.
void write_matrices_file(const RecordedMatrices& shape, const MatricesFileKey& key, std::ostream& out);

// The shape in a file's bytes. Errors: kInvalidArgument naming `path` and the reason
// (truncated, checksum, magic, version, key, structure).
Result<RecordedMatrices> decode_matrices_file(std::span<const uint8_t> bytes, const MatricesFileKey& key,
                                        const std::string& path, ThreadPool& pool);

// The shape in the file at `path` (mapped, then decode_matrices_file). Errors: the file's
// (kNotFound, …) and decode_matrices_file's.
Result<RecordedMatrices> load_matrices_file(const std::string& path, const MatricesFileKey& key, ThreadPool& pool);

// The cached shape at `path` if the file is there and valid for `key`; otherwise `record()`'s,
// written to `path` (atomically: a reader never sees half a file). `log` gets one line per
// event: a refused file and why, the recording's start and end (time, bytes), a failed write
// (the recording is still returned). Errors: record()'s.
Result<RecordedMatrices> load_or_record_matrices(const std::string& path, const MatricesFileKey& key,
                                           const std::function<Result<RecordedMatrices>()>& record, ThreadPool& pool,
                                           const std::function<void(const std::string&)>& log);

}  // namespace cuzk::r1cs
