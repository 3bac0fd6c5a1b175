// Synthetic SnapDeals updates through the whole input path: bincode, the native checks, the
// verifier's public inputs and the circuit (each constraint checked as it is added), at 2, 8,
// 16 and 32 KiB (and 32 GiB natively); tampering rejected by name, before synthesis and by the
// circuit.
#include <gtest/gtest.h>

#include "r1cs/checking_constraint_system.hpp"
#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/prepare_partition.hpp"
#include "filecoin/snapdeals/randomness.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"

namespace cuzk::filecoin::snapdeals {
namespace {

using ff::Fr;
using r1cs::CheckingConstraintSystem;
constexpr uint64_t kKiB = 1024, kGiB = 1024 * 1024 * kKiB;

Result<CheckedSnapPartition> check(const SnapConfig& config, const SyntheticSnapUpdate& u, const SnapPartitionProof& p,
                                   size_t k) {
  return check_snap_partition(config, p, k, u.comm_r_old, u.comm_r_new, u.comm_d_new, u.h);
}

// The circuit over a checked partition: satisfied, with the verifier's public inputs.
void expect_satisfied(const SnapConfig& config, const SnapPartitionProof& proof, const CheckedSnapPartition& checked) {
  CheckingConstraintSystem cs;
  ASSERT_TRUE(SnapPartitionCircuit(config, checked.public_inputs, proof).synthesize(cs).is_ok());
  EXPECT_FALSE(cs.which_is_unsatisfied().has_value()) << *cs.which_is_unsatisfied();
  const std::vector<Fr> expected = checked.public_inputs.to_vector();
  ASSERT_EQ(cs.inputs().size(), expected.size() + 1);
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(cs.inputs()[i + 1], expected[i]) << i;
}

TEST(SyntheticSnap, PartitionsPassTheChecksAndSatisfyTheCircuit) {
  // (size, the partition synthesized): every partition is checked, one goes through the circuit.
  const std::pair<uint64_t, size_t> cases[] = {{2 * kKiB, 0}, {8 * kKiB, 0}, {16 * kKiB, 1}, {32 * kKiB, 1}};
  for (const auto& [size, synthesized] : cases) {
    const SnapConfig config = *snap_config(size);
    const SyntheticSnapUpdate update = *synthetic_snap_update(config, size, config.h_default);
    ASSERT_EQ(update.partitions.size(), config.partitions);
    for (size_t k = 0; k < config.partitions; ++k) {
      const Result<SnapPartitionProof> read = read_snap_partition(write_snap_partition(update.partitions[k]), k);
      ASSERT_TRUE(read.is_ok()) << read.status().message();
      const Result<CheckedSnapPartition> checked = check(config, update, *read, k);
      ASSERT_TRUE(checked.is_ok()) << size << ": " << checked.status().message();
      EXPECT_EQ(checked->challenges, snap_challenges(config, update.comm_r_new, k));
      for (const uint64_t c : checked->challenges) EXPECT_EQ(c / (config.nodes / config.partitions), k);
      if (k == synthesized) expect_satisfied(config, *read, *checked);
    }
  }
}

TEST(SyntheticSnap, ThirtyTwoGiBPartitionsPassTheChecks) {
  const SnapConfig config = *snap_config(32 * kGiB);
  const SyntheticSnapUpdate update = *synthetic_snap_update(config, 32, config.h_default);
  ASSERT_EQ(update.partitions.size(), 16u);
  for (const size_t k : {size_t{0}, size_t{15}}) {
    const Result<CheckedSnapPartition> checked = check(config, update, update.partitions[k], k);
    ASSERT_TRUE(checked.is_ok()) << checked.status().message();
    EXPECT_EQ(checked->public_inputs.k_and_h_select, Fr::from_u64(k | (8u << 4)));  // h = 10: h_select 2^3
  }
}

std::string rejection(const SnapConfig& config, const SyntheticSnapUpdate& u, const SnapPartitionProof& p, size_t k) {
  const Result<CheckedSnapPartition> r = check(config, u, p, k);
  return r.is_ok() ? "accepted" : r.status().message();
}

TEST(SyntheticSnap, TamperingIsRejectedByName) {
  const SnapConfig config = *snap_config(16 * kKiB);
  const SyntheticSnapUpdate u = *synthetic_snap_update(config, 5, config.h_default);
  const SnapPartitionProof& good = u.partitions[1];
  auto contains = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };

