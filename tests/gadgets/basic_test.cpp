// Boolean, AllocatedNum, UInt32 and multipack gadgets: truth tables, constraint counts as
// bellpepper's tests assert them, and satisfaction (or not) of tampered witnesses.
#include <gtest/gtest.h>

#include <random>

#include "gadgets/multipack.hpp"
#include "gadgets/uint32.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::gadgets {
namespace {

using ff::Fr;
using r1cs::TestConstraintSystem;

TEST(Boolean, TruthTablesOneConstraintEach) {
  for (int av = 0; av < 2; ++av) {
    for (int bv = 0; bv < 2; ++bv) {
      TestConstraintSystem cs;
      const AllocatedBit a = AllocatedBit::alloc(cs, av), b = AllocatedBit::alloc(cs, bv);
      EXPECT_EQ(bit_xor(cs, a, b).value, (av ^ bv) == 1);
      EXPECT_EQ(bit_and(cs, a, b).value, (av & bv) == 1);
      EXPECT_EQ(bit_and_not(cs, a, b).value, (av & !bv) == 1);
      EXPECT_EQ(bit_nor(cs, a, b).value, (!av & !bv) == 1);
      EXPECT_EQ(cs.num_constraints(), 6u);
      EXPECT_TRUE(cs.is_satisfied());
      for (int neg_a = 0; neg_a < 2; ++neg_a) {
        for (int neg_b = 0; neg_b < 2; ++neg_b) {
          const Boolean x = neg_a ? Boolean(a).negated() : Boolean(a);
          const Boolean y = neg_b ? Boolean(b).negated() : Boolean(b);
          EXPECT_EQ(boolean_xor(cs, x, y).value(), x.value() != y.value());
          EXPECT_EQ(boolean_and(cs, x, y).value(), x.value() && y.value());
          ASSERT_TRUE(enforce_equal(cs, x, x).is_ok());
        }
      }
      EXPECT_TRUE(cs.is_satisfied());
    }
  }
}

TEST(Boolean, ConstantsCostNothing) {
  TestConstraintSystem cs;
  const Boolean t = Boolean::constant(true), f = Boolean::constant(false);
  const Boolean a = AllocatedBit::alloc(cs, true);
  EXPECT_EQ(boolean_xor(cs, a, t).value(), false);
  EXPECT_EQ(boolean_and(cs, a, f).value(), false);
  EXPECT_EQ(sha256_ch(cs, t, f, a).value(), false);
  EXPECT_EQ(sha256_maj(cs, t, f, a).value(), true);
  EXPECT_EQ(cs.num_constraints(), 1u);
  EXPECT_FALSE(enforce_equal(cs, t, f).is_ok());
}

TEST(Boolean, ChAndMajMatchTheirTruthTables) {
  for (int bits = 0; bits < 8; ++bits) {
    TestConstraintSystem cs;
    const bool av = bits & 1, bv = bits & 2, cv = bits & 4;
    const Boolean a = AllocatedBit::alloc(cs, av), b = AllocatedBit::alloc(cs, bv), c = AllocatedBit::alloc(cs, cv);
    EXPECT_EQ(sha256_ch(cs, a, b, c).value(), (av && bv) != (!av && cv));
    EXPECT_EQ(sha256_maj(cs, a, b, c).value(), ((av && bv) != (av && cv)) != (bv && cv));
    EXPECT_EQ(sha256_ch(cs, a.negated(), b, Boolean::constant(true)).value(), (!av && bv) != av);
    EXPECT_EQ(cs.num_constraints(), 3u + 1 + 2 + 1);
    EXPECT_TRUE(cs.is_satisfied());
  }
}

TEST(AllocatedNum, BitsProductsReversal) {
  std::mt19937_64 rng(1);
  TestConstraintSystem cs;
  const AllocatedNum a = AllocatedNum::alloc(cs, Fr::random(rng)), b = AllocatedNum::alloc(cs, Fr::random(rng));
  const size_t before = cs.num_constraints();
  const std::vector<Boolean> bits = a.to_bits_le(cs);
  EXPECT_EQ(bits.size(), 255u);
  EXPECT_EQ(cs.num_constraints() - before, 256u);
  const std::vector<Boolean> strict = a.to_bits_le_strict(cs);
  for (size_t i = 0; i < 255; ++i) EXPECT_EQ(strict[i].value(), bits[i].value());
  EXPECT_EQ(a.mul(cs, b).value, a.value * b.value);
  EXPECT_EQ(a.square(cs).value, a.value.square());
  const auto [c, d] = conditionally_reverse(cs, a, b, AllocatedBit::alloc(cs, true));
  EXPECT_EQ(c.value, b.value);
  EXPECT_EQ(d.value, a.value);
  a.inputize(cs);
  EXPECT_EQ(cs.num_inputs(), 2u);
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(AllocatedNum, StrictBitsOfMinusOne) {
  TestConstraintSystem cs;
  const AllocatedNum a = AllocatedNum::alloc(cs, -Fr::one());
  const std::vector<Boolean> bits = a.to_bits_le_strict(cs);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(bits.size(), 255u);
}

TEST(UInt32, XorRotateShiftAddmany) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 50; ++trial) {
    TestConstraintSystem cs;
    const uint32_t x = static_cast<uint32_t>(rng()), y = static_cast<uint32_t>(rng()), z = static_cast<uint32_t>(rng());
    const UInt32 a = UInt32::alloc(cs, x), b = UInt32::constant(y), c = UInt32::alloc(cs, z);
    EXPECT_EQ(a.bit_xor(cs, b).bit_xor(cs, c).value(), x ^ y ^ z);
    EXPECT_EQ(a.rotr(7).value(), (x >> 7) | (x << 25));
    EXPECT_EQ(a.shr(3).value(), x >> 3);
    MultiEq eq(cs);
    const UInt32 ops[3] = {a, b, c};
    const UInt32 sum = UInt32::addmany(eq, ops);
    eq.flush();
    EXPECT_EQ(sum.value(), x + y + z);
    for (size_t i = 0; i < 32; ++i) EXPECT_EQ(sum.bits()[i].value(), ((x + y + z) >> i) & 1);
    EXPECT_TRUE(cs.is_satisfied());
  }
  TestConstraintSystem cs;
  MultiEq eq(cs);
  const UInt32 ops[2] = {UInt32::constant(5), UInt32::constant(7)};
  EXPECT_EQ(UInt32::addmany(eq, ops).value(), 12u);
  eq.flush();
  EXPECT_EQ(cs.num_constraints(), 0u);
}

TEST(Multipack, PacksIntoInputs) {
  const std::vector<uint8_t> bytes = {0x01, 0x80, 0xff};
  const std::vector<bool> bits = bytes_to_bits(bytes);
  EXPECT_TRUE(bits[7]);
  EXPECT_TRUE(bits[8]);
  EXPECT_EQ(bytes_to_bits_le(bytes)[0], true);
  std::vector<bool> many(300, true);
  const std::vector<Fr> packed = compute_multipacking(many);
  ASSERT_EQ(packed.size(), 2u);
  EXPECT_EQ(packed[1], Fr::from_u64((uint64_t{1} << 46) - 1));  // the last 300 − 254 = 46 bits
  TestConstraintSystem cs;
  std::vector<Boolean> in;
  for (const bool b : many) in.push_back(AllocatedBit::alloc(cs, b));
  pack_into_inputs(cs, in);
  EXPECT_EQ(cs.num_inputs(), 3u);
  EXPECT_TRUE(cs.is_satisfied());
}

}  // namespace
}  // namespace cuzk::gadgets
