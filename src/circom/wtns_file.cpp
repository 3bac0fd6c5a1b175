// .wtns reader/writer (format in wtns_file.hpp).
#include "circom/wtns_file.hpp"

#include <fstream>

#include "circom/field_io.hpp"

namespace cuzk::circom {

namespace {

constexpr uint32_t kHeaderSection = 1;
constexpr uint32_t kValuesSection = 2;

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void put_u64(std::vector<uint8_t>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

}  // namespace

Result<std::vector<ff::Fr>> read_wtns(const std::string& path) {
  auto file = BinFile::open(path, "wtns", 2);
  if (!file.is_ok()) return file.status();
  return parse_wtns(*file);
}

Result<std::vector<ff::Fr>> parse_wtns(const BinFile& file) {
  auto header = file.unique_section(kHeaderSection, "header");
  if (!header.is_ok()) return header.status();
  SectionReader hr(file, *header, "header");
  CUZK_RETURN_IF_ERROR(read_scalar_field_prime(hr, file.path() + ": section 1 (header)"));
  uint32_t count = 0;
  if (!hr.read_u32(count)) return hr.truncated("the witness count", 4);
  CUZK_RETURN_IF_ERROR(hr.expect_end());

  auto values = file.unique_section(kValuesSection, "values");
  if (!values.is_ok()) return values.status();
  SectionReader vr(file, *values, "values");
  if (vr.remaining() != uint64_t{count} * kFrBytes) {
    return vr.error("size mismatch: the header announces " + std::to_string(count) + " values (" +
                    std::to_string(uint64_t{count} * kFrBytes) + " bytes), the section has " +
                    std::to_string(vr.remaining()) + " bytes");
  }
  std::vector<ff::Fr> out(count);
  for (uint32_t i = 0; i < count; ++i) {
    std::span<const uint8_t> bytes;
    vr.read_bytes(kFrBytes, bytes);  // cannot fail: size checked above
    const auto v = fr_from_le(bytes.first<kFrBytes>());
    if (!v) return vr.error("value " + std::to_string(i) + " is not below r");
    out[i] = *v;
  }
  return out;
}

std::vector<uint8_t> wtns_to_bytes(std::span<const ff::Fr> witness) {
  std::vector<uint8_t> out = {'w', 't', 'n', 's'};
  put_u32(out, 2);  // version
  put_u32(out, 2);  // sections
  put_u32(out, kHeaderSection);
  put_u64(out, 4 + kFrBytes + 4);
  put_u32(out, kFrBytes);
  std::array<uint8_t, kFrBytes> buf{};
  ff::limbs_to_bytes_le<4>(ff::Fr::modulus(), buf);
  out.insert(out.end(), buf.begin(), buf.end());
  put_u32(out, static_cast<uint32_t>(witness.size()));
  put_u32(out, kValuesSection);
  put_u64(out, uint64_t{kFrBytes} * witness.size());
  for (const ff::Fr& v : witness) {
    fr_to_le(v, buf);
    out.insert(out.end(), buf.begin(), buf.end());
  }
  return out;
}

Status write_wtns(const std::string& path, std::span<const ff::Fr> witness) {
  if (witness.size() > UINT32_MAX) return Status::invalid_argument(path + ": too many witness values for a .wtns");
  const std::vector<uint8_t> bytes = wtns_to_bytes(witness);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return Status::internal(path + ": write failed");
  return Status::ok();
}

}  // namespace cuzk::circom
