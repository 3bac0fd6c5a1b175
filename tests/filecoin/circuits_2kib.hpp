// Test support: the PoSt and SnapDeals circuits at 2 KiB from synthetic vanilla proofs, for the
// tests that compare synthesis paths on them (recorded matrices, witness-only synthesis):
// WindowPoSt and WinningPoSt partition 0 (seed 11) and every partition of a SnapDeals update
// (seed 5, the default h), each checked as the kinds check them.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "filecoin/post_config.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"

namespace cuzk::filecoin::test {

struct NamedCircuit {
  std::string name;
  std::shared_ptr<const r1cs::Circuit> circuit;
};

// Failures are test failures (the list then lacks that circuit).
inline std::vector<NamedCircuit> post_and_snap_circuits_2kib(ThreadPool& pool) {
  constexpr uint64_t k2KiB = 2048;
  std::vector<NamedCircuit> out;
  for (const PostKind kind : {PostKind::kWindow, PostKind::kWinning}) {
    const Result<PostConfig> config = post_config(kind, k2KiB);
    EXPECT_TRUE(config.is_ok());
    if (!config.is_ok()) continue;
    Result<PostInstance> instance = synthetic_post_instance(*config, 11, pool);
    EXPECT_TRUE(instance.is_ok()) << instance.status().to_string();
    if (!instance.is_ok()) continue;
    out.push_back({std::string(post_kind_name(kind)), std::make_shared<FallbackPoStCircuit>(instance->circuit)});
  }
  const Result<snapdeals::SnapConfig> config = snapdeals::snap_config(k2KiB);
  EXPECT_TRUE(config.is_ok());
  if (!config.is_ok()) return out;
  const Result<snapdeals::SyntheticSnapUpdate> update = snapdeals::synthetic_snap_update(*config, 5, config->h_default);
  EXPECT_TRUE(update.is_ok()) << update.status().to_string();
  if (!update.is_ok()) return out;
  for (size_t k = 0; k < update->partitions.size(); ++k) {
    const Result<snapdeals::CheckedSnapPartition> checked = snapdeals::check_snap_partition(
        *config, update->partitions[k], k, update->comm_r_old, update->comm_r_new, update->comm_d_new, update->h);
    EXPECT_TRUE(checked.is_ok()) << checked.status().to_string();
    if (!checked.is_ok()) continue;
    out.push_back({"snap-deals partition " + std::to_string(k),
                   std::make_shared<snapdeals::SnapPartitionCircuit>(*config, checked->public_inputs,
                                                                      update->partitions[k])});
  }
  return out;
}

}  // namespace cuzk::filecoin::test
