// Interactive challenges and the replica id against the real 2 KiB Commit-1 output.
#include "filecoin/porep/challenges.hpp"

#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

TEST(PorepChallenges, TheFixtureChallenges) {
  const Commit1Input in = test::fixture();
  const PorepConfig config = *porep_config(in.output.registered_proof);
  ASSERT_EQ(in.output.partitions.size(), 1u);
  const std::vector<uint64_t> challenges =
      interactive_challenges(in.output.replica_id, in.output.seed, 0, config.challenges_per_partition, config.nodes);
  ASSERT_EQ(challenges.size(), 2u);
  for (size_t i = 0; i < challenges.size(); ++i) {
    const ChallengeProof& proof = in.output.partitions[0][i];
    EXPECT_EQ(challenges[i], proof.c_x.column.index);
    EXPECT_EQ(challenges[i], proof.encoding_proof.node);
    for (const LabelingProof& labeling : proof.labeling_proofs) EXPECT_EQ(challenges[i], labeling.node);
  }
  EXPECT_EQ(challenges, (std::vector<uint64_t>{56, 4}));
}

TEST(PorepChallenges, ChallengesAreNeverNodeZero) {
  const Bytes32 replica_id{1}, seed{2};
  for (const uint64_t c : interactive_challenges(replica_id, seed, 3, 1000, 2)) EXPECT_EQ(c, 1u);
  for (const uint64_t c : interactive_challenges(replica_id, seed, 0, 1000, 64)) {
    EXPECT_GE(c, 1u);
    EXPECT_LT(c, 64u);
  }
  // Partition k's challenges continue the sequence: j = k · count + i.
  const std::vector<uint64_t> all = interactive_challenges(replica_id, seed, 0, 20, 1 << 20);
  const std::vector<uint64_t> second = interactive_challenges(replica_id, seed, 1, 10, 1 << 20);
  EXPECT_EQ(std::vector<uint64_t>(all.begin() + 10, all.end()), second);
}

TEST(PorepChallenges, ProverIdIsLeb128) {
  EXPECT_EQ(prover_id_from_actor(0), Bytes32{});
  EXPECT_EQ(prover_id_from_actor(1001), (Bytes32{0xe9, 0x07}));
  EXPECT_EQ(prover_id_from_actor(127), (Bytes32{0x7f}));
  EXPECT_EQ(prover_id_from_actor(128), (Bytes32{0x80, 0x01}));
  EXPECT_EQ(prover_id_from_actor(UINT64_MAX),
            (Bytes32{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
}

TEST(PorepChallenges, TheFixtureReplicaId) {
  // The wrapper names the miner (f01001) and the sector (0); porep_seed is the porep_id.
  const Commit1Input in = test::fixture();
  ASSERT_TRUE(in.wrapper.present);
  ASSERT_TRUE(in.wrapper.has_miner);
  EXPECT_EQ(in.wrapper.miner, 1001u);
  const PorepConfig config = *porep_config(in.output.registered_proof);
  const Bytes32 replica_id = generate_replica_id(prover_id_from_actor(in.wrapper.miner), in.wrapper.sector_number,
                                                 in.output.ticket, in.output.comm_d, config.porep_id);
  EXPECT_EQ(replica_id, in.output.replica_id);
}

}  // namespace
}  // namespace cuzk::filecoin::porep
