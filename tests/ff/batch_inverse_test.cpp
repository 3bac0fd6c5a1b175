// batch_inverse: equals element-wise inverse() (zero ↦ zero) for every zero pattern,
// including an empty span and all zeros, over Fr, Fq, Fq2 and Fq12.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <vector>

#include "ff/batch_inverse.hpp"
#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

template <class F>
class BatchInverse : public ::testing::Test {};

struct BatchName {
  template <class F>
  static std::string GetName(int) {
    if constexpr (std::is_same_v<F, ff::Fr>) return "Fr";
    if constexpr (std::is_same_v<F, ff::Fq>) return "Fq";
    if constexpr (std::is_same_v<F, ff::Fq2>) return "Fq2";
    if constexpr (std::is_same_v<F, ff::Fq12>) return "Fq12";
    return "Other";
  }
};
using BatchTypes = ::testing::Types<ff::Fr, ff::Fq, ff::Fq2, ff::Fq12, ff::FrT<ff::PortableWords>>;
TYPED_TEST_SUITE(BatchInverse, BatchTypes, BatchName);

// zero_at(i, n) decides which positions are zero
template <class F, class Pred>
void check_pattern(std::mt19937_64& rng, size_t n, Pred zero_at, const char* what) {
  SCOPED_TRACE(::testing::Message() << what << ", n = " << n);
  std::vector<F> values(n);
  for (size_t i = 0; i < n; ++i) values[i] = zero_at(i, n) ? F::zero() : F::random(rng);
  std::vector<F> expected(n);
  for (size_t i = 0; i < n; ++i) expected[i] = values[i].inverse();  // zero stays zero
  std::vector<F> batch = values;
  ff::batch_inverse(std::span<F>(batch));
  ASSERT_EQ(batch.size(), n);
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(batch[i], expected[i]) << "position " << i;
    if (values[i].is_zero()) {
      EXPECT_TRUE(batch[i].is_zero()) << "position " << i;
    } else {
      EXPECT_TRUE(values[i] * batch[i] == F::one()) << "position " << i;
    }
  }
}

TYPED_TEST(BatchInverse, MatchesElementwiseInverse) {
  using F = TypeParam;
  std::mt19937_64 rng(kSeed + 21);

  std::vector<F> empty;
  ff::batch_inverse(std::span<F>(empty));  // must not touch anything or crash
  EXPECT_TRUE(empty.empty());
  ff::batch_inverse(std::span<F>());

  const auto none = [](size_t, size_t) { return false; };
  const auto all = [](size_t, size_t) { return true; };
  const auto first = [](size_t i, size_t) { return i == 0; };
  const auto last = [](size_t i, size_t n) { return i + 1 == n; };
  const auto ends = [](size_t i, size_t n) { return i == 0 || i + 1 == n; };
  const auto middle = [](size_t i, size_t n) { return i == n / 2; };
  const auto even = [](size_t i, size_t) { return i % 2 == 0; };
  const auto odd = [](size_t i, size_t) { return i % 2 == 1; };
  const auto run = [](size_t i, size_t n) { return i >= n / 3 && i < 2 * n / 3; };
  const auto all_but_one = [](size_t i, size_t n) { return i != n / 2; };
  const auto sparse = [](size_t i, size_t) { return i % 7 == 3 || i % 11 == 0; };

  for (size_t n : {size_t{1}, size_t{2}, size_t{3}, size_t{8}, size_t{33}}) {
    check_pattern<F>(rng, n, none, "no zeros");
    check_pattern<F>(rng, n, all, "all zeros");
    check_pattern<F>(rng, n, first, "zero first");
    check_pattern<F>(rng, n, last, "zero last");
    check_pattern<F>(rng, n, ends, "zeros at both ends");
    check_pattern<F>(rng, n, middle, "zero in the middle");
    check_pattern<F>(rng, n, even, "zeros at even positions");
    check_pattern<F>(rng, n, odd, "zeros at odd positions");
    check_pattern<F>(rng, n, run, "a run of zeros");
    check_pattern<F>(rng, n, all_but_one, "all zero but one");
    check_pattern<F>(rng, n, sparse, "scattered zeros");
  }
}

TYPED_TEST(BatchInverse, OnesAndRepeats) {
  using F = TypeParam;
  std::mt19937_64 rng(kSeed + 22);
  const F x = F::random(rng);
  std::vector<F> values = {F::one(), x, x, F::zero(), x, F::one()};
  ff::batch_inverse(std::span<F>(values));
  const F x_inv = x.inverse();
  EXPECT_EQ(values[0], F::one());
  EXPECT_EQ(values[1], x_inv);
  EXPECT_EQ(values[2], x_inv);
  EXPECT_TRUE(values[3].is_zero());
  EXPECT_EQ(values[4], x_inv);
  EXPECT_EQ(values[5], F::one());
}

}  // namespace
}  // namespace cuzk::fftest
