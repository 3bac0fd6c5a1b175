// snarkjs JSON: byte-exact round trips of the files snarkjs wrote (proof, public signals,
// verification key — vk_alphabeta_12 included, which pins our pairing to ffjavascript's), and
// every reader error.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "circom/fixtures.hpp"
#include "circom/json_format.hpp"
#include "ec/pairing.hpp"

namespace cuzk::circom {
namespace {

using test::circom_fixture_path;
using test::circom_fixtures;

std::string fixture_text(const std::string& name, const std::string& file) {
  auto text = read_text_file(circom_fixture_path(name, file));
  EXPECT_TRUE(text.is_ok()) << text.status().to_string();
  return text.is_ok() ? *text : std::string();
}

void expect_error(const Status& s, const std::string& needle) {
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.to_string();
  EXPECT_NE(s.message().find(needle), std::string::npos) << "\"" << needle << "\" not in: " << s.message();
}

TEST(SnarkjsJson, RoundTripsAreByteExact) {
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const std::string proof_text = fixture_text(name, "snarkjs_proof.json");
    auto proof = proof_from_json(proof_text, "proof");
    ASSERT_TRUE(proof.is_ok()) << proof.status().to_string();
    EXPECT_EQ(proof_to_json(*proof), proof_text);

    const std::string public_text = fixture_text(name, "snarkjs_public.json");
    auto signals = public_from_json(public_text, "public");
    ASSERT_TRUE(signals.is_ok()) << signals.status().to_string();
    EXPECT_EQ(public_to_json(*signals), public_text);

    const std::string vk_text = fixture_text(name, "verification_key.json");
    auto vk = vk_from_json(vk_text, "vk");
    ASSERT_TRUE(vk.is_ok()) << vk.status().to_string();
    EXPECT_EQ(vk_to_json(*vk), vk_text);  // vk_alphabeta_12 = our e(α, β), digit for digit
  }
}

TEST(SnarkjsJson, EmptyPublicSignalsLayout) {
  EXPECT_EQ(public_to_json({}), "[\n]");
  auto back = public_from_json("[\n]", "p");
  ASSERT_TRUE(back.is_ok());
  EXPECT_TRUE(back->empty());
}

TEST(SnarkjsJson, InfinityAndJacobianCoordinates) {
  groth16::Proof p;
  p.a = ec::G1Affine::identity();
  p.b = ec::G2Affine::identity();
  p.c = ec::G1Config::generator();
  const std::string text = proof_to_json(p);
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["pi_a"], nlohmann::json::array({"0", "1", "0"}));
  auto back = proof_from_json(text, "p");
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ(*back, p);
  // (x·z², y·z³, z) is the same point (ffjavascript fromObject treats z ≠ 1 as Jacobian).
  const ff::Fq z = ff::Fq::from_u64(12345);
  const ec::G1Affine g = ec::G1Config::generator();
  j["pi_a"] = {(g.x * z.square()).to_decimal(), (g.y * z.square() * z).to_decimal(), z.to_decimal()};
  using nlohmann::json;  // arrays spelled out: {{"0", "0"}, …} would read as an object
  j["pi_b"] = json::array({json::array({"0", "0"}), json::array({"1", "0"}), json::array({"0", "0"})});
  back = proof_from_json(j.dump(), "p");
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ(back->a, g);
}

