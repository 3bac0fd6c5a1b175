// The iden3 "binfile" container shared by circom/snarkjs's .r1cs, .wtns and .zkey files
// (@iden3/binfileutils readBinFile / startReadUniqueSection / endReadSection):
//
//   magic    4 bytes ("r1cs", "wtns", "zkey")
//   version  u32 LE
//   count    u32 LE, the number of sections
//   then `count` times: type u32 LE, size u64 LE, `size` bytes of payload
//
// All integers are little-endian. A section type may appear once only where the reader asks for
// it (snarkjs: "Section Duplicated"); unknown types are skipped. Every read is bounds-checked:
// a truncated or corrupt file yields a Status naming the file, the section and the problem,
// never a crash, and no allocation is sized from a count before the bytes for it are known
// to be present.
//
// The file is memory-mapped read-only (a zkey can be many GiB); BinFile owns the mapping and is
// move-only. Thread-compatible: concurrent const access is safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/mapped_file.hpp"
#include "common/status.hpp"

namespace cuzk::circom {

// The mapping type binfiles are read through (common/mapped_file.hpp).
using MappedFile = ::cuzk::MappedFile;

// One section of a binfile: its type, name (for messages) and payload.
struct Section {
  uint32_t type = 0;
  uint64_t offset = 0;  // of the payload, from the start of the file
  std::span<const uint8_t> payload;
};

// A parsed binfile container. `kind` ("zkey", …) is both the expected magic and the word used
// in messages; `path` names the file in every message.
class BinFile {
 public:
  // Opens and maps `path`, checks the magic and the version (1 ≤ version ≤ max_version) and
  // reads the section table (every section must lie inside the file).
  static Result<BinFile> open(const std::string& path, std::string_view kind, uint32_t max_version);
  // Same over bytes the caller keeps alive (tests; `path` is only used in messages).
  static Result<BinFile> parse(std::span<const uint8_t> bytes, const std::string& path, std::string_view kind,
                               uint32_t max_version);

  const std::string& path() const { return path_; }
  uint32_t version() const { return version_; }
  const std::vector<Section>& sections() const { return sections_; }
  bool has_section(uint32_t type) const;

  // The single section of `type`; `name` describes it in messages ("section 2 (header)").
  // Errors: missing, or present more than once.
  Result<Section> unique_section(uint32_t type, std::string_view name) const;

  // "<path>: <problem>" as INVALID_ARGUMENT.
  Status error(const std::string& problem) const;

 private:
  MappedFile file_;
  std::string path_;
  std::string kind_;
  uint32_t version_ = 0;
  std::vector<Section> sections_;
};

// A bounds-checked little-endian cursor over one section's payload. Each read returns false
// when the section is too short (the caller turns that into a Status with `truncated()`), and
// never reads past the end.
class SectionReader {
 public:
  SectionReader(const BinFile& file, const Section& section, std::string name)
      : file_(&file), section_(section), name_(std::move(name)) {}

  size_t position() const { return pos_; }
  size_t remaining() const { return section_.payload.size() - pos_; }

  bool read_u32(uint32_t& out);
  bool read_u64(uint64_t& out);
  // A view of the next n bytes (valid while the BinFile lives).
  bool read_bytes(size_t n, std::span<const uint8_t>& out);

  // "<path>: section <type> (<name>): <problem>" as INVALID_ARGUMENT.
  Status error(const std::string& problem) const;
  // error("truncated: <what> needs N bytes at offset X of the section, only M remain")
  Status truncated(const std::string& what, size_t needed) const;
  // OK if the whole section was consumed, else an error naming the trailing byte count
  // (snarkjs: "Invalid section size reading").
  Status expect_end() const;

 private:
  const BinFile* file_;
  Section section_;
  std::string name_;
  size_t pos_ = 0;
};

// True if `count` items of `item_bytes` each fit into `available` bytes (no overflow).
inline bool fits(uint64_t count, uint64_t item_bytes, uint64_t available) {
  return item_bytes == 0 || count <= available / item_bytes;
}

}  // namespace cuzk::circom
