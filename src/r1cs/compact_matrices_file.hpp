// The on-disk cache of recorded constraint matrices, kept beside a circuit's parameters
// (`<params>.pce`): recorded once per shape, read on later starts. Little-endian, in order:
//   magic "cuzk-pce", u32 format version, u32 rows per chunk, u32 small-code bits,
//   u64 length + circuit id, u64 source fingerprint (the caller's: what the recording was made
//   from), u64 inputs, aux, constraints, u64 count + the dictionary (32-byte canonical
//   little-endian each), per matrix A, B, C: u64 rows, terms, count + chunk offsets, count +
//   bytes, per density (A aux, B input, B aux): u64 bits, count + words;
//   u64 checksum of everything before it (compact_file_checksum).
// A file that is truncated, fails its checksum, has another magic, version or format
// constant, another circuit id or fingerprint, or fails validate_compact is refused naming the
// reason, never used; load_or_record_compact then records the shape again and replaces it.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <span>
#include <string>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "r1cs/compact_matrices.hpp"

namespace cuzk::r1cs {

inline constexpr uint32_t kCompactFileVersion = 1;

// What a cache file must have been made for.
struct CompactFileKey {
  std::string circuit_id;
  uint64_t source_fingerprint = 0;
};

// A 64-bit checksum of `bytes` (a multiply-xorshift fold over 8-byte words, then the length):
// detects corruption, not tampering (the file lives in the operator's private folder).
uint64_t compact_file_checksum(std::span<const uint8_t> bytes);

// Writes the whole file for `shape` (checksum included) to `out`; the caller checks the stream.
void write_compact_file(const CompactR1cs& shape, const CompactFileKey& key, std::ostream& out);

// The shape in a file's bytes. Errors: kInvalidArgument naming `path` and the reason
// (truncated, checksum, magic, version, key, structure).
Result<CompactR1cs> decode_compact_file(std::span<const uint8_t> bytes, const CompactFileKey& key,
                                        const std::string& path, ThreadPool& pool);

// The shape in the file at `path` (mapped, then decode_compact_file). Errors: the file's
// (kNotFound, …) and decode_compact_file's.
Result<CompactR1cs> load_compact_file(const std::string& path, const CompactFileKey& key, ThreadPool& pool);

// The cached shape at `path` if the file is there and valid for `key`; otherwise `record()`'s,
// written to `path` (atomically: a reader never sees half a file). `log` gets one line per
// event: a refused file and why, the recording's start and end (time, bytes), a failed write
// (the recording is still returned). Errors: record()'s.
Result<CompactR1cs> load_or_record_compact(const std::string& path, const CompactFileKey& key,
                                           const std::function<Result<CompactR1cs>()>& record, ThreadPool& pool,
                                           const std::function<void(const std::string&)>& log);

}  // namespace cuzk::r1cs
