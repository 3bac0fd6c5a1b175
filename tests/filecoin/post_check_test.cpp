// PoSt partitions from vanilla proofs: the real 32 GiB WindowPoSt sector proof passes every
// native check with its own challenges; synthetic 2 KiB WindowPoSt and WinningPoSt bincode
// satisfy the Fallback PoSt circuit with the verifier's public inputs; a partition of fewer
// sectors than slots is padded as rust-fil-proofs pads it; every tampering is refused by name.
#include <gtest/gtest.h>

#include "filecoin/por.hpp"
#include "filecoin/post_check.hpp"
#include "post_fixture.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;

PostConfig window_2kib() { return post_config(post_proof("StackedDrgWindow2KiBV1_1")); }

TEST(PostCheck, RegisteredProofs) {
  const PostConfig window = post_config(*registered_post_proof(13));
  EXPECT_EQ(window.kind, PostKind::kWindow);
  EXPECT_EQ(window.sector_size, uint64_t{32} << 30);
  EXPECT_EQ(window.sector_count, 2349u);
  EXPECT_EQ(window.api_version, ApiVersion::kV1_2);
  EXPECT_EQ(registered_post_proof(13)->name, "StackedDrgWindow32GiBV1_1");
  EXPECT_EQ(post_config(post_proof("StackedDrgWindow64GiBV1")).api_version, ApiVersion::kV1_0);
  const PostConfig winning = post_config(post_proof("StackedDrgWinning32GiBV1"));
  EXPECT_EQ(winning.kind, PostKind::kWinning);
  EXPECT_EQ(winning.sector_count, 66u);
  EXPECT_EQ(winning.challenge_count, 1u);
  EXPECT_EQ(registered_post_proof(0)->name, "StackedDrgWinning2KiBV1");
  EXPECT_EQ(post_config(post_proof("StackedDrgWindow8MiBV1_1")).sector_size, uint64_t{8} << 20);
  EXPECT_FALSE(registered_post_proof(15).is_ok());
}

// An independent oracle: Curio's test file, proven by rust-fil-proofs for sector 1 with zero
// randomness; its ten paths open exactly the leaves our challenge derivation names.
TEST(PostCheck, TheRealSectorProofPassesWithItsChallenges) {
  const std::vector<std::vector<uint8_t>> proofs = {test::real_window_sector_proof()};
  const Randomness zero{};
  for (const RegisteredProof& registered : {post_proof("StackedDrgWindow32GiBV1"), post_proof("StackedDrgWindow32GiBV1_1")}) {
    const PostConfig config = post_config(registered);
    Result<PostPartitionInput> input = read_post_partition(config, proofs);
    ASSERT_TRUE(input.is_ok()) << input.status().to_string();
    Result<CheckedPostPartition> checked = check_post_partition(config, *input, zero, 0, ThreadPool::shared());
    ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
    EXPECT_EQ(checked->challenges[0], post_sector_leaf_challenges(config, zero, 0, 0, 1));
    EXPECT_EQ(checked->sectors[0].comm_r, input->sectors[0].comm_r);
    // Every level's hash recorded as the check computed it: the path's own hashes climb to the root.
    const PostSectorProof& vanilla = input->sectors[0].sectors.front();
    ASSERT_EQ(checked->paths[0].size(), vanilla.inclusion_proofs.size());
    for (size_t n = 0; n < vanilla.inclusion_proofs.size(); ++n) {
      const MerklePath& path = checked->paths[0][n];
      ASSERT_EQ(path.levels.size(), vanilla.inclusion_proofs[n].full_path().levels.size());
      MerklePath prefix;
      for (const PathLevel& level : path.levels) {
        prefix.levels.push_back(level);
        ASSERT_TRUE(level.hash.has_value());
        EXPECT_EQ(*level.hash, path_root(config.shape.hasher, vanilla.inclusion_proofs[n].leaf, prefix));
      }
      EXPECT_EQ(*path.levels.back().hash, vanilla.comm_r_last);
    }
  }
  // Another randomness names other leaves.
  const PostConfig config = post_config(post_proof("StackedDrgWindow32GiBV1_1"));
  const PostPartitionInput input = *read_post_partition(config, proofs);
  const Result<CheckedPostPartition> wrong =
      check_post_partition(config, input, test::test_randomness(3), 0, ThreadPool::shared());
  ASSERT_FALSE(wrong.is_ok());
  EXPECT_NE(wrong.status().message().find("sector 0 (id 1): challenge 0: the path opens leaf"), std::string::npos)
      << wrong.status().message();
}

