// .r1cs, .wtns and .zkey readers on the committed snarkjs fixtures: shapes, the witness against
// the constraints, the zkey's coefficient section against the r1cs (which pins down snarkjs's
// "coefficient·R²" encoding), and the zkey's verifying key against snarkjs's own JSON export
// (which pins down the Montgomery point encoding).
#include <gtest/gtest.h>

#include <tuple>

#include "circom/fixtures.hpp"
#include "circom/json_format.hpp"
#include "circom/r1cs_file.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"

namespace cuzk::circom {
namespace {

using test::circom_fixture_path;
using test::circom_fixtures;

struct Shape {
  const char* name;
  uint32_t wires, constraints, outputs, pub_inputs, prv_inputs;
};

// From circom2's compile report (tools/circom/make_fixtures.sh prints it).
constexpr Shape kShapes[] = {
    {"no_public", 12, 9, 0, 0, 2},    {"many_public", 63, 41, 2, 20, 1}, {"wide_lc", 54, 3, 1, 0, 50},
    {"negative", 8, 4, 2, 1, 2},      {"sha256", 31017, 31264, 256, 0, 64},
};

R1cs load_r1cs(const std::string& name) {
  auto r = read_r1cs(circom_fixture_path(name, "circuit.r1cs"));
  EXPECT_TRUE(r.is_ok()) << r.status().to_string();
  return r.is_ok() ? std::move(r).value() : R1cs{};
}

std::vector<ff::Fr> load_witness(const std::string& name) {
  auto w = read_wtns(circom_fixture_path(name, "witness.wtns"));
  EXPECT_TRUE(w.is_ok()) << w.status().to_string();
  return w.is_ok() ? std::move(w).value() : std::vector<ff::Fr>{};
}

Zkey load_zkey(const std::string& name, ZkeyParts parts = ZkeyParts::kAll) {
  auto z = read_zkey(circom_fixture_path(name, "circuit.zkey"), parts);
  EXPECT_TRUE(z.is_ok()) << z.status().to_string();
  return z.is_ok() ? std::move(z).value() : Zkey{};
}

TEST(CircomR1cs, FixtureShapes) {
  for (const Shape& s : kShapes) {
    SCOPED_TRACE(s.name);
    const R1cs r = load_r1cs(s.name);
    EXPECT_EQ(r.n_wires, s.wires);
    EXPECT_EQ(r.n_constraints, s.constraints);
    EXPECT_EQ(r.n_outputs, s.outputs);
    EXPECT_EQ(r.n_pub_inputs, s.pub_inputs);
    EXPECT_EQ(r.n_prv_inputs, s.prv_inputs);
    EXPECT_EQ(r.offsets.size(), size_t{3} * r.n_constraints + 1);
    EXPECT_EQ(r.wire_to_label.size(), r.n_wires);
    EXPECT_EQ(r.wire_to_label[0], 0u);  // ONE is label 0 ("main" signals come first)
  }
}

TEST(CircomR1cs, FixtureWitnessesSatisfyTheirConstraints) {
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const R1cs r = load_r1cs(name);
    const auto w = load_witness(name);
    EXPECT_TRUE(check_witness(r, w, "witness", "r1cs").is_ok());
  }
}

TEST(CircomR1cs, NegativeCoefficientsReadAsFieldNegatives) {
  // circom normalises (a − 7)·(b − 3c) = t1 − 5 to (7 − a)·(b − 3c) = 5 − t1, and so on: the file
  // holds −1, −3, −11 and −K (K = the 254-bit constant in negative.circom) as r − k, all ≥ r/2.
  const R1cs r = load_r1cs("negative");
  const auto big = ff::Fr::from_decimal("21888242871839275222246405745257275088548364400416034343698204186575808495616");
  ASSERT_TRUE(big.has_value());
  const ff::Fr wanted[] = {-ff::Fr::one(), -ff::Fr::from_u64(3), -ff::Fr::from_u64(11), -*big};
  for (const ff::Fr& w : wanted) {
    bool seen = false;
    for (const R1csTerm& t : r.terms) seen |= t.coeff == w;
    EXPECT_TRUE(seen) << w.to_decimal();
    EXPECT_TRUE(w.is_lexicographically_largest());  // stored value ≥ r/2
  }
  // Constraint 0: A = 7·ONE − a.
  ASSERT_EQ(r.row(0, 0).size(), 2u);
  EXPECT_EQ(r.row(0, 0)[0].wire, 0u);
  EXPECT_EQ(r.row(0, 0)[0].coeff, ff::Fr::from_u64(7));
  EXPECT_EQ(r.row(0, 0)[1].coeff, -ff::Fr::one());
}

TEST(CircomR1cs, WideLinearCombinations) {
  const R1cs r = load_r1cs("wide_lc");
  size_t widest[3] = {0, 0, 0};
  for (size_t j = 0; j < r.n_constraints; ++j) {
    for (size_t m = 0; m < 3; ++m) widest[m] = std::max(widest[m], r.row(j, m).size());
  }
  EXPECT_EQ(widest[0], 50u);  // Σ (i+1)·x_i
  EXPECT_EQ(widest[1], 50u);  // Σ (2i+3)·x_i
  EXPECT_GE(widest[2], 51u);  // u − Σ (7i+5)·x_i (plus t)
}

TEST(CircomWtns, PublicSignalsMatchSnarkjs) {
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const auto w = load_witness(name);
    const R1cs r = load_r1cs(name);
    ASSERT_EQ(w.size(), r.n_wires);
    EXPECT_TRUE(w[0].is_one());
    auto text = read_text_file(circom_fixture_path(name, "snarkjs_public.json"));
    ASSERT_TRUE(text.is_ok());
    auto pub = public_from_json(*text, "snarkjs_public.json");
    ASSERT_TRUE(pub.is_ok()) << pub.status().to_string();
    ASSERT_EQ(pub->size(), r.n_public());
    for (size_t i = 0; i < pub->size(); ++i) EXPECT_EQ((*pub)[i], w[i + 1]) << i;
  }
}

