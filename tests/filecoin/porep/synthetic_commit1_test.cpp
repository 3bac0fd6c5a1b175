// Synthetic Commit-1 outputs pass every native check, survive the JSON round trip, and are
// fast at 32 GiB.
#include "filecoin/porep/synthetic_commit1.hpp"

#include <chrono>

#include "filecoin/porep/commit1_check.hpp"
#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

void expect_passes_and_round_trips(const PorepConfig& config, uint64_t seed) {
  Result<Commit1Output> output = synthetic_commit1(config, seed);
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  Result<CheckedCommit1> checked = check_commit1(config, *output);
  ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
  EXPECT_EQ(checked->challenges.size(), config.partitions);

  const std::string bare = write_commit1_json(*output);
  Result<Commit1Input> back = read_commit1(test::as_bytes(bare), test::kMaxCommit1Bytes);
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ(write_commit1_json(back->output), bare);
  ASSERT_TRUE(check_commit1(config, back->output).is_ok());

  const Commit1Wrapper wrapper{true, 42, config.sector_size, 1234, true};
  const std::string wrapped = write_commit1_wrapped(*output, wrapper);
  Result<Commit1Input> unwrapped = read_commit1(test::as_bytes(wrapped), test::kMaxCommit1Bytes);
  ASSERT_TRUE(unwrapped.is_ok()) << unwrapped.status().to_string();
  EXPECT_EQ(unwrapped->wrapper.sector_number, 42u);
  EXPECT_EQ(unwrapped->wrapper.miner, 1234u);
  EXPECT_EQ(write_commit1_wrapped(unwrapped->output, unwrapped->wrapper), wrapped);
}

TEST(SyntheticCommit1, TwoKiBAndEightMiBPassAndRoundTrip) {
  for (const RegisteredSealProof proof : {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
                                          RegisteredSealProof::kStackedDrg8MiBV1}) {
    for (uint64_t seed = 1; seed <= 3; ++seed) expect_passes_and_round_trips(*porep_config(proof), seed);
  }
}

TEST(SyntheticCommit1, TestConfigurationsPass) {
  std::array<uint8_t, 32> porep_id;
  porep_id.fill(44);
  const TreeShape shapes[] = {{TreeHasher::kPoseidon, 2, 0, 0}, {TreeHasher::kPoseidon, 8, 0, 0},
                              {TreeHasher::kPoseidon, 8, 4, 0}, {TreeHasher::kPoseidon, 8, 4, 2}};
  for (const TreeShape& shape : shapes) {
    const PorepConfig config = *porep_test_config(8 * shape.base_tree_count(), 2, 1, shape, porep_id);
    Result<Commit1Output> output = synthetic_commit1(config, 7);
    ASSERT_TRUE(output.is_ok()) << output.status().to_string();
    Result<CheckedCommit1> checked = check_commit1(config, *output);
    EXPECT_TRUE(checked.is_ok()) << shape.to_string() << ": " << checked.status().to_string();
  }
}

TEST(SyntheticCommit1, ThirtyTwoGiBInSeconds) {
  const PorepConfig config = *porep_config(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const auto start = std::chrono::steady_clock::now();
  Result<Commit1Output> output = synthetic_commit1(config, 11);
  const auto generated = std::chrono::steady_clock::now();
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  Result<CheckedCommit1> checked = check_commit1(config, *output);
  const auto done = std::chrono::steady_clock::now();
  ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
  const double generate_s = std::chrono::duration<double>(generated - start).count();
  const double check_s = std::chrono::duration<double>(done - generated).count();
  std::printf("32 GiB synthetic Commit-1: generated in %.2f s, checked in %.2f s\n", generate_s, check_s);
  EXPECT_LT(generate_s, 10.0);
  EXPECT_EQ(output->partitions.size(), 10u);
  EXPECT_EQ(output->partitions[9].size(), 18u);
  EXPECT_EQ(output->partitions[9][17].comm_r_last_proof.form, ProofForm::kSub);
}

}  // namespace
}  // namespace cuzk::filecoin::porep
