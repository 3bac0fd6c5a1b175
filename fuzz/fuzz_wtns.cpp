// libFuzzer target: circom .wtns reader (BinFile::parse + parse_wtns, the in-memory path behind
// read_wtns), versions 1 and 2.
//
// Invariants checked on every accepted file:
//   * wtns_to_bytes(values) parses back to the same values;
//   * a file in exactly the layout snarkjs writes (version 2, sections 1 then 2, nothing else)
//     re-serializes to the very same bytes;
//   * for one input in 16, the path API (read_wtns: MappedFile's mmap, empty files included)
//     gives the same result as the in-memory parse, via a per-process file under /tmp.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "circom/binfile.hpp"
#include "circom/wtns_file.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

namespace {

const std::string& temp_path() {
  static const std::string path = "/tmp/cuzk_fuzz_wtns_" + std::to_string(::getpid()) + ".wtns";
  return path;
}

// read_wtns over the same bytes written to a file: same verdict, same values.
void check_path_api(const uint8_t* data, size_t size, const Result<std::vector<ff::Fr>>& in_memory) {
  {
    std::ofstream out(temp_path(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  auto from_file = circom::read_wtns(temp_path());
  std::remove(temp_path().c_str());
  FUZZ_CHECK(from_file.is_ok() == in_memory.is_ok());
  if (from_file.is_ok()) {
    FUZZ_CHECK(*from_file == *in_memory);
  } else {
    FUZZ_CHECK(from_file.status().code() == in_memory.status().code());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.wtns";
  const auto input = fuzz::bytes_of(data, size);
  auto file = circom::BinFile::parse(input, path, "wtns", 2);
  const bool via_path = size == 0 || (data[size - 1] & 0xf) == 0;
  if (!file.is_ok()) {
    FUZZ_CHECK(file.status().code() == StatusCode::kInvalidArgument);
    if (via_path) check_path_api(data, size, file.status());
    return 0;
  }
  auto values = circom::parse_wtns(*file);
  if (via_path) check_path_api(data, size, values);
  if (!values.is_ok()) {
    FUZZ_CHECK(values.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(values.status().message().find(path) != std::string::npos);
    return 0;
  }
  const std::vector<uint8_t> again = circom::wtns_to_bytes(*values);
  auto file2 = circom::BinFile::parse(again, "again.wtns", "wtns", 2);
  FUZZ_CHECK(file2.is_ok());
  auto values2 = circom::parse_wtns(*file2);
  FUZZ_CHECK(values2.is_ok());
  FUZZ_CHECK(*values2 == *values);

  const auto& sections = file->sections();
  if (file->version() == 2 && sections.size() == 2 && sections[0].type == 1 && sections[1].type == 2) {
    FUZZ_CHECK(again.size() == size);
    FUZZ_CHECK(std::equal(again.begin(), again.end(), data));
  }
  return 0;
}
