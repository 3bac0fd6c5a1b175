// The gadgets' witness-only paths equal classic synthesis (aux and inputs value for value):
// bit allocation, bit decompositions (plain and strict), multipacking into inputs and into a
// number, UInt64, and Poseidon of every arity, for random values and the edges 0, 1, r − 1
// and 2^254 − 1 bit patterns; Poseidon also with its internal values deferred to the prover
// (from inputs, chained, custom tags, parts joined, hashes known beforehand).
#include <gtest/gtest.h>

#include <random>

#include "gadgets/multipack.hpp"
#include "gadgets/poseidon.hpp"
#include "gadgets/poseidon_fill.hpp"
#include "gadgets/uint64.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/proving_assignment.hpp"
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

// Preimages from inputs and aux, a hash of hashes, a custom domain tag: hashes left to the
// Poseidon fill, filled as a prover fills them, equal classic synthesis.
TEST(GadgetsWitnessOnly, PoseidonFromInputsChainedAndCustomTag) {
  static const poseidon::OptimizedConstants tagged = poseidon::OptimizedConstants::with_custom_tag(2, 1);
  const std::vector<Fr> values = test_values(3);
  cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
    const AllocatedNum a = AllocatedNum::alloc(cs, values[3]);
    const Fr input_value = values[2];
    const AllocatedNum input{cs.alloc_input(input_value), input_value};
    const AllocatedNum first = poseidon_hash(cs, std::vector{input, a, a, AllocatedNum::alloc(cs, values[0])});
    const AllocatedNum second = poseidon_hash(cs, std::vector{first, input}, tagged);
    poseidon_hash(cs, std::vector{second, first, a, input, first, second, a, AllocatedNum::alloc(cs, values[1])});
  });
}

// A hash known beforehand (a native check's) is taken as given where Poseidon is left to its fill and
// recomputed elsewhere: both equal classic synthesis.
TEST(GadgetsWitnessOnly, PoseidonWithAKnownHash) {
  const std::vector<Fr> values = test_values(5);
  for (const size_t arity : {2, 8}) {
    SCOPED_TRACE(arity);
    std::vector<Fr> preimage_values;
    for (size_t i = 0; i < arity; ++i) preimage_values.push_back(values[(i + 3) % values.size()]);
    const Fr known = poseidon::poseidon_hash_optimized(preimage_values);
    cuzk::test::expect_same_witness([&](r1cs::ConstraintSystem& cs) {
      std::vector<AllocatedNum> preimage;
      for (const Fr& v : preimage_values) preimage.push_back(AllocatedNum::alloc(cs, v));
      const AllocatedNum hash = poseidon_hash_known(cs, preimage, known);
      EXPECT_EQ(hash.value, known);
    });
  }
}

// Parts synthesized separately with their hashes left to the Poseidon fill, joined (their variables shifted: aux by
// the aux before them, inputs other than ONE by the inputs before them), equal one piece.
TEST(GadgetsWitnessOnly, DeferredHashesOfPartsConcatenated) {
  const std::vector<Fr> values = test_values(4);
  auto part = [&](r1cs::ConstraintSystem& cs, size_t k) {
    const Fr v = values[k % values.size()];
    const AllocatedNum input{cs.alloc_input(v), v};
    const AllocatedNum aux = AllocatedNum::alloc(cs, values[(k + 5) % values.size()]);
    const AllocatedNum one{r1cs::Variable::one(), Fr::one()};
    poseidon_hash(cs, std::vector{aux, input, one, aux});
    poseidon_hash(cs, std::vector{input, aux});
  };
  r1cs::ProvingAssignment classic;
  for (size_t k = 0; k < 3; ++k) part(classic, k);
  std::vector<witness::PartitionWitness> parts;
  for (size_t k = 0; k < 3; ++k) {
    witness::FillRecordingSystem cs;
    part(cs, k);
    parts.push_back(std::move(cs).take_partition());
  }
  std::vector<const witness::PartitionWitness*> in_order;
  for (const witness::PartitionWitness& p : parts) in_order.push_back(&p);
  ThreadPool pool(2);
  const witness::PartitionWitness joined = witness::concatenate(in_order, pool);
  ASSERT_EQ(joined.fills.size(), 1u);
  const auto& hashes = dynamic_cast<const PoseidonFill&>(*joined.fills.front());
  EXPECT_EQ(hashes.num_hashes(), 6u);
  EXPECT_EQ(hashes.values(), 3 * (376u + 310u));
  cuzk::test::expect_witness_equals(joined, classic);
}

}  // namespace
}  // namespace cuzk::gadgets
