// iden3 binfile container: header and section table, bounded section reads.
#include "circom/binfile.hpp"

#include <cstring>
#include <utility>

namespace cuzk::circom {

namespace {

uint32_t load_u32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
}

uint64_t load_u64(const uint8_t* p) {
  return static_cast<uint64_t>(load_u32(p)) | static_cast<uint64_t>(load_u32(p + 4)) << 32;
}

}  // namespace

Result<BinFile> BinFile::open(const std::string& path, std::string_view kind, uint32_t max_version) {
  auto mapped = MappedFile::open(path);
  if (!mapped.is_ok()) return mapped.status();
  const std::span<const uint8_t> bytes = mapped->bytes();
  auto parsed = parse(bytes, path, kind, max_version);
  if (!parsed.is_ok()) return parsed.status();
  parsed->file_ = std::move(mapped).value();  // the spans stay valid: the mapping does not move
  return parsed;
}

Result<BinFile> BinFile::parse(std::span<const uint8_t> bytes, const std::string& path, std::string_view kind,
                               uint32_t max_version) {
  BinFile out;
  out.path_ = path;
  out.kind_ = std::string(kind);
  constexpr size_t kHeaderBytes = 12;  // magic, version, section count
  if (bytes.size() < kHeaderBytes) {
    return out.error("truncated: " + std::to_string(bytes.size()) + " bytes, too short for a " + out.kind_ +
                     " file header (12 bytes)");
  }
  if (std::memcmp(bytes.data(), kind.data(), 4) != 0) {
    std::string magic;
    for (size_t i = 0; i < 4; ++i) {
      const char c = static_cast<char>(bytes[i]);
      magic += (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    return out.error("not a " + out.kind_ + " file (magic \"" + magic + "\", expected \"" + out.kind_ + "\")");
  }
  out.version_ = load_u32(bytes.data() + 4);
  if (out.version_ == 0 || out.version_ > max_version) {
    return out.error("unsupported " + out.kind_ + " version " + std::to_string(out.version_) + " (supported: 1.." +
                     std::to_string(max_version) + ")");
  }
  const uint32_t count = load_u32(bytes.data() + 8);
  size_t pos = kHeaderBytes;
  for (uint32_t i = 0; i < count; ++i) {
    constexpr size_t kSectionHeaderBytes = 12;  // type u32, size u64
    if (bytes.size() - pos < kSectionHeaderBytes) {
      return out.error("truncated: the header of section " + std::to_string(i) + " of " + std::to_string(count) +
                       " lies past the end of the file (offset " + std::to_string(pos) + ", file size " +
                       std::to_string(bytes.size()) + ")");
    }
    Section s;
    s.type = load_u32(bytes.data() + pos);
    const uint64_t size = load_u64(bytes.data() + pos + 4);
    pos += kSectionHeaderBytes;
    if (size > bytes.size() - pos) {
      return out.error("truncated: section " + std::to_string(s.type) + " declares " + std::to_string(size) +
                       " bytes at offset " + std::to_string(pos) + " but only " + std::to_string(bytes.size() - pos) +
                       " remain in the file");
    }
    s.offset = pos;
    s.payload = bytes.subspan(pos, static_cast<size_t>(size));
    pos += static_cast<size_t>(size);
    out.sections_.push_back(s);
  }
  if (pos != bytes.size()) {
    return out.error(std::to_string(bytes.size() - pos) + " unexpected bytes after the last of " + std::to_string(count) +
                     " sections");
  }
  return out;
}

bool BinFile::has_section(uint32_t type) const {
  for (const Section& s : sections_) {
    if (s.type == type) return true;
  }
  return false;
}

Result<Section> BinFile::unique_section(uint32_t type, std::string_view name) const {
  const Section* found = nullptr;
  for (const Section& s : sections_) {
    if (s.type != type) continue;
    if (found != nullptr) {
      return error("section " + std::to_string(type) + " (" + std::string(name) + ") appears more than once");
    }
    found = &s;
  }
  if (found == nullptr) return error("missing section " + std::to_string(type) + " (" + std::string(name) + ")");
  return *found;
}

Status BinFile::error(const std::string& problem) const { return Status::invalid_argument(path_ + ": " + problem); }

bool SectionReader::read_u32(uint32_t& out) {
  if (remaining() < 4) return false;
  out = load_u32(section_.payload.data() + pos_);
  pos_ += 4;
  return true;
}

bool SectionReader::read_u64(uint64_t& out) {
  if (remaining() < 8) return false;
  out = load_u64(section_.payload.data() + pos_);
  pos_ += 8;
  return true;
}

bool SectionReader::read_bytes(size_t n, std::span<const uint8_t>& out) {
  if (remaining() < n) return false;
  out = section_.payload.subspan(pos_, n);
  pos_ += n;
  return true;
}

Status SectionReader::error(const std::string& problem) const {
  return Status::invalid_argument(file_->path() + ": section " + std::to_string(section_.type) + " (" + name_ +
                                  "): " + problem);
}

Status SectionReader::truncated(const std::string& what, size_t needed) const {
  return error("truncated: " + what + " needs " + std::to_string(needed) + " bytes at offset " + std::to_string(pos_) +
               " of the section, only " + std::to_string(remaining()) + " remain");
}

Status SectionReader::expect_end() const {
  if (remaining() == 0) return Status::ok();
  return error("section size mismatch: " + std::to_string(remaining()) + " unexpected trailing bytes (section is " +
               std::to_string(section_.payload.size()) + " bytes)");
}

}  // namespace cuzk::circom
