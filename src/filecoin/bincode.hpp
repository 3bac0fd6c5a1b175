// Reading and writing Rust's bincode (1.x, default options), the encoding Curio sends vanilla
// proofs in (FallbackPoStSectorProof, SnapDeals PartitionProof): little-endian fixed-width
// integers, a Vec as a u64 element count then its elements, an enum as a u32 variant index then
// its fields, a [u8; 32] domain element as 32 raw bytes.
//
// BincodeReader never reads past its span and never trusts a count: count() refuses one that
// the remaining bytes cannot hold (each element needs at least `min_element_bytes`) or that
// exceeds a caller's maximum, so a caller may reserve() from it. Errors are kInvalidArgument
// naming the byte offset, the field (a caller-supplied path such as "inclusion proof 3:
// base_proof element 2: hashes") and what was wrong.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "ff/fr.hpp"

namespace cuzk::filecoin {

class BincodeReader {
 public:
  explicit BincodeReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  Result<uint32_t> u32(const std::string& field);
  Result<uint64_t> u64(const std::string& field);
  Result<std::array<uint8_t, 32>> bytes32(const std::string& field);
  // The next `n` bytes as they are (a view into the reader's span).
  Result<std::span<const uint8_t>> raw(const std::string& field, size_t n) { return take(field, n); }
  // A 32-byte little-endian field element; non-canonical values (≥ the modulus) are refused.
  Result<ff::Fr> fr(const std::string& field);
  // A Vec's u64 element count, refused above `max_count` or above what the remaining bytes can
  // hold at `min_element_bytes` (≥ 1) each.
  Result<uint64_t> count(const std::string& field, uint64_t max_count, uint64_t min_element_bytes);
  // kInvalidArgument naming the offset unless every byte was consumed.
  Status expect_end(const std::string& what) const;

  size_t offset() const { return offset_; }
  size_t remaining() const { return bytes_.size() - offset_; }
  // An error for `field` at the current offset (for a caller's own semantic checks).
  Status error(const std::string& field, const std::string& problem) const;

 private:
  Result<std::span<const uint8_t>> take(const std::string& field, size_t n);

  std::span<const uint8_t> bytes_;
  size_t offset_ = 0;
};

class BincodeWriter {
 public:
  void u32(uint32_t value);
  void u64(uint64_t value);
  void bytes(std::span<const uint8_t> data);
  // The canonical 32-byte little-endian encoding.
  void fr(const ff::Fr& value);

  const std::vector<uint8_t>& data() const& { return out_; }
  std::vector<uint8_t> take() && { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

}  // namespace cuzk::filecoin
