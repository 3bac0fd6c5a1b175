// The native SHA-256 compression witness (sha256_witness.hpp) equals the gadget's: the same aux
// values in the same order, and the same output words (variables, values, kinds), for random
// blocks and states whose bits are any mix of constants, allocated and negated bits, for
// all-zero and all-ones blocks, constant blocks after allocated states, and the padded hash
// and Fr32 digest of several lengths.
#include <gtest/gtest.h>

#include <random>

#include "gadgets/sha256.hpp"
#include "gadgets/sha256_native.hpp"
#include "support/witness_equivalence.hpp"

namespace cuzk::gadgets {
namespace {

// How the bits of a test block or state are made.
enum class Mix { kAllocated, kConstant, kAny };

Boolean make_bit(r1cs::ConstraintSystem& cs, std::mt19937_64& rng, Mix mix, bool value) {
  const uint64_t kind = mix == Mix::kAllocated ? 0 : mix == Mix::kConstant ? 2 : rng() % 4;
  switch (kind) {
    case 0: return AllocatedBit::alloc(cs, value);
    case 1: return Boolean(AllocatedBit::alloc(cs, !value)).negated();
    default: return Boolean::constant(value);
  }
}

struct Inputs {
  uint64_t seed;
  Mix block_mix, state_mix;
  int block_fill;  // -1 random, 0 all zeros, 1 all ones
  bool iv;         // the state is SHA-256's IV as constants
};

void expect_same_output(const std::vector<UInt32>& a, const std::vector<UInt32>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t w = 0; w < a.size(); ++w) {
    EXPECT_EQ(a[w].value(), b[w].value()) << "word " << w;
    for (size_t i = 0; i < 32; ++i) {
      const Boolean &x = a[w].bits()[i], &y = b[w].bits()[i];
      ASSERT_EQ(x.kind(), y.kind()) << "word " << w << " bit " << i;
      ASSERT_EQ(x.value(), y.value()) << "word " << w << " bit " << i;
      if (!x.is_constant()) {
        ASSERT_EQ(x.bit().variable, y.bit().variable) << "word " << w << " bit " << i;
      }
    }
  }
}

void check(const Inputs& in) {
  std::vector<std::vector<UInt32>> outputs;
  cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
    std::mt19937_64 rng(in.seed);
    std::vector<Boolean> block;
    for (size_t i = 0; i < 512; ++i) {
      const bool value = in.block_fill < 0 ? (rng() & 1) != 0 : in.block_fill == 1;
      block.push_back(make_bit(cs, rng, in.block_mix, value));
    }
    std::vector<UInt32> state;
    for (size_t w = 0; w < 8; ++w) {
      if (in.iv) {
        state.push_back(UInt32::constant(kSha256Iv[w]));
        continue;
      }
      const uint32_t value = static_cast<uint32_t>(rng());
      std::vector<Boolean> bits_be;
      for (size_t i = 32; i-- > 0;) bits_be.push_back(make_bit(cs, rng, in.state_mix, (value >> i) & 1));
      state.push_back(UInt32::from_bits_be(bits_be));
    }
    outputs.push_back(sha256_compression(cs, block, state));
  });
  ASSERT_EQ(outputs.size(), 3u);  // classic, then witness-only with and without deferred Poseidon
  expect_same_output(outputs[0], outputs[1]);
  expect_same_output(outputs[0], outputs[2]);
}

TEST(Sha256Witness, RandomBlocksAndStatesOfEveryKindOfBit) {
  for (uint64_t seed = 0; seed < 12; ++seed) {
    SCOPED_TRACE(seed);
    check({seed, Mix::kAny, Mix::kAny, -1, false});
    check({seed, Mix::kAny, Mix::kAny, -1, true});
    check({seed, Mix::kAllocated, Mix::kAllocated, -1, false});
  }
}

TEST(Sha256Witness, EdgeBlocks) {
  for (const int fill : {0, 1}) {
    SCOPED_TRACE(fill);
    check({1, Mix::kAllocated, Mix::kAllocated, fill, true});
    check({2, Mix::kAllocated, Mix::kAllocated, fill, false});
    check({3, Mix::kConstant, Mix::kAllocated, fill, false});  // a padding block after real ones
    check({4, Mix::kConstant, Mix::kAny, fill, false});
    check({5, Mix::kConstant, Mix::kConstant, fill, true});    // nothing allocated at all
    check({6, Mix::kAny, Mix::kConstant, fill, false});
  }
}

TEST(Sha256Witness, PaddedHashesAndFr32Digests) {
  for (const size_t bytes : {0, 1, 32, 55, 56, 64, 100, 156}) {
    SCOPED_TRACE(bytes);
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      std::mt19937_64 rng(bytes);
      std::vector<Boolean> bits;
      for (size_t i = 0; i < 8 * bytes; ++i) bits.push_back(make_bit(cs, rng, Mix::kAny, (rng() & 1) != 0));
      sha256_bits(cs, bits);
      sha256_fr32(cs, bits);
    });
  }
}

}  // namespace
}  // namespace cuzk::gadgets