void expect_satisfied_with_verifier_inputs(const PostPartition& partition, const PostConfig& config) {
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(partition.circuit.synthesize(cs).is_ok());
  EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
  ASSERT_EQ(cs.num_inputs(), 1 + partition.public_inputs.size());
  ASSERT_EQ(partition.public_inputs.size(), config.sector_count * (1 + config.challenge_count));
  for (size_t i = 0; i < partition.public_inputs.size(); ++i) {
    EXPECT_EQ(cs.value({i + 1, r1cs::VariableKind::kInput}), partition.public_inputs[i]) << "input " << i;
  }
  EXPECT_EQ(partition.circuit.public_inputs(), partition.public_inputs);
}

TEST(PostCheck, SyntheticBincodeSatisfiesTheCircuit) {
  ThreadPool pool(2);
  const Randomness randomness = test::test_randomness(7);
  for (const RegisteredProof& registered :
       {post_proof("StackedDrgWindow2KiBV1_1"), post_proof("StackedDrgWindow2KiBV1"), post_proof("StackedDrgWinning2KiBV1")}) {
    const PostConfig config = post_config(registered);
    const bool winning = config.kind == PostKind::kWinning;
    const size_t partition = winning ? 0 : 1;
    const auto proofs = test::synthetic_proofs(config, randomness, winning ? 1 : 2, partition);
    Result<PostPartition> p = prepare_post_partition(config, proofs, randomness, partition, pool);
    ASSERT_TRUE(p.is_ok()) << registered.name << ": " << p.status().to_string();
    expect_satisfied_with_verifier_inputs(*p, config);
    // The verifier's inputs come from (randomness, ids, comm_r) alone.
    EXPECT_EQ(*post_verifier_public_inputs(config, randomness, partition, p->sectors), p->public_inputs);
  }
}

TEST(PostCheck, WinningPoStSpreadsItsChallengesOverTheSlots) {
  ThreadPool pool(2);
  const PostConfig config = post_config(post_proof("StackedDrgWinning2KiBV1"));
  const Randomness randomness = test::test_randomness(2);
  const PostPartition p = *prepare_post_partition(config, test::synthetic_proofs(config, randomness, 1), randomness, 0, pool);
  ASSERT_EQ(p.circuit.sectors().size(), 66u);
  const std::vector<uint64_t> leaves = post_sector_leaf_challenges(config, randomness, 0, 0, 1);
  for (size_t slot = 0; slot < 66; ++slot) {
    ASSERT_EQ(p.circuit.sectors()[slot].challenges.size(), 1u);
    EXPECT_EQ(p.circuit.sectors()[slot].challenges[0], leaves[slot]);
    // Slot n's challenge index is n: SHA-256(randomness ‖ 1 ‖ n) mod 64.
    EXPECT_EQ(leaves[slot], post_leaf_challenge(randomness, 1, slot, config.leaves));
  }
  // The verifier's 66 slots of the one sector, computed slot by slot, equal the prover's.
  const std::vector<PublicSector> copies(66, p.sectors[0]);
  EXPECT_EQ(*post_public_inputs(config, randomness, 0, copies), p.public_inputs);
  EXPECT_FALSE(prepare_post_partition(config, test::synthetic_proofs(config, randomness, 1), randomness, 1, pool).is_ok());
}

