// Witness-only synthesis (r1cs::WitnessConstraintSystem) of the PoSt and SnapDeals circuits
// equals classic synthesis, inputs and aux value for value, at 2 KiB: WindowPoSt and
// WinningPoSt partitions and every SnapDeals partition from synthetic vanilla proofs. (The
// PoRep partition: tests/filecoin/porep/stacked_circuit_witness_only_test.)
#include <gtest/gtest.h>

#include "filecoin/circuits_2kib.hpp"
#include "support/witness_equivalence.hpp"

namespace cuzk::filecoin {
namespace {

TEST(WitnessOnly, PostAndSnapDeals2KiB) {
  ThreadPool pool(2);
  const std::vector<test::NamedCircuit> circuits = test::post_and_snap_circuits_2kib(pool);
  EXPECT_EQ(circuits.size(), 3u);  // WindowPoSt, WinningPoSt, the one SnapDeals partition
  for (const test::NamedCircuit& named : circuits) {
    SCOPED_TRACE(named.name);
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      const Status status = named.circuit->synthesize(cs);
      ASSERT_TRUE(status.is_ok()) << status.to_string();
    });
  }
}

}  // namespace
}  // namespace cuzk::filecoin
