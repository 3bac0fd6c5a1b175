// The PoRep partition circuit with real witnesses: the 2 KiB Commit-1 output lotus-bench wrote
// (tests/fixtures/filecoin/c1-2KiB.json) satisfies it in a TestConstraintSystem, and the public
// inputs the circuit allocates are the verifier's (porep_public_inputs, computed from the
// sector's values and the graph alone); so do synthetic Commit-1 outputs at 2 KiB, 8 MiB, one
// challenge of 32 GiB and 64 GiB, and the four stacked_circuit.rs test shapes (with their
// asserted counts), checked constraint by constraint as they are added. A tampered witness
// names the constraint that fails.
#include <gtest/gtest.h>

#include "r1cs/checking_constraint_system.hpp"
#include "filecoin/porep/fixture.hpp"
#include "filecoin/porep/public_inputs.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/porep/synthetic_commit1.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin::porep {
namespace {

using ff::Fr;

using r1cs::CheckingConstraintSystem;

Commit1Output read_fixture() { return test::fixture().output; }

// Synthesizes partition `k` into `cs`.
void synthesize(r1cs::ConstraintSystem& cs, const PorepConfig& config, const Commit1Output& output, size_t k) {
  const Result<PartitionWitness> witness = partition_witness(output, k);
  ASSERT_TRUE(witness.is_ok()) << witness.status().to_string();
  const Status status =
      synthesize_porep_partition(cs, config, witness->public_values, witness->private_values, witness->challenges);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
}

TEST(StackedCircuitWitness, Real2KiBCommit1SatisfiesTheCircuitWithTheVerifiersInputs) {
  const Commit1Output output = read_fixture();
  const Result<PorepConfig> config = porep_config(output.registered_proof);
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  ASSERT_EQ(output.partitions.size(), config->partitions);
  for (size_t k = 0; k < output.partitions.size(); ++k) {
    r1cs::TestConstraintSystem cs;
    synthesize(cs, *config, output, k);
    const Result<CircuitSize> size = porep_circuit_size(*config);
    ASSERT_TRUE(size.is_ok());
    EXPECT_EQ(cs.num_constraints(), size->constraints);
    EXPECT_EQ(cs.num_aux(), size->aux);
    EXPECT_TRUE(cs.is_satisfied()) << "partition " << k << ": " << *cs.which_is_unsatisfied();

    const Result<std::vector<Fr>> expected =
        porep_public_inputs(*config, output.replica_id, output.comm_d, output.comm_r, output.seed, k);
    ASSERT_TRUE(expected.is_ok()) << expected.status().to_string();
    ASSERT_EQ(cs.num_inputs(), 1 + expected->size());
    EXPECT_EQ(cs.value(r1cs::Variable::one()), Fr::one());
    for (size_t i = 0; i < expected->size(); ++i) {
      EXPECT_EQ(cs.value({1 + i, r1cs::VariableKind::kInput}), (*expected)[i]) << "public input " << i;
    }
  }
}

// Every partition of a synthetic Commit-1 output for `config` satisfies the circuit, with the
// verifier's public inputs. Returns partition 0's constraint count.
size_t check_synthetic(const PorepConfig& config) {
  const Result<Commit1Output> output = synthetic_commit1(config, 11);
  EXPECT_TRUE(output.is_ok()) << output.status().to_string();
  if (!output.is_ok()) return 0;
  size_t constraints = 0;
  for (size_t k = 0; k < output->partitions.size(); ++k) {
    CheckingConstraintSystem cs;
    synthesize(cs, config, *output, k);
    EXPECT_FALSE(cs.which_is_unsatisfied().has_value()) << "partition " << k << ": " << *cs.which_is_unsatisfied();
    const Result<std::vector<Fr>> expected =
        porep_public_inputs(config, output->replica_id, output->comm_d, output->comm_r, output->seed, k);
    EXPECT_TRUE(expected.is_ok()) << expected.status().to_string();
    if (!expected.is_ok()) return 0;
    EXPECT_EQ(cs.inputs().size(), 1 + expected->size());
    for (size_t i = 0; i < expected->size() && 1 + i < cs.inputs().size(); ++i) {
      EXPECT_EQ(cs.inputs()[1 + i], (*expected)[i]) << "input " << i;
    }
    if (k == 0) constraints = cs.num_constraints();
  }
  return constraints;
}

// The same for a registered proof's configuration; `challenges` (if nonzero) narrows it to one
// partition of that many challenges: the production shape (layers, trees) at a test's cost.
void check_synthetic(const RegisteredProof& proof, size_t challenges = 0) {
  Result<PorepConfig> config = porep_config(proof);
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  if (challenges != 0) {
    config->partitions = 1;
    config->challenges_per_partition = challenges;
  }
  check_synthetic(*config);
}

TEST(StackedCircuitWitness, Synthetic2KiBCommit1SatisfiesTheCircuit) {
  check_synthetic(seal_proof("StackedDrg2KiBV1_1"));
}

TEST(StackedCircuitWitness, Synthetic8MiBCommit1SatisfiesTheCircuit) {
  check_synthetic(seal_proof("StackedDrg8MiBV1_1"));
}

// 11 layers (the arity-11 column hash), TreeR/TreeC 8-8-0 and 8-8-2, 30- and 31-level TreeD.
TEST(StackedCircuitWitness, Synthetic32GiBAnd64GiBChallengesSatisfyTheCircuit) {
  check_synthetic(seal_proof("StackedDrg32GiBV1_1"), 1);
  check_synthetic(seal_proof("StackedDrg64GiBV1_1"), 1);
}

// rust-fil-proofs' stacked_circuit.rs cases with satisfying witnesses: nodes = 8 · base-tree
// count, 2 layers, 1 challenge, porep_id [44; 32].
TEST(StackedCircuitWitness, SyntheticStackedCircuitTestShapesSatisfyWithTheAssertedCounts) {
  const std::pair<TreeShape, size_t> cases[] = {
      {{TreeHasher::kPoseidon, 2, 0, 0}, 1206212},
      {{TreeHasher::kPoseidon, 8, 0, 0}, 1199620},
      {{TreeHasher::kPoseidon, 8, 4, 0}, 1296576},
      {{TreeHasher::kPoseidon, 8, 4, 2}, 1346982},
  };
  std::array<uint8_t, 32> porep_id;
  porep_id.fill(44);
  for (const auto& [shape, constraints] : cases) {
    const Result<PorepConfig> config = porep_test_config(8 * shape.base_tree_count(), 2, 1, shape, porep_id);
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    EXPECT_EQ(check_synthetic(*config), constraints) << shape.to_string();
  }
}

TEST(StackedCircuitWitness, TamperedColumnIsUnsatisfied) {
  Commit1Output output = read_fixture();
  const Result<PorepConfig> config = porep_config(output.registered_proof);
  ASSERT_TRUE(config.is_ok());
  output.partitions[0][1].exp_parents[5].column.rows[0] += Fr::one();
  CheckingConstraintSystem cs;
  synthesize(cs, *config, output, 0);
  const std::optional<std::string> failing = cs.which_is_unsatisfied();
  ASSERT_TRUE(failing.has_value());
  EXPECT_NE(failing->find("challenge_1/exp_parent_5"), std::string::npos) << *failing;
}

TEST(StackedCircuitWitness, InconsistentCommitmentsAreRejected) {
  Commit1Output output = read_fixture();
  ASSERT_GE(output.partitions[0].size(), 2u);
  output.partitions[0][1].c_x.inclusion.root += Fr::one();
  const Result<PartitionWitness> witness = partition_witness(output, 0);
  EXPECT_EQ(witness.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(witness.status().message().find("comm_c"), std::string::npos) << witness.status().message();
  EXPECT_EQ(partition_witness(output, 1).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk::filecoin::porep
