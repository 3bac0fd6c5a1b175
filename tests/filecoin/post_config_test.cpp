// PoSt kinds: configurations per sector size, parsing, challenge derivation, public inputs,
// and synthetic instances whose witnesses satisfy their circuits — down to a 32 GiB sector
// (2^30 leaves) built sparsely.
#include <gtest/gtest.h>

#include <chrono>

#include "filecoin/post_config.hpp"
#include "gadgets/sha256_native.hpp"
#include "r1cs/counting_constraint_system.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;
constexpr uint64_t kGiB = uint64_t{1} << 30;

TEST(PostKind, ConfigsFollowFilecoinProofs) {
  const PostConfig winning = *post_config(PostKind::kWinning, 32 * kGiB);
  EXPECT_EQ(winning.sector_count, 66u);
  EXPECT_EQ(winning.challenge_count, 1u);
  EXPECT_EQ(winning.leaves, uint64_t{1} << 30);
  EXPECT_EQ(winning.shape.to_string(), "poseidon 8-8-0");
  const PostConfig window = *post_config(PostKind::kWindow, 32 * kGiB);
  EXPECT_EQ(window.sector_count, 2349u);
  EXPECT_EQ(window.challenge_count, 10u);
  EXPECT_EQ(post_config(PostKind::kWindow, 64 * kGiB)->sector_count, 2300u);
  EXPECT_EQ(post_config(PostKind::kWindow, 64 * kGiB)->shape.to_string(), "poseidon 8-8-2");
  EXPECT_EQ(post_config(PostKind::kWindow, 2048)->sector_count, 2u);
  EXPECT_EQ(post_config(PostKind::kWindow, 4096)->shape.to_string(), "poseidon 8-2-0");
  EXPECT_FALSE(post_config(PostKind::kWindow, 3000).is_ok());
}

TEST(PostKind, Parsing) {
  EXPECT_EQ(*parse_post_kind("winning-post"), PostKind::kWinning);
  EXPECT_EQ(*parse_post_kind("window-post"), PostKind::kWindow);
  EXPECT_EQ(parse_post_kind("porep").status().code(), StatusCode::kInvalidArgument);
}

TEST(PostKind, LeafChallengeIsTheHashPrefixModLeaves) {
  Randomness randomness{};
  randomness[0] = 7;
  uint8_t message[48] = {};
  message[0] = 7;
  message[32] = 5;   // sector id 5, little-endian
  message[40] = 42;  // challenge index 42
  const gadgets::Sha256Digest digest = gadgets::sha256(message);
  uint64_t prefix = 0;
  for (size_t i = 0; i < 8; ++i) prefix |= uint64_t{digest[i]} << (8 * i);
  EXPECT_EQ(post_leaf_challenge(randomness, 5, 42, uint64_t{1} << 30), prefix % (uint64_t{1} << 30));
  EXPECT_EQ(post_leaf_challenge(randomness, 5, 42, 64), prefix % 64);
  EXPECT_EQ(post_challenge_index(1, 2349, 3, 10, 4), (2349u + 3) * 10 + 4);
}

void expect_consistent(const PostInstance& instance, const r1cs::ProvingAssignment& cs) {
  for (size_t i = 0; i < cs.a.size(); ++i) ASSERT_EQ(cs.a[i] * cs.b[i], cs.c[i]) << "constraint " << i;
  ASSERT_EQ(cs.input_assignment.size(), instance.public_inputs.size() + 1);
  for (size_t i = 0; i < instance.public_inputs.size(); ++i) EXPECT_EQ(cs.input_assignment[i + 1], instance.public_inputs[i]);
}

TEST(PostKind, SyntheticSmallInstancesSatisfyTheirCircuits) {
  ThreadPool pool(2);
  for (const PostKind kind : {PostKind::kWindow, PostKind::kWinning}) {
    const PostConfig config = *post_config(kind, 2048);
    Result<PostInstance> instance = synthetic_post_instance(config, 3, pool);
    ASSERT_TRUE(instance.is_ok()) << instance.status().to_string();
    r1cs::TestConstraintSystem cs;
    ASSERT_TRUE(instance->circuit.synthesize(cs).is_ok());
    EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
    EXPECT_EQ(instance->circuit.public_inputs(), instance->public_inputs);
    EXPECT_EQ(cs.num_inputs(), 1 + config.sector_count * (1 + config.challenge_count));
  }
}

TEST(PostKind, Synthetic32GiBWinningPoSt) {
  ThreadPool pool(2);
  const PostConfig config = *post_config(PostKind::kWinning, 32 * kGiB);
  const auto start = std::chrono::steady_clock::now();
  Result<PostInstance> instance = synthetic_post_instance(config, 9, pool);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(instance.is_ok()) << instance.status().to_string();
  EXPECT_LT(ms, 2000.0);  // 66 sparse paths through a 2^30-leaf tree: milliseconds, not hours
  r1cs::CountingConstraintSystem counting;
  ASSERT_TRUE(instance->circuit.synthesize(counting).is_ok());
  // Per slot: 313 (comm_r) + 10 levels × (3 bits + 22 insertion + 505 Poseidon-8) + pack + root = 5,615.
  EXPECT_EQ(counting.num_constraints(), 66u * 5615);
  EXPECT_EQ(counting.num_inputs(), 1u + 66 * 2);
  Result<r1cs::ProvingAssignment> cs = synthesize_parallel(instance->circuit, pool);
  ASSERT_TRUE(cs.is_ok());
  expect_consistent(*instance, *cs);
}

TEST(PostKind, CircuitSizeScalesOneSlot) {
  ThreadPool pool(2);
  for (const PostKind kind : {PostKind::kWindow, PostKind::kWinning}) {
    const PostConfig config = *post_config(kind, 4096);
    Result<PostInstance> instance = synthetic_post_instance(config, 1, pool);
    ASSERT_TRUE(instance.is_ok());
    r1cs::CountingConstraintSystem cs;
    ASSERT_TRUE(instance->circuit.synthesize(cs).is_ok());
    const CircuitSize size = *post_circuit_size(config);
    EXPECT_EQ(size.constraints, cs.num_constraints());
    EXPECT_EQ(size.inputs, cs.num_inputs());
    EXPECT_EQ(size.aux, cs.num_aux());
  }
  // 32 GiB WindowPoSt partition: 2349 × (313 + 10 × 5,302) constraints, 2^27 domain.
  const CircuitSize window = *post_circuit_size(*post_config(PostKind::kWindow, 32 * kGiB));
  EXPECT_EQ(window.constraints, 125279217u);
  EXPECT_EQ(window.inputs, 1u + 2349 * 11);
  EXPECT_EQ(window.domain_log2(), 27u);
}

TEST(PostKind, PublicInputsNeedEverySlot) {
  const PostConfig config = *post_config(PostKind::kWindow, 2048);
  EXPECT_EQ(post_public_inputs(config, {}, 0, {{1, Fr::one()}}).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk::filecoin
