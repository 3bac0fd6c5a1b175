// bincode reading with checked counts and offsets in errors; writing.
#include "filecoin/bincode.hpp"

#include <optional>

namespace cuzk::filecoin {

Status BincodeReader::error(const std::string& field, const std::string& problem) const {
  std::string message = "byte ";
  message += std::to_string(offset_);
  message += ": ";
  message += field;
  message += ": ";
  message += problem;
  return Status::invalid_argument(std::move(message));
}

Result<std::span<const uint8_t>> BincodeReader::take(const std::string& field, size_t n) {
  if (remaining() < n) {
    std::string problem = "truncated (needs ";
    problem += std::to_string(n);
    problem += " bytes, ";
    problem += std::to_string(remaining());
    problem += " left)";
    return error(field, problem);
  }
  const std::span<const uint8_t> out = bytes_.subspan(offset_, n);
  offset_ += n;
  return out;
}

Result<uint32_t> BincodeReader::u32(const std::string& field) {
  CUZK_ASSIGN_OR_RETURN(const std::span<const uint8_t> b, take(field, 4));
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v |= uint32_t{b[i]} << (8 * i);
  return v;
}

Result<uint64_t> BincodeReader::u64(const std::string& field) {
  CUZK_ASSIGN_OR_RETURN(const std::span<const uint8_t> b, take(field, 8));
  uint64_t v = 0;
  for (size_t i = 0; i < 8; ++i) v |= uint64_t{b[i]} << (8 * i);
  return v;
}

Result<std::array<uint8_t, 32>> BincodeReader::bytes32(const std::string& field) {
  CUZK_ASSIGN_OR_RETURN(const std::span<const uint8_t> b, take(field, 32));
  std::array<uint8_t, 32> out;
  for (size_t i = 0; i < 32; ++i) out[i] = b[i];
  return out;
}

Result<ff::Fr> BincodeReader::fr(const std::string& field) {
  CUZK_ASSIGN_OR_RETURN(const std::span<const uint8_t> b, take(field, 32));
  const std::optional<ff::Fr> v = ff::Fr::from_bytes_le(b.first<32>());
  if (!v) {
    offset_ -= 32;
    return error(field, "not a canonical field element (≥ the BLS12-381 scalar modulus)");
  }
  return *v;
}

Result<uint64_t> BincodeReader::count(const std::string& field, uint64_t max_count, uint64_t min_element_bytes) {
  const size_t at = offset_;
  CUZK_ASSIGN_OR_RETURN(const uint64_t n, u64(field));
  const size_t left = remaining();
  const uint64_t fits = left / (min_element_bytes == 0 ? 1 : min_element_bytes);
  if (n > max_count || n > fits) {
    offset_ = at;
    std::string problem = "count ";
    problem += std::to_string(n);
    if (n > max_count) {
      problem += " above the maximum ";
      problem += std::to_string(max_count);
    } else {
      problem += " cannot fit in the ";
      problem += std::to_string(left);
      problem += " bytes left";
    }
    return error(field, problem);
  }
  return n;
}

Status BincodeReader::expect_end(const std::string& what) const {
  if (remaining() == 0) return Status::ok();
  std::string problem = std::to_string(remaining());
  problem += " trailing bytes";
  return error(what, problem);
}

void BincodeWriter::u32(uint32_t value) {
  for (size_t i = 0; i < 4; ++i) out_.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

void BincodeWriter::u64(uint64_t value) {
  for (size_t i = 0; i < 8; ++i) out_.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

void BincodeWriter::bytes(std::span<const uint8_t> data) { out_.insert(out_.end(), data.begin(), data.end()); }

void BincodeWriter::fr(const ff::Fr& value) {
  std::array<uint8_t, 32> b;
  value.to_bytes_le(b);
  bytes(b);
}

}  // namespace cuzk::filecoin
