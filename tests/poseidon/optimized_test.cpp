// neptune's optimized Poseidon (compressed constants, sparse partial-round matrices) computes
// the same hash as the plain permutation, and its factorisation holds (M'·M'' chains and M·M⁻¹).
#include <gtest/gtest.h>

#include <random>

#include "poseidon/optimized.hpp"
#include "poseidon/permutation.hpp"

namespace cuzk::poseidon {
namespace {

using ff::Fr;

TEST(PoseidonOptimized, EqualsPlainHash) {
  std::mt19937_64 rng(7);
  for (const size_t arity : {2, 4, 8, 11}) {
    std::vector<Fr> preimage(arity);
    for (size_t i = 0; i < arity; ++i) preimage[i] = Fr::from_u64(i);
    EXPECT_EQ(poseidon_hash_optimized(preimage), poseidon_hash(preimage)) << "arity " << arity;
    for (auto& x : preimage) x = Fr::random(rng);
    EXPECT_EQ(poseidon_hash_optimized(preimage), poseidon_hash(preimage)) << "arity " << arity;
  }
}

TEST(PoseidonOptimized, ShapesAndInverse) {
  const OptimizedConstants& c = OptimizedConstants::for_arity(8);
  EXPECT_EQ(c.compressed_round_constants.size(), 9u * 8 + 57);
  EXPECT_EQ(c.sparse.size(), 57u);
  const Matrix product = mat_mul(c.mds, invert(c.mds));
  for (size_t i = 0; i < c.width; ++i) {
    for (size_t j = 0; j < c.width; ++j) EXPECT_EQ(product[i][j], i == j ? Fr::one() : Fr::zero());
  }
}

}  // namespace
}  // namespace cuzk::poseidon
