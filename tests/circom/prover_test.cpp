// The zkey prover: snarkjs's roots of unity, the odd-coset H evaluations against a naive
// Lagrange evaluation, proofs for every fixture checked by our verifier (with the key from the
// zkey and from snarkjs's JSON), snarkjs's own proofs checked by our verifier, tampering, and
// prove_command / verify_command end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>

#include "circom/commands.hpp"
#include "circom/fixtures.hpp"
#include "circom/json_format.hpp"
#include "circom/r1cs_file.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_prover.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::circom {
namespace {

using groth16::snarkjs_root_of_unity;
using groth16::SnarkjsDomain;
using test::circom_fixture_path;
using test::circom_fixtures;

struct Fixture {
  Zkey zkey;
  std::vector<ff::Fr> witness;
};

const Fixture& fixture(const std::string& name) {
  static std::map<std::string, Fixture> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  Fixture f;
  auto z = read_zkey(circom_fixture_path(name, "circuit.zkey"));
  EXPECT_TRUE(z.is_ok()) << z.status().to_string();
  if (z.is_ok()) f.zkey = std::move(z).value();
  auto w = read_wtns(circom_fixture_path(name, "witness.wtns"));
  EXPECT_TRUE(w.is_ok()) << w.status().to_string();
  if (w.is_ok()) f.witness = std::move(w).value();
  return cache.emplace(name, std::move(f)).first->second;
}

groth16::VerifyingKey json_vk(const std::string& name) {
  auto text = read_text_file(circom_fixture_path(name, "verification_key.json"));
  EXPECT_TRUE(text.is_ok());
  auto vk = vk_from_json(text.is_ok() ? *text : "", name + "/verification_key.json");
  EXPECT_TRUE(vk.is_ok()) << vk.status().to_string();
  return vk.is_ok() ? std::move(vk).value() : groth16::VerifyingKey{};
}

ff::Fr random_fr(std::mt19937_64& rng) { return ff::Fr::random(rng); }

TEST(SnarkjsRoots, MatchFfjavascript) {
  // Printed by ffjavascript 0.3 (getCurveFromName("bls12381").Fr.w[k], toString()).
  EXPECT_EQ(snarkjs_root_of_unity(32).to_decimal(),
            "937917089079007706106976984802249742464848817460758522850752807661925904159");
  EXPECT_EQ(snarkjs_root_of_unity(3).to_decimal(),
            "28761180743467419819834788392525162889723178799021384024940474588120723734663");
  EXPECT_TRUE(snarkjs_root_of_unity(0).is_one());
  EXPECT_EQ(snarkjs_root_of_unity(1), -ff::Fr::one());
}

TEST(SnarkjsRoots, DomainMapIsAnOddPowerOfOurRoot) {
  for (size_t log_n = 1; log_n <= 20; ++log_n) {
    auto d = SnarkjsDomain::create(size_t{1} << log_n);
    ASSERT_TRUE(d.is_ok()) << d.status().to_string();
    const ff::Fr js = snarkjs_root_of_unity(static_cast<uint32_t>(log_n));
    EXPECT_EQ(d->domain().omega().pow(ff::Limbs<1>{d->exponent()}), js);
    EXPECT_EQ(d->exponent() & 1, 1u);
    EXPECT_EQ(d->shift().square(), js);
    // ours() is a permutation.
    if (log_n <= 10) {
      std::vector<bool> hit(d->size());
      for (size_t i = 0; i < d->size(); ++i) hit[d->ours(i)] = true;
      EXPECT_EQ(std::count(hit.begin(), hit.end(), true), static_cast<long>(d->size()));
    }
  }
  EXPECT_FALSE(SnarkjsDomain::create(24).is_ok());
  EXPECT_FALSE(SnarkjsDomain::create(1).is_ok());
}

// h_i = (A·B − C)(g·ω^i) with A, B, C the interpolants of a, b, a∘b on {ω^i} (snarkjs's ω),
// evaluated naively with the Lagrange basis: L_k(x) = (x^n − 1)·ω^k / (n·(x − ω^k)).
std::vector<ff::Fr> naive_h(const Zkey& zkey, std::span<const ff::Fr> w) {
  const size_t n = zkey.domain_size;
  uint32_t log_n = 0;
  while ((size_t{1} << log_n) < n) ++log_n;
  std::vector<ff::Fr> a(n), b(n);
  for (const ZkeyCoef& c : zkey.coefs) (c.matrix == 0 ? a : b)[c.constraint] += c.value * w[c.signal];
  const ff::Fr omega = snarkjs_root_of_unity(log_n), g = snarkjs_root_of_unity(log_n + 1);
  const ff::Fr n_inv = ff::Fr::from_u64(n).inverse();
  std::vector<ff::Fr> h(n);
  ff::Fr x = g;
  for (size_t i = 0; i < n; ++i, x *= omega) {
    const ff::Fr xn_minus_1 = x.pow(ff::Limbs<1>{n}) - ff::Fr::one();
    ff::Fr va, vb, vc, wk = ff::Fr::one();
    for (size_t k = 0; k < n; ++k, wk *= omega) {
      const ff::Fr l = xn_minus_1 * wk * n_inv * (x - wk).inverse();
      va += a[k] * l;
      vb += b[k] * l;
      vc += a[k] * b[k] * l;
    }
    h[i] = va * vb - vc;
  }
  return h;
}

TEST(ZkeyProver, OddCosetEvaluationsMatchNaiveLagrange) {
  for (const char* name : {"no_public", "many_public", "wide_lc", "negative"}) {
    SCOPED_TRACE(name);
    const Fixture& f = fixture(name);
    auto d = SnarkjsDomain::create(f.zkey.domain_size);
    ASSERT_TRUE(d.is_ok());
    auto h = snarkjs_h_evaluations(f.zkey, f.witness, *d, ThreadPool::shared());
    ASSERT_TRUE(h.is_ok()) << h.status().to_string();
    EXPECT_EQ(*h, naive_h(f.zkey, f.witness));
  }
}

TEST(ZkeyProver, ProofsVerifyForEveryFixture) {
  std::mt19937_64 rng(20240601);
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const Fixture& f = fixture(name);
    groth16::FixedBlinding blinding(random_fr(rng), random_fr(rng));
    auto proof = prove_zkey(f.zkey, f.witness, blinding, ThreadPool::shared());
    ASSERT_TRUE(proof.is_ok()) << proof.status().to_string();
    ASSERT_EQ(proof->public_signals.size(), f.zkey.n_public);
    for (size_t i = 0; i < f.zkey.n_public; ++i) EXPECT_EQ(proof->public_signals[i], f.witness[i + 1]);
    const auto pvk_zkey = groth16::PreparedVerifyingKey::from(f.zkey.verifying_key());
    EXPECT_TRUE(groth16::verify(pvk_zkey, proof->proof, proof->public_signals).is_ok());
    const auto pvk_json = groth16::PreparedVerifyingKey::from(json_vk(name));
    EXPECT_TRUE(groth16::verify(pvk_json, proof->proof, proof->public_signals).is_ok());

    // A tampered public signal (or, without any, a tampered proof) must fail.
    if (!proof->public_signals.empty()) {
      auto tampered = proof->public_signals;
      tampered.back() += ff::Fr::one();
      EXPECT_FALSE(groth16::verify(pvk_json, proof->proof, tampered).is_ok());
    }
    groth16::Proof bad = proof->proof;
    bad.c = (bad.c.to_jacobian() + ec::G1Jacobian::generator()).to_affine();
    EXPECT_FALSE(groth16::verify(pvk_json, bad, proof->public_signals).is_ok());
  }
}

