// Synthetic Commit-1 outputs pass every native check, survive the JSON round trip, and are
// fast at 32 GiB.
#include "filecoin/porep/synthetic_commit1.hpp"

#include <chrono>

#include "filecoin/porep/commit1_check.hpp"
#include "filecoin/porep/labels.hpp"
#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

void expect_passes_and_round_trips(const PorepConfig& config, uint64_t seed) {
  Result<Commit1Output> output = synthetic_commit1(config, seed);
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  Result<CheckedCommit1> checked = check_commit1(config, *output, ThreadPool::shared());
  ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
  EXPECT_EQ(checked->challenges.size(), config.partitions);

  const std::string bare = write_commit1_json(*output);
  Result<Commit1Input> back = read_commit1(test::as_bytes(bare), test::kMaxCommit1Bytes);
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ(write_commit1_json(back->output), bare);
  ASSERT_TRUE(check_commit1(config, back->output, ThreadPool::shared()).is_ok());

  const Commit1Wrapper wrapper{true, 42, config.sector_size, 1234, true};
  const std::string wrapped = write_commit1_wrapped(*output, wrapper);
  Result<Commit1Input> unwrapped = read_commit1(test::as_bytes(wrapped), test::kMaxCommit1Bytes);
  ASSERT_TRUE(unwrapped.is_ok()) << unwrapped.status().to_string();
  EXPECT_EQ(unwrapped->wrapper.sector_number, 42u);
  EXPECT_EQ(unwrapped->wrapper.miner, 1234u);
  EXPECT_EQ(write_commit1_wrapped(unwrapped->output, unwrapped->wrapper), wrapped);
}

TEST(SyntheticCommit1, TwoKiBAndEightMiBPassAndRoundTrip) {
  for (const RegisteredProof& proof : {seal_proof("StackedDrg2KiBV1_1"), seal_proof("StackedDrg8MiBV1_1"),
                                          seal_proof("StackedDrg8MiBV1")}) {
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
    Result<CheckedCommit1> checked = check_commit1(config, *output, ThreadPool::shared());
    EXPECT_TRUE(checked.is_ok()) << shape.to_string() << ": " << checked.status().to_string();
  }
}

// Re-commits an edited synthetic output: rebuilds TreeC from every column it shows and TreeR
// from every replica leaf (the generator's untouched leaves are zero, so the rebuilt trees are
// the generator's when nothing was edited), refreshes every path and root, and comm_r. Lets a
// test reach the label and encoding checks with all Merkle checks passing.
void recommit(const PorepConfig& config, Commit1Output& out) {
  const auto all_columns = [&](auto&& f) {
    for (auto& partition : out.partitions) {
      for (ChallengeProof& p : partition) {
        f(p.c_x);
        for (ColumnProof& c : p.drg_parents) f(c);
        for (ColumnProof& c : p.exp_parents) f(c);
      }
    }
  };
  SparseTree tree_c = *SparseTree::create(config.tree_r_shape, config.nodes, ff::Fr::zero());
  SparseTree tree_r = *SparseTree::create(config.tree_r_shape, config.nodes, ff::Fr::zero());
  all_columns([&](ColumnProof& c) { tree_c.set_leaf(c.column.index, column_hash(c.column.rows)); });
  for (auto& partition : out.partitions) {
    for (ChallengeProof& p : partition) tree_r.set_leaf(p.c_x.column.index, p.comm_r_last_proof.leaf);
  }
  all_columns([&](ColumnProof& c) {
    c.inclusion.root = tree_c.root();
    c.inclusion.leaf = tree_c.leaf(c.column.index);
    c.inclusion.path = tree_c.path(c.column.index);
  });
  for (auto& partition : out.partitions) {
    for (ChallengeProof& p : partition) {
      p.comm_r_last_proof.root = tree_r.root();
      p.comm_r_last_proof.path = tree_r.path(p.c_x.column.index);
    }
  }
  const std::array<ff::Fr, 2> roots = {tree_c.root(), tree_r.root()};
  hash_children(TreeHasher::kPoseidon, roots).to_bytes_le(out.comm_r);
}

TEST(SyntheticCommit1, LabelAndEncodingTamperingIsNamed) {
  const PorepConfig config = *porep_config(seal_proof("StackedDrg2KiBV1_1"));
  const Commit1Output original = *synthetic_commit1(config, 5);
  {
    Commit1Output out = original;
    recommit(config, out);
    ASSERT_TRUE(check_commit1(config, out, ThreadPool::shared()).is_ok());  // the rebuild alone changes nothing
    EXPECT_EQ(write_commit1_json(out), write_commit1_json(original));
  }
  {
    // Challenge 0's layer-1 label, wherever its column is shown, with consistent trees.
    Commit1Output out = original;
    const uint64_t node = out.partitions[0][0].c_x.column.index;
    const auto bump = [node](ColumnProof& c) {
      if (c.column.index == node) c.column.rows[0] += ff::Fr::one();
    };
    for (auto& partition : out.partitions) {
      for (ChallengeProof& p : partition) {
        bump(p.c_x);
        for (ColumnProof& c : p.drg_parents) bump(c);
        for (ColumnProof& c : p.exp_parents) bump(c);
      }
    }
    recommit(config, out);
    Result<CheckedCommit1> checked = check_commit1(config, out, ThreadPool::shared());
    ASSERT_FALSE(checked.is_ok());
    EXPECT_NE(checked.status().message().find("partition 0 challenge 0: labeling proof 0: the label hashes to 0x"),
              std::string::npos)
        << checked.status().message();
  }
  {
    // Challenge 1's replica leaf, with a consistent TreeR.
    Commit1Output out = original;
    out.partitions[0][1].comm_r_last_proof.leaf += ff::Fr::one();
    recommit(config, out);
    Result<CheckedCommit1> checked = check_commit1(config, out, ThreadPool::shared());
    ASSERT_FALSE(checked.is_ok());
    EXPECT_NE(checked.status().message().find("partition 0 challenge 1: encoding proof: key + data leaf = 0x"),
              std::string::npos)
        << checked.status().message();
  }
}

TEST(SyntheticCommit1, ThirtyTwoGiBInSeconds) {
  const PorepConfig config = *porep_config(seal_proof("StackedDrg32GiBV1_1"));
  const auto start = std::chrono::steady_clock::now();
  Result<Commit1Output> output = synthetic_commit1(config, 11);
  const auto generated = std::chrono::steady_clock::now();
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  Result<CheckedCommit1> checked = check_commit1(config, *output, ThreadPool::shared());
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
