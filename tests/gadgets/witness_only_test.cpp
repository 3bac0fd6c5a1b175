// The gadgets' witness-only paths equal classic synthesis (aux and inputs value for value):
// bit allocation, bit decompositions (plain and strict), multipacking into inputs and into a
// number, UInt64, and Poseidon of every arity, for random values and the edges 0, 1, r − 1
// and 2^254 − 1 bit patterns.
#include <gtest/gtest.h>

#include <random>

#include "gadgets/multipack.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/uint64.hpp"
#include "support/witness_equivalence.hpp"

namespace cuzk::gadgets {
namespace {

using ff::Fr;

std::vector<Fr> test_values(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out = {Fr::zero(), Fr::one(), -Fr::one(), Fr::from_u64(2), Fr::from_u64(~uint64_t{0})};
  for (int i = 0; i < 6; ++i) out.push_back(Fr::random(rng));
  return out;
}

TEST(GadgetsWitnessOnly, BitsDecompositionsAndPacking) {
  for (const Fr& value : test_values(1)) {
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      const AllocatedNum num = AllocatedNum::alloc(cs, value);
      num.inputize(cs);
      const std::vector<Boolean> bits = num.to_bits_le(cs);
      const std::vector<Boolean> strict = num.to_bits_le_strict(cs);
      pack_into_inputs(cs, bits);
      pack_into_inputs(cs, std::span(strict).first(100));
      pack_bits(cs, bits);
      std::vector<Boolean> mixed(bits.begin(), bits.end());
      mixed[3] = Boolean::constant(true);
      mixed[4] = mixed[5].negated();
      pack_bits(cs, mixed);
      pack_into_inputs(cs, mixed);
      AllocatedBit::alloc(cs, true);
      AllocatedBit::alloc(cs, false);
    });
  }
}

TEST(GadgetsWitnessOnly, UInt64) {
  for (const uint64_t value : {uint64_t{0}, uint64_t{1}, ~uint64_t{0}, uint64_t{0x0123456789abcdef}}) {
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      const UInt64 word = UInt64::alloc(cs, value);
      word.pack_into_input(cs);
      UInt64::constant(value).pack_into_input(cs);
    });
  }
}

TEST(GadgetsWitnessOnly, PoseidonEveryArity) {
  const std::vector<Fr> values = test_values(2);
  for (const size_t arity : {2, 4, 8, 11}) {
    SCOPED_TRACE(arity);
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      std::vector<AllocatedNum> preimage;
      for (size_t i = 0; i < arity; ++i) preimage.push_back(AllocatedNum::alloc(cs, values[i % values.size()]));
      poseidon_hash(cs, preimage);
    });
  }
}

}  // namespace
}  // namespace cuzk::gadgets
