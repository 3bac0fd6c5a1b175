// fr_dot_product (one reduction for a whole sum of products) equals the sum of Montgomery
// products: random lengths 0-12, and the edges — every term (r − 1)·(r − 1) (the largest sum the
// bounds allow), zeros, ones, and a value whose Montgomery limbs are r − 1.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff/fr_dot_product.hpp"

namespace cuzk::ff {
namespace {

Fr naive(const std::vector<Fr>& a, const std::vector<Fr>& b) {
  Fr sum = Fr::zero();
  for (size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

TEST(FrDotProduct, EqualsTheSumOfProducts) {
  std::mt19937_64 rng(11);
  const Fr minus_one = -Fr::one();
  const Fr edges[] = {Fr::zero(), Fr::one(), minus_one, minus_one - Fr::one(), Fr::from_u64(~uint64_t{0}),
                      Fr::from_montgomery({0xffffffff00000000, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48})};
  for (int trial = 0; trial < 2000; ++trial) {
    const size_t n = static_cast<size_t>(rng() % (kFrDotProductMaxTerms + 1));
    std::vector<Fr> a, b;
    for (size_t i = 0; i < n; ++i) {
      a.push_back(rng() % 3 == 0 ? edges[rng() % std::size(edges)] : Fr::random(rng));
      b.push_back(rng() % 3 == 0 ? edges[rng() % std::size(edges)] : Fr::random(rng));
    }
    ASSERT_EQ(fr_dot_product(a, b), naive(a, b)) << "trial " << trial << ", " << n << " terms";
  }
  for (size_t n = 0; n <= kFrDotProductMaxTerms; ++n) {
    const std::vector<Fr> top(n, minus_one);
    EXPECT_EQ(fr_dot_product(top, top), naive(top, top)) << n << " terms of (r − 1)²";
  }
}

}  // namespace
}  // namespace cuzk::ff
