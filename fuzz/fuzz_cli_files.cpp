// libFuzzer target: the command line's file readers, through real files. The input's first
// byte picks what the file is, its second a size limit; the rest is written to a per-process
// file under /tmp and read back the way the commands read their flags' files:
//
//   0  --vk FILE.vk       cli::read_vk_file (the whole key, nothing after it)
//   1  --vk FILE.params   cli::read_vk_file (the key a .params file begins with)
//   2  --proof FILE       read_regular_file, split into 192-byte proofs, proof_from_bytes each
//   3  --config FILE      server::load_config (`cuzk daemon --config`)
//   4  any input file     read_regular_file / read_regular_text_file / read_regular_file_prefix
//                         under the limit (what --commit1, --sector-proof, --partition-proof and
//                         --payload go through, with their own limits)
//
// Invariants checked:
//   * the file readers return exactly the file's bytes (a prefix: its first `limit` bytes),
//     and refuse a file over the limit with INVALID_ARGUMENT naming the flag and the path;
//   * read_vk_file accepts exactly what groth16's in-memory reader accepts on the same bytes
//     (.vk: the whole input, .params: its start) when the IC count is in range, and the key it
//     returns writes back to the file's first bytes;
//   * a proof the reader accepts re-encodes to its 192 bytes;
//   * load_config gives what parse_config gives on the same text, message for message;
//   * (once, at start-up) a FIFO, a directory and /dev/zero are refused as "not a regular file"
//     by every reader, without blocking.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/vk_file.hpp"
#include "common/file_reader.hpp"
#include "fuzz_util.hpp"
#include "groth16/bellperson_format.hpp"
#include "server/config.hpp"

using namespace cuzk;

