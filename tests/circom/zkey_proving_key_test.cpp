// zkey → ZkeyProvingKey (circom/zkey_proving_key.hpp): for every fixture, the compact queries
// with the densities drawn from the points at infinity give the same MSM sums as snarkjs's
// full sections over every variable; the key's layout (inputs all in A, l = C, h = H) and a
// zkey read without its proving sections refused by name.
#include "circom/zkey_proving_key.hpp"

#include <gtest/gtest.h>

#include "circom/fixtures.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_prover.hpp"
#include "msm/msm.hpp"

namespace cuzk::circom {
namespace {

using test::circom_fixture_path;

msm::Density density_of(const r1cs::DensityBitmap& bitmap) { return {bitmap.words(), bitmap.size()}; }

TEST(ZkeyProvingKey, CompactQueriesGiveSnarkjsSums) {
  ThreadPool& pool = ThreadPool::shared();
  for (const auto& name : test::circom_fixtures()) {
    SCOPED_TRACE(name);
    auto zkey = read_zkey(circom_fixture_path(name, "circuit.zkey"));
    ASSERT_TRUE(zkey.is_ok()) << zkey.status().to_string();
    auto witness = read_wtns(circom_fixture_path(name, "witness.wtns"));
    ASSERT_TRUE(witness.is_ok()) << witness.status().to_string();
    auto key = zkey_proving_key(*zkey);
    ASSERT_TRUE(key.is_ok()) << key.status().to_string();
    auto map = snarkjs_witness_map(*key, *witness, name);
    ASSERT_TRUE(map.is_ok());
    auto cs = snarkjs_assignment(*key, *witness, std::move(map).value());
    ASSERT_TRUE(cs.is_ok()) << cs.status().to_string();
    const size_t inputs = size_t{zkey->n_public} + 1;
    EXPECT_EQ(cs->input_assignment.size(), inputs);
    EXPECT_EQ(key->pk.l.size(), zkey->c.size());
    EXPECT_EQ(key->pk.h.size(), zkey->domain_size);
    EXPECT_LE(key->pk.a.size(), zkey->a.size());
    if (name == "sha256") {
      EXPECT_LT(key->pk.b_g1.size(), zkey->b1.size());  // the densities skip points
    }

    const std::span<const ff::Fr> w(*witness);
    // A: snarkjs's Σ w_i·A_i over all nVars points == inputs + aux with A-density.
    const std::span<const ec::G1Affine> a(key->pk.a);
    const msm::Density a_aux = density_of(key->a_aux_density);
    const ec::G1Jacobian full_a = msm::msm<ec::G1Config>(zkey->a, w, nullptr, pool);
    const ec::G1Jacobian compact_a = msm::msm<ec::G1Config>(a.first(inputs), cs->input_assignment, nullptr, pool) +
                                     msm::msm<ec::G1Config>(a.subspan(inputs), cs->aux_assignment, &a_aux, pool);
    EXPECT_EQ(full_a.to_affine(), compact_a.to_affine());
    // B in G1 and G2 likewise, with the B-densities over inputs and aux.
    const msm::Density b_in = density_of(key->b_input_density), b_aux = density_of(key->b_aux_density);
    const size_t b_inputs = key->b_input_density.popcount();
    const std::span<const ec::G1Affine> b1(key->pk.b_g1);
    EXPECT_EQ(msm::msm<ec::G1Config>(zkey->b1, w, nullptr, pool).to_affine(),
              (msm::msm<ec::G1Config>(b1.first(b_inputs), cs->input_assignment, &b_in, pool) +
               msm::msm<ec::G1Config>(b1.subspan(b_inputs), cs->aux_assignment, &b_aux, pool))
                  .to_affine());
    const std::span<const ec::G2Affine> b2(key->pk.b_g2);
    EXPECT_EQ(msm::msm<ec::G2Config>(zkey->b2, w, nullptr, pool).to_affine(),
              (msm::msm<ec::G2Config>(b2.first(b_inputs), cs->input_assignment, &b_in, pool) +
               msm::msm<ec::G2Config>(b2.subspan(b_inputs), cs->aux_assignment, &b_aux, pool))
                  .to_affine());
  }
}

TEST(ZkeyProvingKey, VerifyingKeyOnlyZkeyIsRefused) {
  auto zkey = read_zkey(circom_fixture_path("no_public", "circuit.zkey"), ZkeyParts::kVerifyingKey);
  ASSERT_TRUE(zkey.is_ok());
  auto key = zkey_proving_key(std::move(zkey).value());
  EXPECT_EQ(key.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(key.status().message().find("proving sections"), std::string::npos) << key.status().message();
}

}  // namespace
}  // namespace cuzk::circom
