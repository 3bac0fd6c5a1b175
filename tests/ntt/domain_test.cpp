// Domain: size rounding and limits, the roots and inverses it hands out, and 1/Z on the coset.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "ntt/ntt.hpp"
#include "ntt_test_util.hpp"

namespace cuzk::ntt {
namespace {

using ff::Fr;
using testing::pow_u64;

TEST(NttDomain, RoundsUpToAPowerOfTwoOfAtLeastTwo) {
  const struct {
    size_t min_size, size;
    uint32_t log_size;
  } cases[] = {{0, 2, 1}, {1, 2, 1}, {2, 2, 1}, {3, 4, 2}, {4, 4, 2}, {5, 8, 3}, {1000, 1024, 10}, {1024, 1024, 10},
               {1025, 2048, 11}, {(size_t{1} << 20) + 1, size_t{1} << 21, 21}};
  for (const auto& c : cases) {
    const auto domain = Domain::create(c.min_size);
    ASSERT_TRUE(domain.is_ok()) << c.min_size << ": " << domain.status().to_string();
    EXPECT_EQ(domain->size(), c.size) << c.min_size;
    EXPECT_EQ(domain->log_size(), c.log_size) << c.min_size;
  }
}

TEST(NttDomain, LargestSizeIsAccepted) {
  const auto domain = Domain::create(size_t{1} << 28);
  ASSERT_TRUE(domain.is_ok()) << domain.status().to_string();
  EXPECT_EQ(domain->size(), size_t{1} << 28);
  EXPECT_EQ(domain->log_size(), 28u);
  EXPECT_EQ(domain->omega().square(), Domain::create(size_t{1} << 27)->omega());
}

TEST(NttDomain, RejectsSizesAbove2To28) {
  for (size_t min_size : {(size_t{1} << 28) + 1, size_t{1} << 29, std::numeric_limits<size_t>::max()}) {
    const auto domain = Domain::create(min_size);
    ASSERT_FALSE(domain.is_ok()) << min_size;
    EXPECT_EQ(domain.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(domain.status().message().find(std::to_string(min_size)), std::string::npos)
        << domain.status().message();
    EXPECT_NE(domain.status().message().find("2^28"), std::string::npos) << domain.status().message();
  }
}

TEST(NttDomain, OmegaIsAPrimitiveRootOfTheDomainSize) {
  for (uint32_t k = 1; k <= 28; ++k) {
    const auto domain = Domain::create(size_t{1} << k);
    ASSERT_TRUE(domain.is_ok());
    const Fr& omega = domain->omega();
    // ω^(n/2) = −1 makes ω primitive: its order divides n but not n/2.
    EXPECT_EQ(pow_u64(omega, uint64_t{1} << (k - 1)), -Fr::one()) << "k=" << k;
    EXPECT_EQ(omega * domain->omega_inv(), Fr::one()) << "k=" << k;
    EXPECT_EQ(domain->size_inv() * Fr::from_u64(uint64_t{1} << k), Fr::one()) << "k=" << k;
  }
}

TEST(NttDomain, CosetGeneratorIsSevenAndOutsideTheDomain) {
  const auto domain = Domain::create(1 << 10);
  ASSERT_TRUE(domain.is_ok());
  EXPECT_EQ(domain->coset_generator(), Fr::from_u64(7));
  EXPECT_EQ(domain->coset_generator() * domain->coset_generator_inv(), Fr::one());
}

TEST(NttDomain, VanishingInverseOnTheCoset) {
  for (uint32_t k : {1u, 5u, 13u, 28u}) {
    const auto domain = Domain::create(size_t{1} << k);
    ASSERT_TRUE(domain.is_ok());
    const Fr z_inv = coset_vanishing_inverse(*domain);
    // Z(g·ω^i) = g^n·ω^(in) − 1 = g^n − 1 for every i
    const Fr z = pow_u64(Fr::from_u64(7), uint64_t{1} << k) - Fr::one();
    EXPECT_FALSE(z.is_zero()) << "k=" << k;
    EXPECT_EQ(z * z_inv, Fr::one()) << "k=" << k;
    const Fr point = Fr::from_u64(7) * pow_u64(domain->omega(), 3);
    EXPECT_EQ(pow_u64(point, uint64_t{1} << k) - Fr::one(), z) << "k=" << k;
  }
}

}  // namespace
}  // namespace cuzk::ntt