TEST(CircomWtns, WriteReadRoundTrip) {
  const auto w = load_witness("many_public");
  const std::vector<uint8_t> bytes = wtns_to_bytes(w);
  EXPECT_EQ(bytes, test::read_bytes(circom_fixture_path("many_public", "witness.wtns")));
  auto file = BinFile::parse(bytes, "mem.wtns", "wtns", 2);
  ASSERT_TRUE(file.is_ok());
  auto back = parse_wtns(*file);
  ASSERT_TRUE(back.is_ok());
  EXPECT_EQ(*back, w);
}

TEST(CircomZkey, HeaderMatchesR1cs) {
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const R1cs r = load_r1cs(name);
    const Zkey z = load_zkey(name);
    EXPECT_EQ(z.n_vars, r.n_wires);
    EXPECT_EQ(z.n_public, r.n_public());
    // snarkjs zkey_new: domain = 2^(⌊log2(nConstraints + nPublic)⌋ + 1)
    uint32_t domain = 1;
    while (domain <= r.n_constraints + r.n_public()) domain *= 2;
    EXPECT_EQ(z.domain_size, domain);
    EXPECT_EQ(z.ic.size(), size_t{z.n_public} + 1);
    EXPECT_EQ(z.a.size(), z.n_vars);
    EXPECT_EQ(z.b1.size(), z.n_vars);
    EXPECT_EQ(z.b2.size(), z.n_vars);
    EXPECT_EQ(z.c.size(), size_t{z.n_vars} - z.n_public - 1);
    EXPECT_EQ(z.h.size(), z.domain_size);
    // The beacon contribution moved δ off the generator (so the tests see a real δ).
    EXPECT_FALSE(z.delta_g1 == ec::G1Config::generator());
  }
}

TEST(CircomZkey, CoefficientsMatchR1cs) {
  // snarkjs zkey_new writes, constraint by constraint, the A terms then the B terms (C is
  // dropped), then one A entry (coefficient 1) per public signal s (ONE included) on row
  // nConstraints + s. Our reader undoes the ·R² of the stored values.
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const R1cs r = load_r1cs(name);
    const Zkey z = load_zkey(name);
    std::vector<ZkeyCoef> expected;
    for (uint32_t j = 0; j < r.n_constraints; ++j) {
      for (uint32_t m = 0; m < 2; ++m) {
        for (const R1csTerm& t : r.row(j, m)) expected.push_back({m, j, t.wire, t.coeff});
      }
    }
    for (uint32_t s = 0; s <= r.n_public(); ++s) expected.push_back({0, r.n_constraints + s, s, ff::Fr::one()});
    ASSERT_EQ(z.coefs.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      const ZkeyCoef& got = z.coefs[i];
      ASSERT_EQ(std::tie(got.matrix, got.constraint, got.signal),
                std::tie(expected[i].matrix, expected[i].constraint, expected[i].signal))
          << "coefficient " << i;
      ASSERT_EQ(got.value, expected[i].value) << "coefficient " << i;
    }
  }
}

TEST(CircomZkey, VerifyingKeyMatchesSnarkjsExport) {
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const Zkey z = load_zkey(name, ZkeyParts::kVerifyingKey);
    EXPECT_TRUE(z.a.empty());
    EXPECT_TRUE(z.coefs.empty());
    auto text = read_text_file(circom_fixture_path(name, "verification_key.json"));
    ASSERT_TRUE(text.is_ok());
    auto vk = vk_from_json(*text, "verification_key.json");
    ASSERT_TRUE(vk.is_ok()) << vk.status().to_string();
    EXPECT_EQ(z.alpha_g1, vk->alpha_g1);
    EXPECT_EQ(z.beta_g2, vk->beta_g2);
    EXPECT_EQ(z.gamma_g2, vk->gamma_g2);
    EXPECT_EQ(z.delta_g2, vk->delta_g2);
    ASSERT_EQ(z.ic.size(), vk->ic.size());
    for (size_t i = 0; i < z.ic.size(); ++i) EXPECT_EQ(z.ic[i], vk->ic[i]) << i;
    // Internal consistency of the header: β1 and δ1 pair like β2 and δ2 with the generators.
    const auto g1 = ec::G1Config::generator();
    const auto g2 = ec::G2Config::generator();
    EXPECT_EQ(ec::pairing(z.beta_g1, g2), ec::pairing(g1, z.beta_g2));
    EXPECT_EQ(ec::pairing(z.delta_g1, g2), ec::pairing(g1, z.delta_g2));
  }
}

TEST(CircomZkey, MissingFileIsNotFound) {
  auto z = read_zkey("/nonexistent/dir/circuit.zkey");
  ASSERT_FALSE(z.is_ok());
  EXPECT_EQ(z.status().code(), StatusCode::kNotFound);
  EXPECT_NE(z.status().message().find("/nonexistent/dir/circuit.zkey"), std::string::npos);
}

}  // namespace
}  // namespace cuzk::circom