TEST(ZkeyProver, SnarkjsProofsVerifyWithOurVerifier) {
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    auto proof_text = read_text_file(circom_fixture_path(name, "snarkjs_proof.json"));
    auto public_text = read_text_file(circom_fixture_path(name, "snarkjs_public.json"));
    ASSERT_TRUE(proof_text.is_ok() && public_text.is_ok());
    auto proof = proof_from_json(*proof_text, "snarkjs_proof.json");
    auto signals = public_from_json(*public_text, "snarkjs_public.json");
    ASSERT_TRUE(proof.is_ok()) << proof.status().to_string();
    ASSERT_TRUE(signals.is_ok()) << signals.status().to_string();
    const auto pvk = groth16::PreparedVerifyingKey::from(json_vk(name));
    EXPECT_TRUE(groth16::verify(pvk, *proof, *signals).is_ok());
    if (!signals->empty()) {
      auto tampered = *signals;
      tampered.front() += ff::Fr::one();
      EXPECT_FALSE(groth16::verify(pvk, *proof, tampered).is_ok());
    }
  }
}

TEST(ZkeyProver, DeterministicForFixedBlindingAndPoolSize) {
  const Fixture& f = fixture("many_public");
  std::mt19937_64 rng(7);
  const ff::Fr r = random_fr(rng), s = random_fr(rng);
  groth16::FixedBlinding blinding(r, s);
  ThreadPool one(1), three(3);
  auto p1 = prove_zkey(f.zkey, f.witness, blinding, one);
  auto p3 = prove_zkey(f.zkey, f.witness, blinding, three);
  ASSERT_TRUE(p1.is_ok() && p3.is_ok());
  EXPECT_EQ(p1->proof, p3->proof);
  // Zero blinding is a valid (if not zero-knowledge) proof too.
  groth16::FixedBlinding zero(ff::Fr::zero(), ff::Fr::zero());
  auto p0 = prove_zkey(f.zkey, f.witness, zero, one);
  ASSERT_TRUE(p0.is_ok()) << p0.status().to_string();
  EXPECT_NE(p0->proof, p1->proof);
}

