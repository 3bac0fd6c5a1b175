// Witness-only synthesis of the PoRep partition equals classic synthesis: the real 2 KiB
// Commit-1 output and a synthetic one (every partition), and spot checks at the production
// shapes (one challenge of a synthetic 32 GiB and 64 GiB partition: 11 layers, TreeR/TreeC
// 8-8-0 and 8-8-2), inputs and aux value for value.
#include <gtest/gtest.h>

#include "filecoin/porep/fixture.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/porep/synthetic_commit1.hpp"
#include "support/witness_equivalence.hpp"

namespace cuzk::filecoin::porep {
namespace {

void expect_same_witness_for(const PorepConfig& config, const Commit1Output& output) {
  for (size_t k = 0; k < output.partitions.size(); ++k) {
    const Result<PartitionWitness> witness = partition_witness(output, k);
    ASSERT_TRUE(witness.is_ok()) << witness.status().to_string();
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      const Status status =
          synthesize_porep_partition(cs, config, witness->public_values, witness->private_values, witness->challenges);
      ASSERT_TRUE(status.is_ok()) << status.to_string();
    });
  }
}

TEST(StackedCircuitWitnessOnly, Real2KiBCommit1) {
  const Commit1Output output = test::fixture().output;
  const Result<PorepConfig> config = porep_config(output.registered_proof);
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  expect_same_witness_for(*config, output);
}

TEST(StackedCircuitWitnessOnly, Synthetic2KiBCommit1) {
  const Result<PorepConfig> config = porep_config(*seal_proof_for_sector_size(2048));
  ASSERT_TRUE(config.is_ok());
  const Result<Commit1Output> output = synthetic_commit1(*config, 5);
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  expect_same_witness_for(*config, *output);
}

// One partition of one challenge of `proof`'s configuration: the production shape at a test's cost.
void expect_same_witness_for_one_challenge(const RegisteredProof& proof) {
  Result<PorepConfig> config = porep_config(proof);
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  config->partitions = 1;
  config->challenges_per_partition = 1;
  const Result<Commit1Output> output = synthetic_commit1(*config, 7);
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  expect_same_witness_for(*config, *output);
}

TEST(StackedCircuitWitnessOnly, Synthetic32GiBAnd64GiBChallenge) {
  expect_same_witness_for_one_challenge(seal_proof("StackedDrg32GiBV1_1"));
  expect_same_witness_for_one_challenge(seal_proof("StackedDrg64GiBV1_1"));
}

}  // namespace
}  // namespace cuzk::filecoin::porep
