// libFuzzer target: the FallbackPoStSectorProof bincode reader (read_fallback_post_sector_proof)
// and, on what it accepts, the partition reader, the native checks and the circuit assembly
// for every configuration whose inclusion-proof count the proof has (2 KiB and 32 GiB
// WindowPoSt V1_1, 2 KiB WinningPoSt), with zero randomness (that of the real seed).
//
// Invariants checked:
//   * a refusal is INVALID_ARGUMENT with a message; no exception escapes;
//   * an accepted proof is written back byte for byte (the encoding has one form);
//   * read_post_partition and check_post_partition return OK or INVALID_ARGUMENT;
//   * a checked partition assembles a circuit of config.sector_count slots whose public
//     inputs are the verifier's.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/post_check.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes = fuzz::bytes_of(data, size);
  Result<FallbackPostSectorProof> proof = read_fallback_post_sector_proof(bytes);
  if (!proof.is_ok()) {
    FUZZ_CHECK(proof.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(!proof.status().message().empty());
    return 0;
  }
  const std::vector<uint8_t> written = write_fallback_post_sector_proof(*proof);
  FUZZ_CHECK(written.size() == size && std::equal(written.begin(), written.end(), data));

  const std::vector<std::vector<uint8_t>> sectors = {written};
  const Randomness zero{};
  for (const RegisteredProof& registered :
       {post_proof("StackedDrgWindow2KiBV1_1"), post_proof("StackedDrgWindow32GiBV1_1"), post_proof("StackedDrgWinning2KiBV1")}) {
    const PostConfig config = post_config(registered);
    Result<PostPartitionInput> input = read_post_partition(config, sectors);
    if (!input.is_ok()) {
      FUZZ_CHECK(input.status().code() == StatusCode::kInvalidArgument);
      continue;
    }
    Result<CheckedPostPartition> checked = check_post_partition(config, *input, zero, 0, ThreadPool::shared());
    if (!checked.is_ok()) {
      FUZZ_CHECK(checked.status().code() == StatusCode::kInvalidArgument);
      FUZZ_CHECK(!checked.status().message().empty());
      continue;
    }
    const FallbackPoStCircuit circuit = post_partition_circuit(config, *input, *checked);
    FUZZ_CHECK(circuit.sectors().size() == config.sector_count);
    Result<std::vector<ff::Fr>> inputs = post_verifier_public_inputs(config, zero, 0, checked->sectors);
    FUZZ_CHECK(inputs.is_ok() && *inputs == circuit.public_inputs());
  }
  return 0;
}
