// Fr's two-adic structure (r − 1 = 2^32·t) and the generated constants behind NTT domains
// and Tonelli–Shanks: the root of unity has order exactly 2^32, 7 is a non-residue, and
// square roots work along the whole 2-power tower. Checked on every arithmetic path.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

namespace c = ff::constants;

template <class F>
class FrStructure : public ::testing::Test {};
using FrTypes = ::testing::Types<ff::FrT<ff::PortableWords>
#if CUZK_FF_HAVE_INT128
                                 ,
                                 ff::FrT<ff::Int128Words>
#endif
#if CUZK_FF_HAVE_ADX
                                 ,
                                 ff::FrT<ff::AdxWords>
#endif
                                 >;
TYPED_TEST_SUITE(FrStructure, FrTypes, FieldName);

TYPED_TEST(FrStructure, TwoAdicDecomposition) {
  // r − 1 = 2^32 · t with t odd
  EXPECT_EQ(c::kFrTwoAdicity, 32u);
  EXPECT_EQ(c::kFrTrace[0] & 1, 1u);
  Limbs<4> shifted{};  // t << 32
  for (size_t i = 0; i < 4; ++i) shifted[i] = (c::kFrTrace[i] << 32) | (i ? c::kFrTrace[i - 1] >> 32 : 0);
  EXPECT_EQ(c::kFrTrace[3] >> 32, 0u);
  EXPECT_EQ(shifted, limbs_minus(c::kFrModulus, 1));
  EXPECT_EQ(limbs_shr1(limbs_minus(c::kFrTrace, 1)), c::kFrTraceMinusOneHalf);
}

TYPED_TEST(FrStructure, RootOfUnityHasOrderExactly2To32) {
  using F = TypeParam;
  const F w = F::from_montgomery(c::kFrRootOfUnity);
  // w = 7^t
  EXPECT_EQ(w, F::from_u64(7).pow(c::kFrTrace));
  F x = w;
  for (uint32_t k = 1; k < 32; ++k) {
    x = x.square();  // x = w^(2^k)
    ASSERT_FALSE(x.is_one()) << "w^(2^" << k << ") = 1: order too small";
    if (k == 31) {
      EXPECT_EQ(x, -F::one()) << "w^(2^31) must be −1";
    }
  }
  x = x.square();
  EXPECT_TRUE(x.is_one()) << "w^(2^32) ≠ 1";
  // the same through pow with a wide exponent
  EXPECT_TRUE(w.pow(Limbs<1>{uint64_t{1} << 32}).is_one());
  EXPECT_EQ(w.pow(Limbs<1>{uint64_t{1} << 31}), -F::one());
  // a primitive 2^32-th root is a non-residue
  EXPECT_EQ(w.legendre(), -1);
  EXPECT_FALSE(w.sqrt().has_value());
}

TYPED_TEST(FrStructure, GeneratorSevenIsANonResidue) {
  using F = TypeParam;
  const F g = F::from_montgomery(c::kFrGenerator);
  EXPECT_EQ(g, F::from_u64(7));
  EXPECT_EQ(g.to_canonical(), limbs_u64<4>(7));
  EXPECT_EQ(g.legendre(), -1);
  EXPECT_EQ(g.pow(c::kFrModulusMinusOneHalf), -F::one());
  EXPECT_FALSE(g.sqrt().has_value());
  // small values around 7 for contrast: 4 is a square, and 7·4 is still a non-residue
  EXPECT_EQ(F::from_u64(4).legendre(), 1);
  EXPECT_EQ((g * F::from_u64(4)).legendre(), -1);
}

// Tonelli–Shanks at every depth of the 2-power tower: w^(2^k) is a square for k ≥ 1 with
// roots ±w^(2^(k−1)); also −1 (= w^(2^31)), and products with random squares.
TYPED_TEST(FrStructure, SqrtAlongTheTwoPowerTower) {
  using F = TypeParam;
  const F w = F::from_montgomery(c::kFrRootOfUnity);
  std::vector<F> powers = {w};  // powers[k] = w^(2^k)
  for (int k = 1; k <= 32; ++k) powers.push_back(powers.back().square());
  for (size_t k = 1; k <= 32; ++k) {
    SCOPED_TRACE(::testing::Message() << "k = " << k);
    const auto root = powers[k].sqrt();
    ASSERT_TRUE(root.has_value());
    EXPECT_EQ(root->square(), powers[k]);
    if (k < 32) {
      EXPECT_TRUE(*root == powers[k - 1] || *root == -powers[k - 1]);
    }
  }
  std::mt19937_64 rng(kSeed + 31);
  for (size_t k = 0; k <= 32; ++k) {
    const F y = F::random(rng);
    const F x = powers[k] * y.square();
    const auto root = x.sqrt();
    if (k == 0) {
      EXPECT_FALSE(root.has_value()) << "w·y² is a non-residue";
    } else {
      ASSERT_TRUE(root.has_value()) << "k = " << k;
      EXPECT_EQ(root->square(), x);
    }
  }
  const auto i = (-F::one()).sqrt();  // 4 | r − 1
  ASSERT_TRUE(i.has_value());
  EXPECT_EQ(i->square(), -F::one());
}

}  // namespace
}  // namespace cuzk::fftest
