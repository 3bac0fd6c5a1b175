// The native checks: the real 2 KiB fixture passes (so our labels, column hashes, trees,
// challenges and parents agree with rust-fil-proofs'), and each tampering is rejected with a
// message naming the partition, challenge, proof and field.
#include "filecoin/porep/commit1_check.hpp"

#include <functional>

#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

TEST(Commit1Check, TheRealFixturePasses) {
  const Commit1Input in = test::fixture();
  const PorepConfig config = *porep_config(in.output.registered_proof);
  Result<CheckedCommit1> checked = check_commit1(config, in.output, ThreadPool::shared());
  ASSERT_TRUE(checked.is_ok()) << checked.status().to_string();
  EXPECT_EQ(checked->challenges, (std::vector<std::vector<uint64_t>>{{56, 4}}));
  EXPECT_EQ(checked->comm_c, in.output.partitions[0][1].c_x.inclusion.root);
  EXPECT_EQ(checked->comm_r_last, in.output.partitions[0][1].comm_r_last_proof.root);
  EXPECT_EQ(checked->comm_d, *ff::Fr::from_bytes_le(in.output.comm_d));
}

std::string check_error(const std::function<void(Commit1Output&)>& tamper) {
  Commit1Output output = test::fixture().output;
  const PorepConfig config = *porep_config(output.registered_proof);
  tamper(output);
  Result<CheckedCommit1> checked = check_commit1(config, output, ThreadPool::shared());
  EXPECT_FALSE(checked.is_ok());
  return checked.is_ok() ? "" : checked.status().message();
}

#define EXPECT_REJECTED(tamper, needle)                         \
  do {                                                          \
    const std::string message = check_error(tamper);            \
    EXPECT_NE(message.find(needle), std::string::npos) << message; \
  } while (false)

ff::Fr plus_one(const ff::Fr& v) { return v + ff::Fr::one(); }

ff::Fr flip_byte(const ff::Fr& v, size_t byte) {
  uint8_t bytes[32];
  v.to_bytes_le(bytes);
  bytes[byte] ^= 0x01;
  return *ff::Fr::from_bytes_le(bytes);  // byte < 31 keeps it below 2^254
}

TEST(Commit1Check, RejectsTampering) {
  // One byte of a label in the challenge's column: its hash is no longer the TreeC leaf.
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][0].c_x.column.rows[1] = flip_byte(o.partitions[0][0].c_x.column.rows[1], 7); },
                  "partition 0 challenge 0: c_x: column hash 0x");
  // A label in a labeling proof: it is no longer the parent's column row.
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][1].labeling_proofs[1].parents[9] = ff::Fr::zero(); },
                  "partition 0 challenge 1: labeling proof 1: parent 9 is 0x");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][1].encoding_proof.parents[0] = ff::Fr::zero(); },
                  "partition 0 challenge 1: encoding proof: parent 0 is 0x");
  EXPECT_REJECTED([](Commit1Output& o) { o.seed[0] ^= 1; },
                  "partition 0 challenge 0: the proof is for node 56, the challenge (from replica_id and seed) is node");
  EXPECT_REJECTED([](Commit1Output& o) {
                    ff::Fr& h = o.partitions[0][1].comm_d_proof.path.levels[3].siblings[0];
                    h = plus_one(h);
                  },
                  "partition 0 challenge 1: comm_d proof: the path hashes to 0x");
  EXPECT_REJECTED([](Commit1Output& o) {
                    ff::Fr& h = o.partitions[0][0].exp_parents[4].inclusion.path.levels[1].siblings[6];
                    h = plus_one(h);
                  },
                  "partition 0 challenge 0: exp parent 4: TreeC inclusion: the path hashes to");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][0].drg_parents[3].column.rows[0] = ff::Fr::zero(); },
                  "partition 0 challenge 0: drg parent 3: column hash 0x");
  EXPECT_REJECTED([](Commit1Output& o) { o.comm_r[0] ^= 1; }, "is not Poseidon2(comm_c, comm_r_last)");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][0].drg_parents[2].column.index = 33; },
                  "partition 0 challenge 0: drg parent 2: column index 33, the graph says 55");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][1].c_x.inclusion.root = ff::Fr::one(); },
                  "partition 0 challenge 1: c_x: TreeC inclusion: root 0x");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][1].labeling_proofs[0].node = 5; },
                  "partition 0 challenge 1: labeling proof 0: node 5, the challenge is 4");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0][1].comm_r_last_proof.path.levels.pop_back(); },
                  "partition 0 challenge 1: comm_r_last proof: a Single proof of 1 levels (2 base), the tree's are Single of 2 levels (2 base)");
  EXPECT_REJECTED([](Commit1Output& o) { o.partitions[0].pop_back(); }, "partition 0: 1 challenge proofs, expected 2");
  EXPECT_REJECTED([](Commit1Output& o) { o.replica_id.fill(0xff); }, "replica_id: not a canonical field element");
  EXPECT_REJECTED([](Commit1Output& o) { o.registered_proof = seal_proof("StackedDrg2KiBV1"); },
                  "a StackedDrg2KiBV1 output checked against a StackedDrg2KiBV1_1 configuration");
}

}  // namespace
}  // namespace cuzk::filecoin::porep
