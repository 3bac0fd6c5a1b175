// PoR gadget: the constraint counts rust-fil-proofs' por_circuit tests assert (64 × base-tree-
// count leaves), public-input counts, satisfaction, and rejection of malformed paths.
#include <gtest/gtest.h>

#include <random>

#include "filecoin/por.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;

struct Case {
  TreeShape shape;
  size_t public_root;
  size_t private_root;  // 0: not asserted upstream
};

TreeShape poseidon(size_t base, size_t sub = 0, size_t top = 0) { return {TreeHasher::kPoseidon, base, sub, top}; }
TreeShape sha256(size_t base) { return {TreeHasher::kSha256, base, 0, 0}; }

void check(const Case& c, uint64_t leaf_index, bool private_root) {
  const uint64_t leaves = 64 * c.shape.base_tree_count();
  std::mt19937_64 rng(leaf_index + 17);
  Result<SparseTree> tree = SparseTree::create(c.shape, leaves, Fr::random(rng));
  ASSERT_TRUE(tree.is_ok()) << tree.status().to_string();
  tree->set_leaf(leaf_index, Fr::random(rng));
  tree->set_leaf((leaf_index + 5) % leaves, Fr::random(rng));
  const MerklePath path = tree->path(leaf_index);
  ASSERT_EQ(path_root(c.shape.hasher, tree->leaf(leaf_index), path), tree->root());
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(synthesize_por(cs, c.shape, leaves, tree->leaf(leaf_index), path, {std::nullopt, tree->root()},
                             private_root)
                  .is_ok());
  const size_t expected = private_root ? c.private_root : c.public_root;
  EXPECT_EQ(cs.num_constraints(), expected) << c.shape.to_string() << (private_root ? " private" : " public");
  EXPECT_EQ(cs.num_inputs(), private_root ? 2u : 3u);
  EXPECT_EQ(cs.value({1, r1cs::VariableKind::kInput}), Fr::from_u64(leaf_index));  // packed path = index
  EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
}

TEST(Por, PoseidonCountsMatchRustFilProofs) {
  const Case cases[] = {
      {poseidon(2), 1887, 1886},    {poseidon(4), 1164, 1163},    {poseidon(8), 1063, 1062},
      {poseidon(8, 2), 1377, 0},    {poseidon(8, 4, 2), 1764, 0}, {poseidon(8, 8), 1593, 0},
      {poseidon(8, 8, 2), 1907, 0}, {poseidon(8, 2, 4), 1764, 0},
  };
  for (const Case& c : cases) {
    const uint64_t leaves = 64 * c.shape.base_tree_count();
    for (const uint64_t leaf : {uint64_t{0}, leaves / 3, leaves - 1}) {
      check(c, leaf, false);
      if (c.private_root != 0) check(c, leaf, true);
    }
  }
}

TEST(Por, Sha256CountsMatchRustFilProofs) {
  check({sha256(2), 272295, 0}, 37, false);
  check({sha256(4), 216258, 0}, 11, false);
  check({sha256(8), 250987, 0}, 63, false);
}

TEST(Por, WrongWitnessIsUnsatisfied) {
  const TreeShape shape = poseidon(8);
  Result<SparseTree> tree = SparseTree::create(shape, 64, Fr::from_u64(3));
  ASSERT_TRUE(tree.is_ok());
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(synthesize_por(cs, shape, 64, Fr::from_u64(4), tree->path(9), {std::nullopt, tree->root()}, false)
                  .is_ok());
  EXPECT_FALSE(cs.is_satisfied());
}

TEST(Por, MalformedPathsAreErrors) {
  const TreeShape shape = poseidon(8);
  Result<SparseTree> tree = SparseTree::create(shape, 64, Fr::from_u64(3));
  ASSERT_TRUE(tree.is_ok());
  MerklePath path = tree->path(9);
  r1cs::TestConstraintSystem cs;
  MerklePath short_path = path;
  short_path.levels.pop_back();
  EXPECT_EQ(synthesize_por(cs, shape, 64, Fr(), short_path, {std::nullopt, Fr()}, false).code(),
            StatusCode::kInvalidArgument);
  MerklePath bad_index = path;
  bad_index.levels[0].index = 8;
  EXPECT_EQ(synthesize_por(cs, shape, 64, Fr(), bad_index, {std::nullopt, Fr()}, false).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(synthesize_por(cs, shape, 63, Fr(), path, {std::nullopt, Fr()}, false).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(synthesize_por(cs, poseidon(3), 64, Fr(), path, {std::nullopt, Fr()}, false).code(),
            StatusCode::kInvalidArgument);
  EXPECT_FALSE(SparseTree::create(poseidon(8, 8), 32, Fr()).is_ok());  // 4 leaves per base tree
}

}  // namespace
}  // namespace cuzk::filecoin
