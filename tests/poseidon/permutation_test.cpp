// Poseidon (neptune-compatible): the published neptune digests for arities 2/4/8/11 over 0,1,2,…,
// the first width-9 Grain round constant, the Cauchy/invertibility property of every MDS matrix,
// determinism, and the run-time cost of building the parameters.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include "poseidon/permutation.hpp"

namespace cuzk::poseidon {
namespace {

using ff::Fr;

std::vector<Fr> counting_preimage(size_t arity) {
  std::vector<Fr> preimage;
  for (size_t i = 0; i < arity; ++i) preimage.push_back(Fr::from_u64(i));
  return preimage;
}

struct Vector {
  size_t arity;
  Fr::Repr expected;  // little-endian u64 limbs of the canonical digest
};

// neptune's poseidon.rs hash_values test: preimage[i] = Fr::from(i), Merkle-tree domain tag.
const std::array<Vector, 4> kVectors = {{
    {2, {0x2e203c369a02e7ff, 0xa6fba9339d05a69d, 0x739e0fd902efe161, 0x396508d75e76a56b}},
    {4, {0x019814ff6662075d, 0xfb6b4605bf1327ec, 0x00db3c6579229399, 0x58a54b10a9e5848a}},
    {8, {0x2a9934f56d38a5e6, 0x4b682e9d9cc4aed9, 0x1201004211677077, 0x2394611da3a5de55}},
    {11, {0xcee3bbc32b693163, 0x09f3dcd8ccb08fc1, 0x6ca537e232ebe87a, 0x0c0fc1b2e5227f28}},
}};

TEST(Poseidon, NeptuneVectors) {
  for (const Vector& v : kVectors) {
    const std::vector<Fr> preimage = counting_preimage(v.arity);
    EXPECT_EQ(poseidon_hash(preimage).to_canonical(), v.expected) << "arity " << v.arity;
  }
}

TEST(Poseidon, FirstWidth9RoundConstant) {
  const PoseidonParams& params = PoseidonParams::for_arity(8);
  ASSERT_EQ(params.width(), 9U);
  const Fr expected = *Fr::from_hex("0x6ce90d12c4045fe08c3caddb776dd84ac52b4ae7e48cd49443984154f2f4c2f9");
  EXPECT_EQ(params.round_constants()[0], expected);
}

TEST(Poseidon, ParameterShapes) {
  const std::array<std::array<size_t, 2>, 4> shapes = {{{2, 55}, {4, 56}, {8, 57}, {11, 57}}};
  for (const auto& [arity, partial] : shapes) {
    const PoseidonParams& params = PoseidonParams::for_arity(arity);
    EXPECT_EQ(params.width(), arity + 1);
    EXPECT_EQ(params.full_rounds(), 8U);
    EXPECT_EQ(params.partial_rounds(), partial);
    EXPECT_EQ(params.round_constants().size(), params.width() * (8 + partial));
    EXPECT_EQ(params.domain_tag(), Fr::from_u64((uint64_t{1} << arity) - 1));
    EXPECT_EQ(&params, &PoseidonParams::for_arity(arity));  // built once
  }
}

// Gauss–Jordan over Fr: true iff the t×t row-major matrix is invertible.
bool invertible(std::vector<Fr> m, size_t t) {
  for (size_t col = 0; col < t; ++col) {
    size_t pivot = col;
    while (pivot < t && m[pivot * t + col].is_zero()) ++pivot;
    if (pivot == t) return false;
    for (size_t k = 0; k < t; ++k) std::swap(m[col * t + k], m[pivot * t + k]);
    const Fr inv = m[col * t + col].inverse();
    for (size_t row = 0; row < t; ++row) {
      if (row == col) continue;
      const Fr factor = m[row * t + col] * inv;
      for (size_t k = 0; k < t; ++k) m[row * t + k] -= factor * m[col * t + k];
    }
  }
  return true;
}

TEST(Poseidon, MdsIsInvertibleCauchy) {
  for (size_t arity : {2, 4, 8, 11}) {
    const PoseidonParams& params = PoseidonParams::for_arity(arity);
    const size_t t = params.width();
    for (size_t i = 0; i < t; ++i) {
      for (size_t j = 0; j < t; ++j) {
        // M[i][j]·(x_i + y_j) = 1 with x_i = i, y_j = t + j; symmetric.
        EXPECT_EQ(params.mds_at(i, j) * Fr::from_u64(i + t + j), Fr::one());
        EXPECT_EQ(params.mds_at(i, j), params.mds_at(j, i));
      }
    }
    EXPECT_TRUE(invertible(std::vector<Fr>(params.mds().begin(), params.mds().end()), t)) << "arity " << arity;
  }
}

TEST(Poseidon, Deterministic) {
  for (size_t arity : {2, 4, 8, 11}) {
    std::vector<Fr> preimage = counting_preimage(arity);
    const Fr first = poseidon_hash(preimage);
    EXPECT_EQ(poseidon_hash(preimage), first);
    // Freshly built parameters give the same constants and the same digest.
    const PoseidonParams fresh(arity);
    const PoseidonParams& cached = PoseidonParams::for_arity(arity);
    ASSERT_EQ(fresh.round_constants().size(), cached.round_constants().size());
    for (size_t i = 0; i < fresh.round_constants().size(); ++i) {
      ASSERT_EQ(fresh.round_constants()[i], cached.round_constants()[i]);
    }
    std::vector<Fr> state(arity + 1);
    state[0] = fresh.domain_tag();
    for (size_t i = 0; i < arity; ++i) state[1 + i] = preimage[i];
    poseidon_permute(state, fresh);
    EXPECT_EQ(state[1], first);
    // Changing one input changes the digest.
    preimage[arity - 1] += Fr::one();
    EXPECT_NE(poseidon_hash(preimage), first);
  }
}

TEST(Poseidon, ParameterBuildTime) {
  const auto start = std::chrono::steady_clock::now();
  for (size_t arity : {2, 4, 8, 11}) {
    const PoseidonParams params(arity);
    EXPECT_FALSE(params.round_constants().empty());
  }
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
  RecordProperty("build_all_params_us", static_cast<int>(us.count()));
  std::printf("building all four parameter sets took %lld us\n", static_cast<long long>(us.count()));
}

}  // namespace
}  // namespace cuzk::poseidon
