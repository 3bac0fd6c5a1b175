// read_vk_file: the key's fixed head and IC count first, then exactly the key's bytes (one more
// for a .vk, so that bytes after its key are reported), parsed by groth16's bellperson reader.
#include "cli/vk_file.hpp"

#include <sstream>

#include "common/file_reader.hpp"
#include "groth16/bellperson_format.hpp"

namespace cuzk::cli {
namespace {

// The key's head, uncompressed: alpha_g1, beta_g1, beta_g2, gamma_g2, delta_g1, delta_g2 =
// 3 G1 points (96 bytes each) + 3 G2 points (192 bytes each) = 864 bytes; then the IC count
// (u32, big-endian) and that many G1 points.
constexpr size_t kHeadBytes = 3 * 96 + 3 * 192;
constexpr size_t kCountBytes = 4;
constexpr size_t kIcPointBytes = 96;

}  // namespace

Result<groth16::VerifyingKey> read_vk_file(const std::string& path, const std::string& what) {
  const bool params = path.ends_with(".params");
  CUZK_ASSIGN_OR_RETURN(std::vector<uint8_t> head, read_regular_file_prefix(path, what, kHeadBytes + kCountBytes));
  if (head.size() < kHeadBytes + kCountBytes) {
    return Status::invalid_argument(what + " " + path + ": " + std::to_string(head.size()) +
                                    " bytes, too short for a verifying key");
  }
  uint32_t ic = 0;
  for (size_t i = 0; i < kCountBytes; ++i) ic = (ic << 8) | head[kHeadBytes + i];
  if (ic == 0 || ic > kMaxVkIcPoints) {
    return Status::invalid_argument(what + " " + path + ": a verifying key with " + std::to_string(ic) +
                                    " IC points (1 to " + std::to_string(kMaxVkIcPoints) + ")");
  }
  const size_t key_bytes = kHeadBytes + kCountBytes + size_t{ic} * kIcPointBytes;
  CUZK_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, read_regular_file_prefix(path, what, key_bytes + (params ? 0 : 1)));
  std::istringstream key(std::string(bytes.begin(), bytes.end()));
  return params ? groth16::read_params_verifying_key(key, path) : groth16::read_verifying_key(key, path);
}

}  // namespace cuzk::cli
