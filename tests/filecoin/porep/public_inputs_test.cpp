// PoRep public inputs: the count of rust-fil-proofs' test circuits, and the real fixture's
// values against what its paths and columns imply.
#include "filecoin/porep/public_inputs.hpp"

#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

using ff::Fr;

uint64_t path_index(const InclusionProof& proof, const std::vector<size_t>& arities) {
  uint64_t index = 0, weight = 1;
  for (size_t l = 0; l < proof.path.levels.size(); ++l) {
    index += weight * proof.path.levels[l].index;
    weight *= arities[l];
  }
  return index;
}

TEST(PorepPublicInputs, TwentyTwoForTheOneChallengeTestCircuits) {
  std::array<uint8_t, 32> porep_id;
  porep_id.fill(44);
  const TreeShape shapes[] = {{TreeHasher::kPoseidon, 2, 0, 0}, {TreeHasher::kPoseidon, 8, 0, 0},
                              {TreeHasher::kPoseidon, 8, 4, 0}, {TreeHasher::kPoseidon, 8, 4, 2}};
  for (const TreeShape& shape : shapes) {
    const PorepConfig config = *porep_test_config(8 * shape.base_tree_count(), 2, 1, shape, porep_id);
    Result<std::vector<Fr>> inputs = porep_public_inputs(config, Bytes32{1, 2, 3}, Bytes32{4}, Bytes32{5}, Bytes32{6}, 0);
    ASSERT_TRUE(inputs.is_ok()) << inputs.status().to_string();
    EXPECT_EQ(inputs->size() + 1, 22u) << shape.to_string();  // + ONE
  }
}

TEST(PorepPublicInputs, TheFixtureValues) {
  const Commit1Input in = test::fixture();
  const Commit1Output& out = in.output;
  const PorepConfig config = *porep_config(out.registered_proof);
  Result<std::vector<Fr>> inputs = porep_public_inputs(config, out.replica_id, out.comm_d, out.comm_r, out.seed, 0);
  ASSERT_TRUE(inputs.is_ok()) << inputs.status().to_string();
  std::vector<Fr> expected = {*Fr::from_bytes_le(out.replica_id), *Fr::from_bytes_le(out.comm_d),
                              *Fr::from_bytes_le(out.comm_r)};
  const std::vector<size_t> binary(6, 2), octal(2, 8);
  for (const ChallengeProof& p : out.partitions[0]) {
    expected.push_back(Fr::from_u64(path_index(p.comm_d_proof, binary)));
    for (const ColumnProof& c : p.drg_parents) expected.push_back(Fr::from_u64(c.column.index));
    for (const ColumnProof& c : p.exp_parents) expected.push_back(Fr::from_u64(c.column.index));
    expected.push_back(Fr::from_u64(p.c_x.column.index));
    expected.push_back(Fr::from_u64(path_index(p.comm_r_last_proof, octal)));
    expected.push_back(Fr::from_u64(path_index(p.c_x.inclusion, octal)));
  }
  EXPECT_EQ(inputs->size(), 3 + 2 * kPublicInputsPerChallenge);
  EXPECT_EQ(*inputs, expected);
}

TEST(PorepPublicInputs, RejectsBadArguments) {
  const PorepConfig config = *porep_config(seal_proof("StackedDrg32GiBV1_1"));
  EXPECT_FALSE(porep_public_inputs(config, {}, {}, {}, {}, 10).is_ok());
  Bytes32 bad;
  bad.fill(0xff);
  EXPECT_FALSE(porep_public_inputs(config, bad, {}, {}, {}, 0).is_ok());
  Result<std::vector<Fr>> inputs = porep_public_inputs(config, {}, {}, {}, {}, 9);
  ASSERT_TRUE(inputs.is_ok());
  EXPECT_EQ(inputs->size(), 3 + 18 * kPublicInputsPerChallenge);
}

}  // namespace
}  // namespace cuzk::filecoin::porep
