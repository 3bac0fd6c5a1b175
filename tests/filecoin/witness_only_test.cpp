// Witness-only synthesis (r1cs::WitnessConstraintSystem) of the PoSt and SnapDeals circuits
// equals classic synthesis, inputs and aux value for value, at 2 KiB: WindowPoSt and
// WinningPoSt partitions and a SnapDeals partition from synthetic vanilla proofs. (The PoRep
// partition: tests/filecoin/porep/stacked_circuit_witness_only_test.)
#include <gtest/gtest.h>

#include "filecoin/post_kind.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "support/witness_equivalence.hpp"

namespace cuzk::filecoin {
namespace {

constexpr uint64_t k2KiB = 2048;

void expect_ok(const Status& status) { ASSERT_TRUE(status.is_ok()) << status.to_string(); }

TEST(WitnessOnly, WindowAndWinningPost2KiB) {
  ThreadPool pool(2);
  for (const PostKind kind : {PostKind::kWindow, PostKind::kWinning}) {
    SCOPED_TRACE(std::string(post_kind_name(kind)));
    const Result<PostConfig> config = post_config(kind, k2KiB);
    ASSERT_TRUE(config.is_ok());
    const Result<PostInstance> instance = synthetic_post_instance(*config, 11, pool);
    ASSERT_TRUE(instance.is_ok()) << instance.status().to_string();
    test::expect_same_witness([&](r1cs::ConstraintSystem& cs) { expect_ok(instance->circuit.synthesize(cs)); });
  }
}

TEST(WitnessOnly, SnapDeals2KiBEveryPartition) {
  const Result<snapdeals::SnapConfig> config = snapdeals::snap_config(k2KiB);
  ASSERT_TRUE(config.is_ok());
  const Result<snapdeals::SyntheticSnapUpdate> update = snapdeals::synthetic_snap_update(*config, 5, config->h_default);
  ASSERT_TRUE(update.is_ok()) << update.status().to_string();
  for (size_t k = 0; k < update->partitions.size(); ++k) {
    const Result<snapdeals::CheckedSnapPartition> checked = snapdeals::check_snap_partition(
        *config, update->partitions[k], k, update->comm_r_old, update->comm_r_new, update->comm_d_new, update->h);
    ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
    const snapdeals::SnapPartitionCircuit circuit(*config, checked->public_inputs, update->partitions[k]);
    test::expect_same_witness([&](r1cs::ConstraintSystem& cs) { expect_ok(circuit.synthesize(cs)); });
  }
}

}  // namespace
}  // namespace cuzk::filecoin