TEST(PostCheck, APartitionOfOneSectorIsPaddedWithItsCopy) {
  ThreadPool pool(2);
  const Randomness randomness = test::test_randomness(4);
  for (const RegisteredProof& registered : {post_proof("StackedDrgWindow2KiBV1_1"), post_proof("StackedDrgWindow2KiBV1")}) {
    const PostConfig config = post_config(registered);
    ASSERT_EQ(config.sector_count, 2u);
    const size_t partition = 3;
    Result<PostPartition> p =
        prepare_post_partition(config, test::synthetic_proofs(config, randomness, 1, partition), randomness, partition, pool);
    ASSERT_TRUE(p.is_ok()) << p.status().to_string();
    ASSERT_EQ(p->circuit.sectors().size(), 2u);
    EXPECT_EQ(p->circuit.sectors()[1].challenges, p->circuit.sectors()[0].challenges);
    EXPECT_EQ(p->circuit.sectors()[1].comm_r, p->circuit.sectors()[0].comm_r);
    expect_satisfied_with_verifier_inputs(*p, config);
    // Slot 1 repeats slot 0's inputs; under V1_0 they are not what slot 1 would compute.
    const std::vector<Fr>& in = p->public_inputs;
    EXPECT_TRUE(std::equal(in.begin(), in.begin() + 11, in.begin() + 11));
    const std::vector<PublicSector> both(2, p->sectors[0]);
    const std::vector<Fr> per_slot = *post_public_inputs(config, randomness, partition, both);
    EXPECT_EQ(per_slot == in, config.api_version == ApiVersion::kV1_2) << registered.name;
  }
}

TEST(PostCheck, CountsAreChecked) {
  const PostConfig config = window_2kib();
  const Randomness randomness = test::test_randomness(1);
  const auto three = test::synthetic_proofs(post_config(post_proof("StackedDrgWindow2KiBV1_1")), randomness, 2);
  std::vector<std::vector<uint8_t>> proofs = three;
  proofs.push_back(three[0]);
  EXPECT_NE(read_post_partition(config, proofs).status().message().find("3 sector proofs, a partition takes 1 to 2"),
            std::string::npos);
  EXPECT_FALSE(read_post_partition(config, {}).is_ok());
  const PostConfig winning = post_config(post_proof("StackedDrgWinning2KiBV1"));
  EXPECT_NE(read_post_partition(winning, three).status().message().find("WinningPoSt takes 1"), std::string::npos);
  // A WindowPoSt sector (10 challenges) where WinningPoSt needs 66.
  const std::span<const std::vector<uint8_t>> one(three.data(), 1);
  EXPECT_NE(read_post_partition(winning, one).status().message().find("sector 0 (id 1): 10 inclusion proofs, winning-post needs 66"),
            std::string::npos)
      << read_post_partition(winning, one).status().message();
  // A 2 KiB sector's proof against the 32 GiB configuration: the shape is named.
  const PostConfig big = post_config(post_proof("StackedDrgWindow32GiBV1_1"));
  const PostPartitionInput input = *read_post_partition(big, one);
  EXPECT_NE(check_post_partition(big, input, randomness, 0, ThreadPool::shared()).status().message().find(
                "sector 0 (id 1): challenge 0: a Single Merkle proof, the poseidon 8-8-0 tree's are Sub"),
            std::string::npos);
  // A sector's bytes that do not parse: the error names the sector, by id once its id is there.
  std::vector<std::vector<uint8_t>> cut = three;
  cut[1].resize(100);
  EXPECT_NE(read_post_partition(config, cut).status().message().find("sector 1 (id 2): byte "), std::string::npos)
      << read_post_partition(config, cut).status().message();
  cut[1].resize(4);
  EXPECT_NE(read_post_partition(config, cut).status().message().find("sector 1: byte 0: sector_id: truncated"),
            std::string::npos);
  Randomness high = randomness;
  high[31] = 0xff;
  EXPECT_NE(check_post_partition(config, *read_post_partition(config, three), high, 0, ThreadPool::shared())
                .status()
                .message()
                .find("randomness"),
            std::string::npos);
}