TEST(SnarkjsJson, ProofReaderErrors) {
  const std::string good = fixture_text("many_public", "snarkjs_proof.json");
  const auto base = nlohmann::ordered_json::parse(good);
  expect_error(proof_from_json("{ not json", "p.json").status(), "p.json: not valid JSON");
  expect_error(proof_from_json("[]", "p.json").status(), "expected a JSON object");
  auto j = base;
  j.erase("pi_b");
  expect_error(proof_from_json(j.dump(), "p.json").status(), "missing \"pi_b\"");
  j = base;
  j["curve"] = "bn128";
  expect_error(proof_from_json(j.dump(), "p.json").status(), "curve: is \"bn128\", expected \"bls12381\"");
  j = base;
  j["protocol"] = "plonk";
  expect_error(proof_from_json(j.dump(), "p.json").status(), "protocol");
  j = base;
  j["pi_a"][0] = ff::limbs_to_decimal<6>(ff::Fq::modulus());  // q itself: not canonical
  expect_error(proof_from_json(j.dump(), "p.json").status(), "pi_a[0]: \"");
  j = base;
  j["pi_a"][1] = "5";
  expect_error(proof_from_json(j.dump(), "p.json").status(), "pi_a: point is not on the curve");
  j = base;
  j["pi_a"][0] = 5;
  expect_error(proof_from_json(j.dump(), "p.json").status(), "pi_a[0]: expected a decimal string");
  j = base;
  j["pi_b"][0] = {"1"};
  expect_error(proof_from_json(j.dump(), "p.json").status(), "pi_b[0]: expected an array of 2");
  j = base;
  j["pi_c"] = {"1", "2", "3", "4"};
  expect_error(proof_from_json(j.dump(), "p.json").status(), "pi_c: expected a G1 point");
  // (0, 2) is on E: y² = x³ + 4, a point of order 3, outside the order-r subgroup G1.
  j = base;
  j["pi_a"] = {"0", "2", "1"};
  expect_error(proof_from_json(j.dump(), "p.json").status(), "pi_a: point is not in the prime-order subgroup");
}

TEST(SnarkjsJson, PublicReaderErrors) {
  expect_error(public_from_json("{}", "pub.json").status(), "pub.json: expected a JSON array");
  expect_error(public_from_json("[\"1\", \"x\"]", "pub.json").status(), "public signal 1");
  expect_error(public_from_json("[\"-1\"]", "pub.json").status(), "public signal 0");
  const std::string r = ff::limbs_to_decimal<4>(ff::Fr::modulus());
  expect_error(public_from_json("[\"" + r + "\"]", "pub.json").status(), "not a canonical decimal below");
}

TEST(SnarkjsJson, VerifyingKeyReaderErrors) {
  const auto base = nlohmann::ordered_json::parse(fixture_text("negative", "verification_key.json"));
  auto j = base;
  j["nPublic"] = 7;
  expect_error(vk_from_json(j.dump(), "vk.json").status(), "vk.json: nPublic: 7 does not match the 4 IC points");
  j = base;
  j.erase("curve");
  expect_error(vk_from_json(j.dump(), "vk.json").status(), "missing \"curve\"");
  j = base;
  j["IC"] = nlohmann::json::array();
  expect_error(vk_from_json(j.dump(), "vk.json").status(), "IC: expected a non-empty array");
  j = base;
  j["vk_alphabeta_12"][0][0][0] = "1";
  expect_error(vk_from_json(j.dump(), "vk.json").status(), "vk_alphabeta_12: is not e(vk_alpha_1, vk_beta_2)");
  j = base;
  j["vk_alphabeta_12"] = {1, 2};
  expect_error(vk_from_json(j.dump(), "vk.json").status(), "vk_alphabeta_12");
  j = base;
  j["vk_gamma_2"][1][0] = "7";
  expect_error(vk_from_json(j.dump(), "vk.json").status(), "vk_gamma_2: point is not on the curve");
  // snarkjs's bn128 key is refused by name.
  expect_error(vk_from_json(fixture_text("bn128", "verification_key.json"), "bn.json").status(), "bn128");
}

TEST(SnarkjsJson, TextFileHelpers) {
  test::TempDir dir;
  EXPECT_EQ(read_text_file(dir.file("none.json")).status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(write_text_file(dir.file("x.json"), "[\n]").is_ok());
  EXPECT_EQ(*read_text_file(dir.file("x.json")), "[\n]");
  EXPECT_EQ(write_text_file(dir.file("no/such/dir.json"), "x").code(), StatusCode::kInternal);
}

}  // namespace
}  // namespace cuzk::circom
