// Recorded constraint matrices of the Filecoin circuits reproduce classic synthesis bit for bit
// (a, b, c before and after bellperson's input rows, and the A/B densities) at 2 KiB: the PoRep
// partition of the real Commit-1 output, WindowPoSt and WinningPoSt partitions and the SnapDeals
// partition from synthetic vanilla proofs (circuits_2kib.hpp).
#include <gtest/gtest.h>

#include "filecoin/circuits_2kib.hpp"
#include "filecoin/porep/fixture.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "support/recorded_matrices_check.hpp"

namespace cuzk::filecoin {
namespace {

void expect_ok(const Status& status) { ASSERT_TRUE(status.is_ok()) << status.to_string(); }

TEST(RecordedMatrices, Porep2KiBRealCommit1) {
  ThreadPool pool(2);
  const porep::Commit1Output output = porep::test::fixture().output;
  const Result<porep::PorepConfig> config = porep::porep_config(output.registered_proof);
  ASSERT_TRUE(config.is_ok());
  const Result<porep::PartitionWitness> witness = porep::partition_witness(output, 0);
  ASSERT_TRUE(witness.is_ok()) << witness.status().to_string();
  const r1cs::RecordedMatrices shape = cuzk::test::expect_recorded_matrices_reproduce(
      [&](r1cs::ConstraintSystem& cs) {
        expect_ok(porep::synthesize_porep_partition(cs, *config, witness->public_values, witness->private_values,
                                                    witness->challenges));
      },
      pool);
  EXPECT_GT(shape.num_constraints, 100000u);
}

TEST(RecordedMatrices, PostAndSnapDeals2KiB) {
  ThreadPool pool(2);
  const std::vector<test::NamedCircuit> circuits = test::post_and_snap_circuits_2kib(pool);
  EXPECT_EQ(circuits.size(), 3u);  // WindowPoSt, WinningPoSt, the one SnapDeals partition
  for (const test::NamedCircuit& named : circuits) {
    SCOPED_TRACE(named.name);
    cuzk::test::expect_recorded_matrices_reproduce(
        [&](r1cs::ConstraintSystem& cs) { expect_ok(named.circuit->synthesize(cs)); }, pool);
  }
}

}  // namespace
}  // namespace cuzk::filecoin
