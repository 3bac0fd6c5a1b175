// libFuzzer target: the SnapDeals partition-proof reader (read_snap_partition, bincode) and the
// native checks and circuit-input checks behind it on whatever it accepts.
//
// Invariants checked:
//   * a refusal is INVALID_ARGUMENT with a message naming the partition; no exception escapes;
//   * an accepted proof is written back byte for byte (bincode has one encoding per value);
//   * check_snap_partition on it (a 2 KiB and a 16 KiB configuration, against a synthetic
//     update's commitments) returns OK or INVALID_ARGUMENT, never crashes;
//   * a proof the checks accept also fits the circuit (check_snap_circuit_inputs is OK).
#include <cstddef>
#include <cstdint>

#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;
using namespace cuzk::filecoin::snapdeals;

namespace {

constexpr size_t kMaxBytes = size_t{1} << 20;

struct Target {
  SnapConfig config;
  SyntheticSnapUpdate update;  // seed 1, as the corpus seeds (fuzz/corpus/fuzz_snap_partition)
};

const Target& target(uint64_t sector_size) {
  static const Target small{*snap_config(2048), *synthetic_snap_update(*snap_config(2048), 1, 1)};
  static const Target medium{*snap_config(16384), *synthetic_snap_update(*snap_config(16384), 1, 1)};
  return sector_size == 2048 ? small : medium;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Result<SnapPartitionProof> proof = read_snap_partition(fuzz::bytes_of(data, size), 1, kMaxBytes);
  if (!proof.is_ok()) {
    FUZZ_CHECK(proof.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(proof.status().message().find("partition 1") != std::string::npos);
    return 0;
  }
  const std::vector<uint8_t> again = write_snap_partition(*proof);
  FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), data));

  for (const uint64_t sector_size : {uint64_t{2048}, uint64_t{16384}}) {
    const Target& t = target(sector_size);
    for (size_t k = 0; k < t.config.partitions; ++k) {
      const Result<CheckedSnapPartition> checked = check_snap_partition(
          t.config, *proof, k, t.update.comm_r_old, t.update.comm_r_new, t.update.comm_d_new, t.update.h);
      FUZZ_CHECK(checked.is_ok() || checked.status().code() == StatusCode::kInvalidArgument);
      if (!checked.is_ok()) continue;
      const Result<SnapPrivateInputs> inputs = snap_private_inputs(*proof);
      FUZZ_CHECK(inputs.is_ok());
      FUZZ_CHECK(check_snap_circuit_inputs(t.config, checked->public_inputs, *inputs).is_ok());
    }
  }
  return 0;
}