TEST(ZkeyProver, WitnessSizeMismatchIsNamed) {
  const Fixture& f = fixture("no_public");
  const Fixture& other = fixture("many_public");
  groth16::SystemBlinding blinding;
  ZkeyProveOptions options;
  options.witness_name = "other.wtns";
  auto p = prove_zkey(f.zkey, other.witness, blinding, ThreadPool::shared(), options);
  ASSERT_FALSE(p.is_ok());
  EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(p.status().message().find("other.wtns"), std::string::npos) << p.status().message();
  EXPECT_NE(p.status().message().find("another circuit"), std::string::npos) << p.status().message();
}

TEST(ZkeyProver, UnsatisfyingWitnessNeverYieldsAProof) {
  const Fixture& f = fixture("no_public");
  auto r1cs = read_r1cs(circom_fixture_path("no_public", "circuit.r1cs"));
  ASSERT_TRUE(r1cs.is_ok());
  // Break wire 5 and find the first constraint that reads it.
  auto bad = f.witness;
  bad[5] += ff::Fr::one();
  size_t first = r1cs->n_constraints;
  for (size_t j = 0; j < r1cs->n_constraints && first == r1cs->n_constraints; ++j) {
    for (size_t m = 0; m < 3; ++m) {
      for (const R1csTerm& t : r1cs->row(j, m)) {
        if (t.wire == 5) first = j;
      }
    }
  }
  ASSERT_LT(first, r1cs->n_constraints);
  groth16::SystemBlinding blinding;
  ZkeyProveOptions options;
  options.witness_name = "bad.wtns";
  options.r1cs_name = "circuit.r1cs";
  // Without the r1cs: the self-check refuses it.
  auto p = prove_zkey(f.zkey, bad, blinding, ThreadPool::shared(), options);
  ASSERT_FALSE(p.is_ok());
  EXPECT_EQ(p.status().code(), StatusCode::kUnsatisfiable);
  EXPECT_NE(p.status().message().find("bad.wtns"), std::string::npos);
  // With it: the first failing constraint is named.
  options.r1cs = &*r1cs;
  p = prove_zkey(f.zkey, bad, blinding, ThreadPool::shared(), options);
  ASSERT_FALSE(p.is_ok());
  EXPECT_EQ(p.status().code(), StatusCode::kUnsatisfiable);
  EXPECT_NE(p.status().message().find("constraint " + std::to_string(first) + " fails"), std::string::npos)
      << p.status().message();
  // witness[0] must be ONE.
  auto no_one = f.witness;
  no_one[0] = ff::Fr::from_u64(2);
  p = prove_zkey(f.zkey, no_one, blinding, ThreadPool::shared());
  ASSERT_FALSE(p.is_ok());
  EXPECT_NE(p.status().message().find("ONE"), std::string::npos);
}

TEST(ZkeyProver, VerifyingKeyOnlyZkeyCannotProve) {
  auto z = read_zkey(circom_fixture_path("no_public", "circuit.zkey"), ZkeyParts::kVerifyingKey);
  ASSERT_TRUE(z.is_ok());
  groth16::SystemBlinding blinding;
  auto p = prove_zkey(*z, fixture("no_public").witness, blinding, ThreadPool::shared());
  ASSERT_FALSE(p.is_ok());
  EXPECT_NE(p.status().message().find("proving sections"), std::string::npos);
}

