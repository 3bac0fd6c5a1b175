// UInt64: allocated and constant words, their bit orders, and packing into one public input
// (64 bit constraints + 1 packing constraint for an allocated word, 1 for a constant), on
// edge values.
#include <gtest/gtest.h>

#include "gadgets/uint64.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::gadgets {
namespace {

constexpr uint64_t kValues[] = {0, 1, 22, uint64_t{1} << 63, 0x0123456789abcdefULL, ~uint64_t{0}};

TEST(UInt64, AllocatedWordPacksIntoItsValue) {
  for (const uint64_t v : kValues) {
    r1cs::TestConstraintSystem cs;
    const UInt64 word = UInt64::alloc(cs, v);
    EXPECT_EQ(word.value(), v);
    EXPECT_EQ(cs.num_constraints(), 64u);
    EXPECT_EQ(cs.num_aux(), 64u);
    const std::vector<Boolean> be = word.to_bits_be();
    ASSERT_EQ(be.size(), 64u);
    for (size_t i = 0; i < 64; ++i) {
      EXPECT_EQ(word.bits()[i].value(), ((v >> i) & 1) != 0) << i;
      EXPECT_EQ(be[i].value(), ((v >> (63 - i)) & 1) != 0) << i;
      EXPECT_FALSE(word.bits()[i].is_constant());
    }
    word.pack_into_input(cs);
    EXPECT_EQ(cs.num_constraints(), 65u);
    ASSERT_EQ(cs.num_inputs(), 2u);
    EXPECT_EQ(cs.value({1, r1cs::VariableKind::kInput}), ff::Fr::from_u64(v));
    EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
  }
}

TEST(UInt64, ConstantWordCostsOnlyItsPacking) {
  for (const uint64_t v : kValues) {
    r1cs::TestConstraintSystem cs;
    const UInt64 word = UInt64::constant(v);
    for (size_t i = 0; i < 64; ++i) {
      EXPECT_TRUE(word.bits()[i].is_constant());
      EXPECT_EQ(word.bits()[i].value(), ((v >> i) & 1) != 0);
    }
    word.pack_into_input(cs);
    EXPECT_EQ(cs.num_constraints(), 1u);
    EXPECT_EQ(cs.value({1, r1cs::VariableKind::kInput}), ff::Fr::from_u64(v));
    EXPECT_TRUE(cs.is_satisfied());
  }
}

}  // namespace
}  // namespace cuzk::gadgets
