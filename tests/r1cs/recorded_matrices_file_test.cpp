// The cache file of recorded constraint matrices: a written file reads back to the same form;
// a corrupt byte, a truncation, another format version, circuit id or fingerprint are refused
// naming the reason, and load_or_record_matrices then records again and replaces the file; a
// valid file is used without recording.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <cstring>
#include <sstream>

#include "circuits/synthetic.hpp"
#include "r1cs/recorded_matrices_file.hpp"

namespace cuzk::r1cs {
namespace {

RecordedMatrices record_synthetic() {
  MatricesRecorder recorder;
  EXPECT_TRUE(circuits::SyntheticCircuit(1000, 3).synthesize(recorder).is_ok());
  return std::move(recorder).finish();
}

std::vector<uint8_t> file_bytes(const RecordedMatrices& shape, const MatricesFileKey& key) {
  std::ostringstream out;
  write_matrices_file(shape, key, out);
  const std::string s = out.str();
  return {s.begin(), s.end()};
}

void expect_same_form(const RecordedMatrices& got, const RecordedMatrices& want) {
  EXPECT_EQ(got.num_inputs, want.num_inputs);
  EXPECT_EQ(got.num_aux, want.num_aux);
  EXPECT_EQ(got.num_constraints, want.num_constraints);
  EXPECT_EQ(got.coefficients, want.coefficients);
  for (const auto& [g, w] : {std::pair{&got.a, &want.a}, std::pair{&got.b, &want.b}, std::pair{&got.c, &want.c}}) {
    EXPECT_EQ(g->bytes, w->bytes);
    EXPECT_EQ(g->chunk_offsets, w->chunk_offsets);
    EXPECT_EQ(g->terms, w->terms);
  }
  EXPECT_EQ(got.b_aux_density.popcount(), want.b_aux_density.popcount());
  EXPECT_EQ(got.host_bytes(), want.host_bytes());
}

// The file with `bytes` patched at `offset` and its checksum made valid again.
std::vector<uint8_t> patched(std::vector<uint8_t> bytes, size_t offset, uint8_t value) {
  bytes[offset] = value;
  const uint64_t sum = matrices_file_checksum(std::span<const uint8_t>(bytes).first(bytes.size() - 8));
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
  return bytes;
}

TEST(RecordedMatricesFile, RoundTrips) {
  ThreadPool pool(2);
  const RecordedMatrices shape = record_synthetic();
  const MatricesFileKey key{"synthetic-1000", 42};
  const std::vector<uint8_t> bytes = file_bytes(shape, key);
  Result<RecordedMatrices> read = decode_matrices_file(bytes, key, "f.matrices", pool);
  ASSERT_TRUE(read.is_ok()) << read.status().to_string();
  expect_same_form(*read, shape);
}

TEST(RecordedMatricesFile, RefusesCorruptTruncatedAndStaleFiles) {
  ThreadPool pool(2);
  const RecordedMatrices shape = record_synthetic();
  const MatricesFileKey key{"synthetic-1000", 42};
  const std::vector<uint8_t> good = file_bytes(shape, key);
  auto reason = [&](const std::vector<uint8_t>& bytes, const MatricesFileKey& k) {
    const Result<RecordedMatrices> r = decode_matrices_file(bytes, k, "f.matrices", pool);
    EXPECT_FALSE(r.is_ok());
    if (r.is_ok()) return std::string();
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
    return r.status().message();
  };
  std::vector<uint8_t> flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  EXPECT_NE(reason(flipped, key).find("checksum"), std::string::npos);
  const std::vector<uint8_t> truncated(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(good.size() - 100));
  EXPECT_NE(reason(truncated, key).find("checksum"), std::string::npos);
  EXPECT_NE(reason({good.begin(), good.begin() + 5}, key).find("truncated"), std::string::npos);
  EXPECT_NE(reason(patched(good, 0, 'C'), key).find("not a recorded-matrices file"), std::string::npos);
  EXPECT_NE(reason(patched(good, 8, kMatricesFileVersion + 1), key).find("format version"), std::string::npos);
  EXPECT_NE(reason(good, {"synthetic-1001", 42}).find("stale"), std::string::npos);
  EXPECT_NE(reason(good, {"synthetic-1000", 43}).find("stale"), std::string::npos);
  // A valid checksum over a malformed structure: an offset past its matrix (validate_matrices).
  const size_t header = 8 + 12 + 8 + key.circuit_id.size() + 8 + 24 + 8 + 32 * shape.coefficients.size();
  const size_t first_offset_of_a = header + 16 + 8;  // rows, terms, count
  const std::string structure = reason(patched(good, first_offset_of_a + 8 + 7, 0x7f), key);
  EXPECT_NE(structure.find("matrix A"), std::string::npos) << structure;
}

TEST(RecordedMatricesFile, LoadOrRecordUsesAValidCacheAndReplacesABadOne) {
  ThreadPool pool(2);
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "cuzk-matrices-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "synthetic-1000.params.matrices").string();
  const MatricesFileKey key{"synthetic-1000", 7};
  size_t recordings = 0;
  std::vector<std::string> lines;
  auto record = [&]() -> Result<RecordedMatrices> {
    ++recordings;
    return record_synthetic();
  };
  auto log = [&](const std::string& line) { lines.push_back(line); };

  Result<RecordedMatrices> first = load_or_record_matrices(path, key, record, pool, log);
  ASSERT_TRUE(first.is_ok());
  EXPECT_EQ(recordings, 1u);
  ASSERT_TRUE(std::filesystem::exists(path));
  Result<RecordedMatrices> second = load_or_record_matrices(path, key, record, pool, log);
  ASSERT_TRUE(second.is_ok());
  EXPECT_EQ(recordings, 1u);  // read from the cache
  expect_same_form(*second, *first);

  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(200);
    f.put('\x55');
  }
  lines.clear();
  Result<RecordedMatrices> third = load_or_record_matrices(path, key, record, pool, log);
  ASSERT_TRUE(third.is_ok());
  EXPECT_EQ(recordings, 2u);  // refused, recorded again
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines[0].find("checksum"), std::string::npos) << lines[0];
  expect_same_form(*third, *first);
  ASSERT_TRUE(load_or_record_matrices(path, key, record, pool, log).is_ok());
  EXPECT_EQ(recordings, 2u);  // the file was replaced by a good one

  std::filesystem::resize_file(path, 1000);
  ASSERT_TRUE(load_or_record_matrices(path, key, record, pool, log).is_ok());
  EXPECT_EQ(recordings, 3u);
  ASSERT_TRUE(load_or_record_matrices(path, {"synthetic-1000", 8}, record, pool, log).is_ok());
  EXPECT_EQ(recordings, 4u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cuzk::r1cs
