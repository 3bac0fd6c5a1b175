// libFuzzer target: the PoRep Commit-1 reader (read_commit1, bare and wrapped JSON) and the
// native checks behind it (check_commit1) on whatever it accepts.
//
// Invariants checked:
//   * a refusal is INVALID_ARGUMENT (or OUT_OF_MEMORY) with a message; no exception escapes;
//   * an accepted output is written back (write_commit1_json / write_commit1_wrapped) and the
//     text reads back to the same output, with the same wrapper;
//   * the output has the registered proof's partitions × challenges proofs;
//   * check_commit1 on it returns OK or INVALID_ARGUMENT, never crashes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "filecoin/porep/commit1_check.hpp"
#include "filecoin/porep/commit1_json.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin::porep;

namespace {

constexpr size_t kMaxBytes = size_t{1} << 20;

std::span<const uint8_t> text_bytes(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Result<Commit1Input> in = read_commit1(fuzz::bytes_of(data, size), kMaxBytes);
  if (!in.is_ok()) {
    FUZZ_CHECK(in.status().code() == StatusCode::kInvalidArgument || in.status().code() == StatusCode::kOutOfMemory);
    FUZZ_CHECK(!in.status().message().empty());
    return 0;
  }
  Result<PorepConfig> config = porep_config(in->output.registered_proof);
  FUZZ_CHECK(config.is_ok());
  FUZZ_CHECK(in->output.partitions.size() == config->partitions);
  for (const auto& partition : in->output.partitions) FUZZ_CHECK(partition.size() == config->challenges_per_partition);

  const std::string bare = write_commit1_json(in->output);
  Result<Commit1Input> again = read_commit1(text_bytes(bare), 4 * kMaxBytes);
  FUZZ_CHECK(again.is_ok());
  FUZZ_CHECK(!again->wrapper.present);
  FUZZ_CHECK(write_commit1_json(again->output) == bare);
  if (in->wrapper.present) {
    const std::string wrapped = write_commit1_wrapped(in->output, in->wrapper);
    Result<Commit1Input> unwrapped = read_commit1(text_bytes(wrapped), 4 * kMaxBytes);
    FUZZ_CHECK(unwrapped.is_ok());
    FUZZ_CHECK(unwrapped->wrapper.sector_number == in->wrapper.sector_number);
    FUZZ_CHECK(unwrapped->wrapper.has_miner == in->wrapper.has_miner && unwrapped->wrapper.miner == in->wrapper.miner);
    FUZZ_CHECK(write_commit1_json(unwrapped->output) == bare);
  }

  Result<CheckedCommit1> checked = check_commit1(*config, in->output, ThreadPool::shared());
  FUZZ_CHECK(checked.is_ok() || checked.status().code() == StatusCode::kInvalidArgument);
  return 0;
}
