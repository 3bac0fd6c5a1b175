// PackedAux: values and bits pushed in any mix read back as pushed (value(), expand(), and a
// device-style expansion from the raw packed arrays), across word boundaries; 0 and 1 pushed
// as field elements are stored as bits; concatenate joins parts (in parallel); expand_witness fills a ProvingAssignment with them.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>

#include "r1cs/witness.hpp"
#include "r1cs/witness_expansion.hpp"

namespace cuzk::r1cs {
namespace {

using ff::Fr;

// The expansion rule of witness.hpp's header, from the packed arrays alone.
Fr expand_from_arrays(const PackedAux& aux, size_t i) {
  const size_t w = i / 64, b = i % 64;
  if ((aux.field_mask()[w] >> b) & 1) {
    const uint64_t below = (uint64_t{1} << b) - 1;
    return aux.field_values()[aux.field_rank()[w] + static_cast<size_t>(std::popcount(aux.field_mask()[w] & below))];
  }
  return (aux.bit_values()[w] >> b) & 1 ? Fr::one() : Fr::zero();
}

TEST(PackedAux, RandomMixesReadBackAsPushed) {
  std::mt19937_64 rng(17);
  for (int round = 0; round < 20; ++round) {
    PackedAux aux;
    std::vector<Fr> expected;
    while (expected.size() < 3000) {
      switch (rng() % 4) {
        case 0: {
          const Fr v = Fr::random(rng);
          aux.push(v);
          expected.push_back(v);
          break;
        }
        case 1: {
          const bool bit = rng() & 1;
          aux.push_bit(bit);
          expected.push_back(bit ? Fr::one() : Fr::zero());
          break;
        }
        default: {
          const size_t count = rng() % 65;
          const uint64_t values = rng();  // bits above count must be ignored
          aux.push_bits(values, count);
          for (size_t k = 0; k < count; ++k) expected.push_back((values >> k) & 1 ? Fr::one() : Fr::zero());
          break;
        }
      }
    }
    ASSERT_EQ(aux.size(), expected.size());
    EXPECT_EQ(aux.expand(), expected);
    for (size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(aux.value(i), expected[i]) << i;
      ASSERT_EQ(expand_from_arrays(aux, i), expected[i]) << i;
    }
    const size_t begin = rng() % expected.size();
    std::vector<Fr> part(rng() % (expected.size() - begin + 1));
    aux.expand(begin, part);
    for (size_t k = 0; k < part.size(); ++k) ASSERT_EQ(part[k], expected[begin + k]) << begin + k;
  }
}

TEST(PackedAux, ZeroAndOneAreBitsOtherValuesAreFieldElements) {
  PackedAux aux;
  aux.push(Fr::zero());
  aux.push(Fr::one());
  aux.push(Fr::from_u64(2));
  aux.push(-Fr::one());
  EXPECT_EQ(aux.field_values().size(), 2u);
  EXPECT_EQ(aux.field_mask()[0], 0b1100u);
  EXPECT_EQ(aux.bit_values()[0], 0b10u);
  EXPECT_EQ(aux.packed_bytes(), 3 * 8 + 2 * sizeof(Fr));
  EXPECT_EQ(aux.unpacked_bytes(), 4 * sizeof(Fr));
  aux.clear();
  EXPECT_EQ(aux.size(), 0u);
  aux.push_bits(~uint64_t{0}, 64);
  aux.push_bits(1, 1);
  ASSERT_EQ(aux.bit_values().size(), 2u);
  EXPECT_EQ(aux.bit_values()[0], ~uint64_t{0});
  EXPECT_EQ(aux.bit_values()[1], 1u);
  EXPECT_EQ(aux.field_rank()[1], 0u);
}

// n values: runs of random bits and, one push in `field_one_in`, a random field element.
PackedAux random_aux(std::mt19937_64& rng, size_t n, uint64_t field_one_in) {
  PackedAux aux;
  while (aux.size() < n) {
    if (rng() % field_one_in == 0) {
      aux.push(Fr::random(rng));
    } else {
      aux.push_bits(rng(), std::min<size_t>(rng() % 65, n - aux.size()));
    }
  }
  return aux;
}

TEST(PackedAux, ConcatenateJoinsTwoPartsAtEveryOffset) {
  std::mt19937_64 rng(9);
  ThreadPool pool(2);
  for (const size_t first : {0, 1, 63, 64, 65, 130, 200}) {
    for (const size_t second : {0, 1, 5, 64, 100, 300}) {
      const PackedAux head = random_aux(rng, first, 5);
      const PackedAux b = random_aux(rng, second, 5);
      std::vector<Fr> expected = head.expand();
      const std::vector<Fr> tail = b.expand();
      expected.insert(expected.end(), tail.begin(), tail.end());
      const PackedAux* parts[] = {&head, &b};
      PackedAux a = PackedAux::concatenate(parts, pool);
      ASSERT_EQ(a.expand(), expected) << first << " + " << second;
      for (size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(expand_from_arrays(a, i), expected[i]) << i;
      a.push(Fr::from_u64(7));  // still open for pushes
      ASSERT_EQ(a.value(a.size() - 1), Fr::from_u64(7));
    }
  }
}

TEST(PackedAux, ConcatenateEqualsPushingThePartsInOrder) {
  std::mt19937_64 rng(10);
  ThreadPool pool(4);
  // parts smaller than a word (several in one word), empty ones, word-aligned and not
  for (const std::vector<size_t>& sizes : std::vector<std::vector<size_t>>{
           {}, {0}, {5}, {64, 64}, {1, 2, 3, 0, 7, 64, 65, 1}, {63, 1, 200, 0, 129, 3}, {1000, 999, 1001, 64}}) {
    std::vector<PackedAux> parts;
    for (const size_t n : sizes) parts.push_back(random_aux(rng, n, 4));
    PackedAux pushed;  // every part's values pushed one by one
    std::vector<const PackedAux*> pointers;
    for (const PackedAux& part : parts) {
      for (const Fr& value : part.expand()) pushed.push(value);
      pointers.push_back(&part);
    }
    const PackedAux joined = PackedAux::concatenate(pointers, pool);
    ASSERT_EQ(joined.size(), pushed.size());
    EXPECT_TRUE(std::ranges::equal(joined.field_mask(), pushed.field_mask()));
    EXPECT_TRUE(std::ranges::equal(joined.bit_values(), pushed.bit_values()));
    EXPECT_TRUE(std::ranges::equal(joined.field_rank(), pushed.field_rank()));
    EXPECT_TRUE(std::ranges::equal(joined.field_values(), pushed.field_values()));
    EXPECT_EQ(joined.expand(), pushed.expand());
  }
}

TEST(ExpandWitness, FillsAProvingAssignmentWithAndWithoutAPool) {
  std::mt19937_64 rng(5);
  WitnessAssignment witness;
  witness.inputs = {Fr::one(), Fr::random(rng)};
  for (size_t i = 0; i < 10000; ++i) {
    if (rng() % 8 == 0) {
      witness.aux.push(Fr::random(rng));
    } else {
      witness.aux.push_bits(rng(), rng() % 40);
    }
  }
  const std::vector<Fr> expected = witness.aux.expand();
  ThreadPool pool(3);
  for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
    ProvingAssignment out;
    out.aux_assignment.assign(3, Fr::from_u64(9));  // replaced, not appended to
    expand_witness(witness, out, p);
    EXPECT_EQ(out.input_assignment, witness.inputs);
    EXPECT_EQ(out.aux_assignment, expected);
  }
}

}  // namespace
}  // namespace cuzk::r1cs