// Tampers with sector 1 (id 2) of a 2-sector 2 KiB partition and expects `expect` in the error.
void expect_refused(const std::function<void(FallbackPostSectorProof&)>& tamper, const std::string& expect,
                    const Randomness* other_randomness = nullptr) {
  const PostConfig config = window_2kib();
  const Randomness randomness = test::test_randomness(9);
  std::vector<std::vector<uint8_t>> proofs = test::synthetic_proofs(config, randomness, 2);
  FallbackPostSectorProof proof = *read_fallback_post_sector_proof(proofs[1]);
  tamper(proof);
  proofs[1] = write_fallback_post_sector_proof(proof);
  const PostPartitionInput input = *read_post_partition(config, proofs);
  const Result<CheckedPostPartition> checked =
      check_post_partition(config, input, other_randomness ? *other_randomness : randomness, 0, ThreadPool::shared());
  ASSERT_FALSE(checked.is_ok()) << expect;
  EXPECT_EQ(checked.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(checked.status().message().find(expect), std::string::npos) << checked.status().message();
}

TEST(PostCheck, TamperingIsRefusedByName) {
  const auto challenges = [](FallbackPostSectorProof& p) -> std::vector<PostInclusionProof>& {
    return p.sectors[0].inclusion_proofs;
  };
  // Another leaf's path: challenge 4 answered with challenge 5's proof.
  expect_refused([&](FallbackPostSectorProof& p) { challenges(p)[4] = challenges(p)[5]; },
                 "sector 1 (id 2): challenge 4: the path opens leaf");
  // A path index digit changed: it opens another leaf.
  expect_refused([&](FallbackPostSectorProof& p) {
    PathLevel& level = challenges(p)[2].base.levels[1];
    level.index = (level.index + 1) % 8;
  }, "sector 1 (id 2): challenge 2: the path opens leaf");
  // The wrong sector id: its challenges are other leaves.
  expect_refused([](FallbackPostSectorProof& p) { p.sector_id = 7; }, "sector 1 (id 7): challenge 0: the path opens leaf");
  // The wrong randomness.
  const Randomness other = test::test_randomness(10);
  expect_refused([](FallbackPostSectorProof&) {}, "sector 0 (id 1): challenge 0: the path opens leaf", &other);
  // A tampered sibling hash, or leaf.
  expect_refused([&](FallbackPostSectorProof& p) { challenges(p)[3].base.levels[0].siblings[6] += Fr::one(); },
                 "sector 1 (id 2): challenge 3: the path from leaf");
  expect_refused([&](FallbackPostSectorProof& p) { challenges(p)[9].leaf += Fr::one(); },
                 "sector 1 (id 2): challenge 9: the path from leaf");
  // A root other than comm_r_last.
  expect_refused([&](FallbackPostSectorProof& p) { challenges(p)[1].root += Fr::one(); },
                 "sector 1 (id 2): challenge 1: root is not the sector's comm_r_last");
  // comm_c, comm_r_last or comm_r changed.
  expect_refused([](FallbackPostSectorProof& p) { p.sectors[0].comm_c += Fr::one(); },
                 "sector 1 (id 2): comm_r is not Poseidon(comm_c, comm_r_last)");
  expect_refused([](FallbackPostSectorProof& p) { p.comm_r += Fr::one(); },
                 "sector 1 (id 2): comm_r is not Poseidon(comm_c, comm_r_last)");
  // A missing level, a missing sibling.
  expect_refused([&](FallbackPostSectorProof& p) { challenges(p)[0].base.levels.pop_back(); },
                 "sector 1 (id 2): challenge 0: path: 1 elements, the tree has 2");
  expect_refused([&](FallbackPostSectorProof& p) {
    PathLevel& level = challenges(p)[6].base.levels[0];
    level.siblings.pop_back();
    level.index = 0;
  }, "sector 1 (id 2): challenge 6: path element 0: 6 hashes, arity 8 needs 7");
}

}  // namespace
}  // namespace cuzk::filecoin