TEST(CircomCommands, ProveThenVerifyEveryFixture) {
  test::TempDir dir;
  for (const auto& name : circom_fixtures()) {
    SCOPED_TRACE(name);
    const std::string proof = dir.file(name + "_proof.json"), pub = dir.file(name + "_public.json");
    groth16::SystemBlinding blinding;
    ProveCommandOptions options;
    options.r1cs_path = circom_fixture_path(name, "circuit.r1cs");
    Status s = prove_command(circom_fixture_path(name, "circuit.zkey"), circom_fixture_path(name, "witness.wtns"),
                             proof, pub, blinding, options);
    ASSERT_TRUE(s.is_ok()) << s.to_string();
    // public.json is exactly snarkjs's.
    EXPECT_EQ(test::read_bytes(pub), test::read_bytes(circom_fixture_path(name, "snarkjs_public.json")));
    const std::string vk = circom_fixture_path(name, "verification_key.json");
    s = verify_command(vk, proof, pub);
    EXPECT_TRUE(s.is_ok()) << s.to_string();
    // snarkjs's proof passes verify_command too.
    s = verify_command(vk, circom_fixture_path(name, "snarkjs_proof.json"),
                       circom_fixture_path(name, "snarkjs_public.json"));
    EXPECT_TRUE(s.is_ok()) << s.to_string();
    // A tampered public.json fails, naming the proof file.
    auto signals = public_from_json(*read_text_file(pub), pub);
    ASSERT_TRUE(signals.is_ok());
    if (!signals->empty()) {
      (*signals)[0] += ff::Fr::one();
      ASSERT_TRUE(write_text_file(pub, public_to_json(*signals)).is_ok());
      s = verify_command(vk, proof, pub);
      EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
      EXPECT_NE(s.message().find("does not verify"), std::string::npos) << s.message();
      EXPECT_NE(s.message().find(proof), std::string::npos) << s.message();
      // Dropping a signal is a count mismatch.
      signals->pop_back();
      ASSERT_TRUE(write_text_file(pub, public_to_json(*signals)).is_ok());
      s = verify_command(vk, proof, pub);
      EXPECT_NE(s.message().find("public signals"), std::string::npos) << s.message();
    }
  }
}

TEST(CircomCommands, ProveErrorsWriteNothing) {
  test::TempDir dir;
  const std::string proof = dir.file("proof.json"), pub = dir.file("public.json");
  groth16::SystemBlinding blinding;
  // A witness for another circuit.
  Status s = prove_command(circom_fixture_path("no_public", "circuit.zkey"),
                           circom_fixture_path("many_public", "witness.wtns"), proof, pub, blinding);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("another circuit"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("no_public/circuit.zkey"), std::string::npos) << s.message();
  // An unsatisfying witness file, with and without the r1cs.
  auto w = read_wtns(circom_fixture_path("no_public", "witness.wtns"));
  ASSERT_TRUE(w.is_ok());
  (*w)[3] += ff::Fr::one();
  const std::string bad = dir.file("bad.wtns");
  ASSERT_TRUE(write_wtns(bad, *w).is_ok());
  s = prove_command(circom_fixture_path("no_public", "circuit.zkey"), bad, proof, pub, blinding);
  EXPECT_EQ(s.code(), StatusCode::kUnsatisfiable) << s.to_string();
  ProveCommandOptions options;
  options.r1cs_path = circom_fixture_path("no_public", "circuit.r1cs");
  s = prove_command(circom_fixture_path("no_public", "circuit.zkey"), bad, proof, pub, blinding, options);
  EXPECT_EQ(s.code(), StatusCode::kUnsatisfiable) << s.to_string();
  EXPECT_NE(s.message().find("constraint "), std::string::npos) << s.message();
  // A bn128 zkey.
  s = prove_command(circom_fixture_path("bn128", "circuit.zkey"), circom_fixture_path("bn128", "witness.wtns"), proof,
                    pub, blinding);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("bn128"), std::string::npos) << s.message();
  // Missing files.
  s = prove_command(dir.file("missing.zkey"), circom_fixture_path("no_public", "witness.wtns"), proof, pub, blinding);
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_FALSE(std::filesystem::exists(proof));
  EXPECT_FALSE(std::filesystem::exists(pub));
}

}  // namespace
}  // namespace cuzk::circom
