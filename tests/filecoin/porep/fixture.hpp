// Test support: the real 2 KiB Commit-1 output (lotus-bench wrapper) committed in
// tests/fixtures/filecoin, read and parsed.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "filecoin/porep/commit1_json.hpp"

namespace cuzk::filecoin::porep::test {

inline constexpr size_t kMaxCommit1Bytes = size_t{256} << 20;

inline std::vector<uint8_t> fixture_bytes() {
  std::ifstream in(std::string(CUZK_FILECOIN_FIXTURES_DIR) + "/c1-2KiB.json", std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing " << CUZK_FILECOIN_FIXTURES_DIR << "/c1-2KiB.json";
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline Commit1Input fixture() {
  const std::vector<uint8_t> bytes = fixture_bytes();
  Result<Commit1Input> in = read_commit1(bytes, kMaxCommit1Bytes);
  EXPECT_TRUE(in.is_ok()) << in.status().to_string();
  return in.is_ok() ? std::move(in).value() : Commit1Input{};
}

inline std::span<const uint8_t> as_bytes(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

inline Bytes32 hex32(const char* hex) {
  Bytes32 out{};
  for (size_t i = 0; i < 32; ++i) out[i] = static_cast<uint8_t>(std::stoi(std::string(hex + 2 * i, 2), nullptr, 16));
  return out;
}

}  // namespace cuzk::filecoin::porep::test