  SnapPartitionProof p = good;
  p.challenge_proofs[4].proof_r_new.path.levels[1].siblings[3] += Fr::one();
  std::string e = rejection(config, u, p, 1);
  EXPECT_TRUE(contains(e, "partition 1: challenge 4") && contains(e, "proof_r_new: the path hashes to")) << e;

  p = good;
  p.challenge_proofs[2].proof_d_new.leaf += Fr::one();
  e = rejection(config, u, p, 1);
  EXPECT_TRUE(contains(e, "challenge 2") && contains(e, "proof_d_new")) << e;

  p = good;
  p.challenge_proofs[0].proof_r_old.leaf += Fr::one();
  e = rejection(config, u, p, 1);
  EXPECT_TRUE(contains(e, "challenge 0") && contains(e, "proof_r_old")) << e;

  p = good;
  p.apex_leafs[77] += Fr::one();
  e = rejection(config, u, p, 1);
  EXPECT_TRUE(contains(e, "apex_leafs")) << e;

  e = rejection(config, u, good, 0);  // another partition's proof
  EXPECT_TRUE(contains(e, "partition 0: challenge 0") && contains(e, "the path opens leaf")) << e;
  EXPECT_TRUE(contains(rejection(config, u, good, 2), "partition index 2")) << rejection(config, u, good, 2);

  SyntheticSnapUpdate other = u;
  other.comm_r_new += Fr::one();
  e = rejection(config, other, good, 1);
  EXPECT_TRUE(contains(e, "comm_r_new")) << e;
  other = u;
  other.comm_r_old += Fr::one();
  EXPECT_TRUE(contains(rejection(config, other, good, 1), "comm_r_old")) << rejection(config, other, good, 1);
}

TEST(SyntheticSnap, PrepareGoesFromBytesToTheCircuit) {
  const SnapConfig config = *snap_config(2 * kKiB);
  const SyntheticSnapUpdate u = *synthetic_snap_update(config, 11, config.h_default);
  std::vector<uint8_t> bytes = write_snap_partition(u.partitions[0]);
  const Result<SnapPartitionCircuit> circuit =
      prepare_snap_partition(config, bytes, 0, u.comm_r_old, u.comm_r_new, u.comm_d_new, u.h);
  ASSERT_TRUE(circuit.is_ok()) << circuit.status().message();
  EXPECT_EQ(circuit->public_inputs().to_vector(),
            snap_public_inputs(config, 0, u.h, u.comm_r_old, u.comm_d_new, u.comm_r_new)->to_vector());
  CheckingConstraintSystem cs;
  ASSERT_TRUE(circuit->synthesize(cs).is_ok());
  EXPECT_FALSE(cs.which_is_unsatisfied().has_value());
  bytes[100] ^= 1;  // an apex leaf
  const Result<SnapPartitionCircuit> bad =
      prepare_snap_partition(config, bytes, 0, u.comm_r_old, u.comm_r_new, u.comm_d_new, u.h);
  ASSERT_FALSE(bad.is_ok());
  EXPECT_NE(bad.status().message().find("partition 0: "), std::string::npos) << bad.status().message();
}

TEST(SyntheticSnap, TheCircuitRefusesATamperedWitness) {
  const SnapConfig config = *snap_config(2 * kKiB);
  const SyntheticSnapUpdate u = *synthetic_snap_update(config, 9, config.h_default);
  const CheckedSnapPartition checked = *check(config, u, u.partitions[0], 0);
  SnapPartitionProof p = u.partitions[0];
  p.challenge_proofs[6].proof_r_old.leaf += Fr::one();  // leaf_r_new follows, TreeR old does not
  CheckingConstraintSystem cs;
  ASSERT_TRUE(synthesize_snap_partition(cs, config, checked.public_inputs, *snap_private_inputs(p)).is_ok());
  ASSERT_TRUE(cs.which_is_unsatisfied().has_value());
  EXPECT_NE(cs.which_is_unsatisfied()->find("challenge 6/por tree_r_old"), std::string::npos)
      << *cs.which_is_unsatisfied();
}

}  // namespace
}  // namespace cuzk::filecoin::snapdeals
