// The PoRep partition circuit against rust-fil-proofs' asserted counts: test_create_label
// (532,025 constraints, value equal to the native label), the four stacked_circuit.rs
// configurations (22 inputs; 1,206,212 / 1,199,620 / 1,296,576 / 1,346,982 constraints),
// porep_circuit_size against a full count and against rust-fil-proofs' circuitinfo at 32 GiB
// (130,278,541 constraints, 328 inputs), and rejection of proofs that do not fit.
#include <gtest/gtest.h>

#include <random>

#include "ff/bigint_text.hpp"
#include "filecoin/porep/create_label.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "gadgets/sha256_native.hpp"
#include "r1cs/counting_constraint_system.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin::porep {
namespace {

using ff::Fr;
using gadgets::AllocatedBit;
using gadgets::Boolean;

// bellpepper's bytes_into_boolean_vec_be: every bit allocated, most significant first.
std::vector<Boolean> alloc_bytes_be(r1cs::ConstraintSystem& cs, std::span<const uint8_t> bytes) {
  std::vector<Boolean> out;
  for (const uint8_t byte : bytes) {
    for (size_t i = 8; i-- > 0;) out.emplace_back(AllocatedBit::alloc(cs, (byte >> i) & 1));
  }
  return out;
}

Fr fr_from_le(const gadgets::Sha256Digest& bytes) {
  return *Fr::from_canonical(ff::limbs_from_bytes_le<4>(std::span<const uint8_t, 32>(bytes)));
}

TEST(CreateLabel, MatchesRustFilProofsCountAndNativeLabel) {
  std::mt19937_64 rng(7);
  auto random_label = [&] {
    std::array<uint8_t, 32> bytes{};
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    bytes[31] &= 0x3f;
    return bytes;
  };
  const std::array<uint8_t, 32> id = random_label();
  std::vector<std::array<uint8_t, 32>> parents(kParentCount);
  for (auto& p : parents) p = random_label();
  for (size_t i = 0; i < kParentCount + 9; ++i) parents.push_back(parents[i]);  // 14, 14 again, the first 9
  ASSERT_EQ(parents.size(), kLabelParents);
  const uint32_t layer = 3;
  const uint64_t node = 22;

  r1cs::TestConstraintSystem cs;
  std::vector<std::vector<Boolean>> parent_bits;
  for (const auto& p : parents) parent_bits.push_back(alloc_bytes_be(cs, p));
  const std::vector<Boolean> id_bits = alloc_bytes_be(cs, id);
  const gadgets::AllocatedNum label =
      create_label(cs, id_bits, parent_bits, gadgets::UInt32::constant(layer), gadgets::UInt64::constant(node));
  EXPECT_EQ(cs.num_constraints(), 532025u);
  EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();

  // The label natively: SHA-256(id ‖ layer BE ‖ node BE ‖ zeros to 64 B ‖ parents), Fr32.
  std::vector<uint8_t> preimage(id.begin(), id.end());
  for (size_t i = 4; i-- > 0;) preimage.push_back(static_cast<uint8_t>(layer >> (8 * i)));
  for (size_t i = 8; i-- > 0;) preimage.push_back(static_cast<uint8_t>(node >> (8 * i)));
  preimage.resize(64);
  for (const auto& p : parents) preimage.insert(preimage.end(), p.begin(), p.end());
  EXPECT_EQ(label.value, fr_from_le(gadgets::trim_to_fr32(gadgets::sha256(preimage))));
}

struct StackedCase {
  TreeShape shape;
  uint64_t constraints;
};

PorepConfig stacked_test_config(const TreeShape& shape) {
  std::array<uint8_t, 32> porep_id;
  porep_id.fill(44);
  return *porep_test_config(8 * shape.base_tree_count(), 2, 1, shape, porep_id);
}

// Synthesizes a partition of blank challenges (the counts do not depend on the values).
void count_partition(r1cs::ConstraintSystem& cs, const PorepConfig& config) {
  const Result<ChallengeProof> blank = blank_challenge_proof(config);
  ASSERT_TRUE(blank.is_ok()) << blank.status().to_string();
  const std::vector<ChallengeProof> challenges(config.challenges_per_partition, *blank);
  const Status status = synthesize_porep_partition(cs, config, {}, {}, challenges);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
}

TEST(StackedCircuit, CountsMatchRustFilProofsStackedCircuitTests) {
  const StackedCase cases[] = {
      {{TreeHasher::kPoseidon, 2, 0, 0}, 1206212},
      {{TreeHasher::kPoseidon, 8, 0, 0}, 1199620},
      {{TreeHasher::kPoseidon, 8, 4, 0}, 1296576},
      {{TreeHasher::kPoseidon, 8, 4, 2}, 1346982},
  };
  for (const StackedCase& c : cases) {
    const PorepConfig config = stacked_test_config(c.shape);
    r1cs::CountingConstraintSystem cs;
    count_partition(cs, config);
    EXPECT_EQ(cs.num_constraints(), c.constraints) << c.shape.to_string();
    EXPECT_EQ(cs.num_inputs(), 22u) << c.shape.to_string();
    const Result<CircuitSize> size = porep_circuit_size(config);
    ASSERT_TRUE(size.is_ok()) << size.status().to_string();
    EXPECT_EQ(size->constraints, c.constraints);
    EXPECT_EQ(size->inputs, 22u);
    EXPECT_EQ(size->aux, cs.num_aux());
  }
}

TEST(StackedCircuit, ScaledSizeEqualsFullCountAt2KiB) {
  const Result<PorepConfig> config = porep_config(seal_proof("StackedDrg2KiBV1_1"));
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  ASSERT_GT(config->challenges_per_partition, 1u);
  r1cs::CountingConstraintSystem cs;
  count_partition(cs, *config);
  const Result<CircuitSize> size = porep_circuit_size(*config);
  ASSERT_TRUE(size.is_ok()) << size.status().to_string();
  EXPECT_EQ(size->constraints, cs.num_constraints());
  EXPECT_EQ(size->inputs, cs.num_inputs());
  EXPECT_EQ(size->aux, cs.num_aux());
  EXPECT_EQ(size->inputs, 1 + 3 + 18 * config->challenges_per_partition);
}

// rust-fil-proofs' circuitinfo for the 32 GiB PoRep (its PR #1325): 130,278,541 constraints and
// 328 public inputs per partition.
TEST(StackedCircuit, Size32GiBMatchesRustFilProofsCircuitInfo) {
  const Result<PorepConfig> config = porep_config(seal_proof("StackedDrg32GiBV1_1"));
  ASSERT_TRUE(config.is_ok()) << config.status().to_string();
  const Result<CircuitSize> size = porep_circuit_size(*config);
  ASSERT_TRUE(size.is_ok()) << size.status().to_string();
  EXPECT_EQ(size->constraints, 130278541u);
  EXPECT_EQ(size->inputs, 328u);
  EXPECT_EQ(size->domain_log2(), 27u);
}

TEST(StackedCircuit, ProofsThatDoNotFitAreRejectedBeforeSynthesis) {
  const PorepConfig config = stacked_test_config({TreeHasher::kPoseidon, 8, 0, 0});
  const ChallengeProof blank = *blank_challenge_proof(config);
  auto expect_rejected = [&](const ChallengeProof& proof, const std::string& names) {
    r1cs::CountingConstraintSystem cs;
    const Status status = synthesize_porep_partition(cs, config, {}, {}, std::vector<ChallengeProof>{proof});
    EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
    EXPECT_NE(status.message().find(names), std::string::npos) << status.message();
    EXPECT_EQ(cs.num_constraints(), 0u);
  };
  ChallengeProof proof = blank;
  proof.drg_parents.pop_back();
  expect_rejected(proof, "drg_parents");
  proof = blank;
  proof.exp_parents[3].column.rows.pop_back();
  expect_rejected(proof, "exp_parents[3].column.rows");
  proof = blank;
  proof.comm_d_proof.path.levels.pop_back();
  expect_rejected(proof, "comm_d_proofs");
  proof = blank;
  proof.c_x.inclusion.path.levels[0].index = 8;
  expect_rejected(proof, "c_x");
  proof = blank;
  proof.labeling_proofs[0].node = config.nodes;
  expect_rejected(proof, "node");

  PorepConfig sha_trees = config;
  sha_trees.tree_r_shape.hasher = TreeHasher::kSha256;
  EXPECT_EQ(check_challenge_proof(sha_trees, blank).code(), StatusCode::kInvalidArgument);
  PorepConfig three_layers = config;
  three_layers.layers = 3;
  EXPECT_EQ(check_challenge_proof(three_layers, blank).code(), StatusCode::kInvalidArgument);

  r1cs::CountingConstraintSystem cs;
  const std::vector<ChallengeProof> two(2, blank);
  EXPECT_EQ(synthesize_porep_partition(cs, config, {}, {}, two).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk::filecoin::porep