namespace {

const std::filesystem::path& scratch_dir() {
  static const std::filesystem::path dir = [] {
    std::filesystem::path d = std::filesystem::temp_directory_path() / ("cuzk-fuzz-cli-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  static const bool removed_at_exit = std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(scratch_dir(), ignored);
  }) == 0;
  FUZZ_CHECK(removed_at_exit);
  return dir;
}

std::string write_file(const std::string& name, std::span<const uint8_t> bytes) {
  const std::string path = (scratch_dir() / name).string();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  FUZZ_CHECK(f != nullptr);
  FUZZ_CHECK(std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size());
  FUZZ_CHECK(std::fclose(f) == 0);
  return path;
}

// `text` (chars) holds exactly `bytes`' first text.size() bytes.
bool same_bytes(std::string_view text, std::span<const uint8_t> bytes) {
  return text.size() <= bytes.size() &&
         std::equal(text.begin(), text.end(), bytes.begin(), [](char c, uint8_t b) { return static_cast<uint8_t>(c) == b; });
}

void check_not_regular(const Status& s) {
  FUZZ_CHECK(s.code() == StatusCode::kInvalidArgument);
  FUZZ_CHECK(s.message().find("not a regular file") != std::string::npos);
}

// Every reader refuses what is not a regular file, and none waits for a FIFO's writer.
void check_special_files() {
  const std::string fifo = (scratch_dir() / "fifo.vk").string();
  FUZZ_CHECK(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string dir = (scratch_dir() / "dir.params").string();
  std::filesystem::create_directories(dir);
  for (const std::string& path : {fifo, dir, std::string("/dev/zero")}) {
    check_not_regular(cli::read_vk_file(path, "--vk").status());
    check_not_regular(read_regular_file(path, "--proof", 1024).status());
    check_not_regular(read_regular_file_prefix(path, "--vk", 1024).status());
    check_not_regular(server::load_config(path).status());
  }
  std::filesystem::remove(fifo);
  std::filesystem::remove(dir);
}

// read_vk_file against groth16's reader on the same bytes in memory.
void vk_file(std::span<const uint8_t> content, bool params) {
  const std::string path = write_file(params ? "key.params" : "key.vk", content);
  Result<groth16::VerifyingKey> from_file = cli::read_vk_file(path, "--vk");
  std::istringstream in(std::string(content.begin(), content.end()));
  Result<groth16::VerifyingKey> in_memory =
      params ? groth16::read_params_verifying_key(in, path) : groth16::read_verifying_key(in, path);
  if (!from_file.is_ok()) {
    FUZZ_CHECK(from_file.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(from_file.status().message().find(path) != std::string::npos);
    // Refused before decoding: a short file, or an IC count out of range the reader would try.
    if (in_memory.is_ok()) FUZZ_CHECK(in_memory->ic.empty() || in_memory->ic.size() > cli::kMaxVkIcPoints);
    return;
  }
  FUZZ_CHECK(in_memory.is_ok());
  std::ostringstream written;
  FUZZ_CHECK(groth16::write_verifying_key(*from_file, written).is_ok());
  const std::string bytes = written.str();
  FUZZ_CHECK(same_bytes(bytes, content));
  FUZZ_CHECK(params || bytes.size() == content.size());
}

void proof_file(std::span<const uint8_t> content, size_t limit) {
  const std::string path = write_file("c2.proof", content);
  Result<std::vector<uint8_t>> bytes = read_regular_file(path, "--proof", limit);
  if (content.size() > limit) {
    FUZZ_CHECK(bytes.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(bytes.status().message().starts_with("--proof " + path));
    return;
  }
  FUZZ_CHECK(bytes.is_ok() && std::equal(bytes->begin(), bytes->end(), content.begin(), content.end()));
  for (size_t at = 0; at + groth16::kProofBytes <= bytes->size(); at += groth16::kProofBytes) {
    const std::span<const uint8_t> one(bytes->data() + at, groth16::kProofBytes);
    Result<groth16::Proof> proof = groth16::proof_from_bytes(one, path);
    if (!proof.is_ok()) continue;
    const auto again = groth16::proof_to_bytes(*proof);
    FUZZ_CHECK(std::equal(again.begin(), again.end(), one.begin()));
  }
}

void config_file(std::span<const uint8_t> content) {
  const std::string path = write_file("cuzk.toml", content);
  Result<server::DaemonConfig> from_file = server::load_config(path);
  Result<server::DaemonConfig> from_text =
      server::parse_config(std::string_view(reinterpret_cast<const char*>(content.data()), content.size()), path);
  FUZZ_CHECK(from_file.is_ok() == from_text.is_ok());
  if (!from_file.is_ok()) FUZZ_CHECK(from_file.status().message() == from_text.status().message());
}

void any_file(std::span<const uint8_t> content, size_t limit) {
  const std::string path = write_file("input.bin", content);
  Result<std::vector<uint8_t>> bytes = read_regular_file(path, "--commit1", limit);
  Result<std::string> text = read_regular_text_file(path, "--payload", limit);
  Result<std::vector<uint8_t>> prefix = read_regular_file_prefix(path, "--vk", limit);
  FUZZ_CHECK(prefix.is_ok());
  const size_t kept = std::min(limit, content.size());
  FUZZ_CHECK(std::equal(prefix->begin(), prefix->end(), content.begin(), content.begin() + static_cast<ptrdiff_t>(kept)) &&
             prefix->size() == kept);
  if (content.size() > limit) {
    FUZZ_CHECK(bytes.status().code() == StatusCode::kInvalidArgument && text.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(bytes.status().message().starts_with("--commit1 " + path));
    FUZZ_CHECK(text.status().message().starts_with("--payload " + path));
    return;
  }
  FUZZ_CHECK(bytes.is_ok() && text.is_ok());
  FUZZ_CHECK(std::equal(bytes->begin(), bytes->end(), content.begin(), content.end()));
  FUZZ_CHECK(text->size() == content.size() && same_bytes(*text, content));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  check_special_files();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const std::span<const uint8_t> content(data + 2, size - 2);
  const size_t limit = size_t{data[1]} * 64;  // 0 … 16,320 bytes
  switch (data[0] % 5) {
    case 0: vk_file(content, false); break;
    case 1: vk_file(content, true); break;
    case 2: proof_file(content, limit); break;
    case 3: config_file(content); break;
    default: any_file(content, limit); break;
  }
  return 0;
}
