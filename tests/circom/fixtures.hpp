// Test support for the circom/snarkjs fixtures (tests/fixtures/circom/<name>/, made by
// tools/circom/make_fixtures.sh). Large fixtures keep their binary files in bulk.tar.xz, which
// tests/circom/CMakeLists.txt extracts into the build tree (CUZK_CIRCOM_BULK_DIR); fixture_path
// looks in the source tree first, then there.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace cuzk::test {

// Every BLS12-381 fixture circuit.
inline const std::vector<std::string>& circom_fixtures() {
  static const std::vector<std::string> kNames = {"no_public", "many_public", "wide_lc", "negative", "sha256"};
  return kNames;
}

inline std::string circom_fixture_path(const std::string& name, const std::string& file) {
  const std::filesystem::path source = std::filesystem::path(CUZK_CIRCOM_FIXTURES_DIR) / name / file;
  if (std::filesystem::exists(source)) return source.string();
  return (std::filesystem::path(CUZK_CIRCOM_BULK_DIR) / name / file).string();
}

inline std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

// A fresh directory under the system temp dir, removed with the object.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = "cuzk_circom_";
    if (info != nullptr) name += std::string(info->test_suite_name()) + "_" + info->name();
    for (char& c : name) {
      if (c == '/') c = '_';
    }
    path_ = std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace cuzk::test
