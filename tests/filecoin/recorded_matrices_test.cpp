// Recorded constraint matrices of the Filecoin circuits reproduce classic synthesis bit for bit
// (a, b, c before and after bellperson's input rows, and the A/B densities) at 2 KiB: the PoRep
// partition of the real Commit-1 output, WindowPoSt and WinningPoSt partitions and a SnapDeals
// partition from synthetic vanilla proofs.
#include <gtest/gtest.h>

#include "filecoin/porep/fixture.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/post_kind.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "support/recorded_matrices_check.hpp"

namespace cuzk::filecoin {
namespace {

constexpr uint64_t k2KiB = 2048;

void expect_ok(const Status& status) { ASSERT_TRUE(status.is_ok()) << status.to_string(); }

TEST(RecordedMatrices, Porep2KiBRealCommit1) {
  ThreadPool pool(2);
  const porep::Commit1Output output = porep::test::fixture().output;
  const Result<porep::PorepConfig> config = porep::porep_config(output.registered_proof);
  ASSERT_TRUE(config.is_ok());
  const Result<porep::PartitionWitness> witness = porep::partition_witness(output, 0);
  ASSERT_TRUE(witness.is_ok()) << witness.status().to_string();
  const r1cs::CompactR1cs shape = test::expect_recorded_matrices_reproduce(
      [&](r1cs::ConstraintSystem& cs) {
        expect_ok(porep::synthesize_porep_partition(cs, *config, witness->public_values, witness->private_values,
                                                    witness->challenges));
      },
      pool);
  EXPECT_GT(shape.num_constraints, 100000u);
}

TEST(RecordedMatrices, WindowAndWinningPost2KiB) {
  ThreadPool pool(2);
  for (const PostKind kind : {PostKind::kWindow, PostKind::kWinning}) {
    SCOPED_TRACE(std::string(post_kind_name(kind)));
    const Result<PostConfig> config = post_config(kind, k2KiB);
    ASSERT_TRUE(config.is_ok());
    const Result<PostInstance> instance = synthetic_post_instance(*config, 11, pool);
    ASSERT_TRUE(instance.is_ok()) << instance.status().to_string();
    test::expect_recorded_matrices_reproduce(
        [&](r1cs::ConstraintSystem& cs) { expect_ok(instance->circuit.synthesize(cs)); }, pool);
  }
}

TEST(RecordedMatrices, SnapDeals2KiB) {
  ThreadPool pool(2);
  const Result<snapdeals::SnapConfig> config = snapdeals::snap_config(k2KiB);
  ASSERT_TRUE(config.is_ok());
  const Result<snapdeals::SyntheticSnapUpdate> update = snapdeals::synthetic_snap_update(*config, 5, config->h_default);
  ASSERT_TRUE(update.is_ok()) << update.status().to_string();
  const Result<snapdeals::CheckedSnapPartition> checked = snapdeals::check_snap_partition(
      *config, update->partitions[0], 0, update->comm_r_old, update->comm_r_new, update->comm_d_new, update->h);
  ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
  const snapdeals::SnapPartitionCircuit circuit(*config, checked->public_inputs, update->partitions[0]);
  test::expect_recorded_matrices_reproduce([&](r1cs::ConstraintSystem& cs) { expect_ok(circuit.synthesize(cs)); },
                                           pool);
}

}  // namespace
}  // namespace cuzk::filecoin
