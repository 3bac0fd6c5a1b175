// Witness-only synthesis (r1cs::WitnessConstraintSystem) of the PoSt and SnapDeals circuits
// equals classic synthesis, inputs and aux value for value, at 2 KiB: WindowPoSt and
// WinningPoSt partitions and every SnapDeals partition from synthetic vanilla proofs; and spot
// checks at 32 GiB: the WinningPoSt partition, 3 slots of a WindowPoSt partition (also
// synthesized in parallel chunks of sectors), and a SnapDeals
// partition's header with its first challenge. (The PoRep partition:
// tests/filecoin/porep/stacked_circuit_witness_only_test.)
#include <gtest/gtest.h>

#include "filecoin/circuits_2kib.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
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

constexpr uint64_t k32GiB = uint64_t{32} << 30;

TEST(WitnessOnly, Post32GiB) {
  ThreadPool pool(2);
  for (const PostKind kind : {PostKind::kWindow, PostKind::kWinning}) {
    SCOPED_TRACE(std::string(post_kind_name(kind)));
    Result<PostConfig> config = post_config(kind, k32GiB);
    ASSERT_TRUE(config.is_ok());
    if (kind == PostKind::kWindow) config->sector_count = 3;  // every slot has the same shape
    const Result<PostInstance> instance = synthetic_post_instance(*config, 3, pool);
    ASSERT_TRUE(instance.is_ok()) << instance.status().to_string();
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      const Status status = instance->circuit.synthesize(cs);
      ASSERT_TRUE(status.is_ok()) << status.to_string();
    });
    // Sectors in parallel chunks, concatenated.
    r1cs::ProvingAssignment classic;
    ASSERT_TRUE(instance->circuit.synthesize(classic).is_ok());
    for (const size_t chunks : {1, 2, 3}) {
      SCOPED_TRACE(std::to_string(chunks) + " chunks, Poseidon left to its fill");
      const Result<witness::PartitionWitness> parallel = synthesize_witness_parallel(instance->circuit, pool, chunks);
      ASSERT_TRUE(parallel.is_ok()) << parallel.status().to_string();
      EXPECT_FALSE(parallel->fills.empty());
      cuzk::test::expect_witness_equals(*parallel, classic);
    }
  }
}

TEST(WitnessOnly, SnapDeals32GiBHeaderAndChallenge) {
  using namespace snapdeals;
  const Result<SnapConfig> config = snap_config(k32GiB);
  ASSERT_TRUE(config.is_ok());
  const Result<SyntheticSnapUpdate> update = synthetic_snap_update(*config, 3, config->h_default);
  ASSERT_TRUE(update.is_ok()) << update.status().to_string();
  const Result<CheckedSnapPartition> checked = check_snap_partition(
      *config, update->partitions[0], 0, update->comm_r_old, update->comm_r_new, update->comm_d_new, update->h);
  ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
  const Result<SnapPrivateInputs> priv = snap_private_inputs(update->partitions[0]);
  ASSERT_TRUE(priv.is_ok()) << priv.status().to_string();
  cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
    const SnapPartitionVariables vars = synthesize_snap_header(cs, *config, checked->public_inputs, *priv);
    synthesize_snap_challenge(cs, *config, vars, 0, update->partitions[0].challenge_proofs[0]);
  });
}

}  // namespace
}  // namespace cuzk::filecoin
