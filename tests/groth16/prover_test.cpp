// Groth16 end to end on the CPU backend: test setup → prove → verify, and every proof point
// compared with an independent evaluation of the QAP at τ (naive Lagrange polynomials, no NTT,
// no MSM), as bellperson's own prover test does with its toy field.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "groth16/bellperson_format.hpp"
#include "groth16/demo_circuit.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

struct Fixture {
  ToxicWaste waste;
  r1cs::R1csShape shape;
  ProvingKey pk;
};

Fixture make_fixture(const r1cs::Circuit& circuit, uint64_t seed) {
  Fixture f;
  f.waste = ToxicWaste::from_seed(seed);
  r1cs::ShapeRecorder recorder;
  EXPECT_TRUE(circuit.synthesize(recorder).is_ok());
  f.shape = std::move(recorder).finish(/*with_input_constraints=*/true);
  auto pk = insecure_test_setup(f.shape, f.waste, ThreadPool::shared());
  EXPECT_TRUE(pk.is_ok()) << pk.status().to_string();
  f.pk = std::move(pk).value();
  return f;
}

r1cs::ProvingAssignment synthesize(const r1cs::Circuit& circuit) {
  r1cs::ProvingAssignment cs;
  EXPECT_TRUE(circuit.synthesize(cs).is_ok());
  cs.append_input_constraints();
  return cs;
}

// Σ_rows M[row][i]·w_i·L_row(τ) with L_row(τ) = Π_{k≠row}(τ − ω^k)/(ω^row − ω^k).
Fr qap_at_tau(const r1cs::SparseMatrix& m, const std::vector<Fr>& w, const std::vector<Fr>& lagrange) {
  Fr acc;
  for (size_t row = 0; row < m.rows(); ++row) {
    Fr row_value;
    for (uint64_t k = m.row_offsets[row]; k < m.row_offsets[row + 1]; ++k) row_value += m.values[k] * w[m.columns[k]];
    acc += row_value * lagrange[row];
  }
  return acc;
}

// The expected proof from the toxic waste, the witness and r, s — scalars first, then ·G.
Proof expected_proof(const Fixture& f, const r1cs::ProvingAssignment& cs, const Fr& r, const Fr& s) {
  const size_t m = f.shape.num_constraints();
  size_t n = 2;
  while (n < m) n *= 2;
  Fr omega = Fr::from_montgomery(ff::FrParams::kRootOfUnity);
  for (size_t size = size_t{1} << 32; size > n; size /= 2) omega = omega.square();
  std::vector<Fr> points(n);
  points[0] = Fr::one();
  for (size_t k = 1; k < n; ++k) points[k] = points[k - 1] * omega;
  std::vector<Fr> lagrange(m);
  for (size_t j = 0; j < m; ++j) {
    Fr num = Fr::one(), den = Fr::one();
    for (size_t k = 0; k < n; ++k) {
      if (k == j) continue;
      num *= f.waste.tau - points[k];
      den *= points[j] - points[k];
    }
    lagrange[j] = num * den.inverse();
  }
  std::vector<Fr> w(cs.input_assignment);
  w.insert(w.end(), cs.aux_assignment.begin(), cs.aux_assignment.end());
  const Fr u = qap_at_tau(f.shape.a, w, lagrange);
  const Fr v = qap_at_tau(f.shape.b, w, lagrange);
  const Fr wc = qap_at_tau(f.shape.c, w, lagrange);
  const Fr z = f.waste.tau.pow(ff::Limbs<1>{n}) - Fr::one();
  const Fr h = (u * v - wc) * z.inverse();  // exact: the witness satisfies the R1CS
  // Σ over aux of w_i·(βu_i + αv_i + w_i(τ)) = that sum over all variables minus the inputs' part
  std::vector<Fr> inputs_only(w.size());
  for (size_t i = 0; i < cs.input_assignment.size(); ++i) inputs_only[i] = w[i];
  const Fr all = f.waste.beta * u + f.waste.alpha * v + wc;
  const Fr inputs_part = f.waste.beta * qap_at_tau(f.shape.a, inputs_only, lagrange) +
                         f.waste.alpha * qap_at_tau(f.shape.b, inputs_only, lagrange) +
                         qap_at_tau(f.shape.c, inputs_only, lagrange);
  const Fr a = f.waste.alpha + u + r * f.waste.delta;
  const Fr b = f.waste.beta + v + s * f.waste.delta;
  const Fr c = (all - inputs_part + h * z) * f.waste.delta.inverse() + a * s + b * r - r * s * f.waste.delta;
  return {ec::G1Jacobian::generator().mul(a.to_canonical()).to_affine(),
          ec::G2Jacobian::generator().mul(b.to_canonical()).to_affine(),
          ec::G1Jacobian::generator().mul(c.to_canonical()).to_affine()};
}

std::vector<Fr> public_inputs(const r1cs::ProvingAssignment& cs) {
  return {cs.input_assignment.begin() + 1, cs.input_assignment.end()};
}

TEST(Groth16, CircuitIsSatisfied) {
  test::DemoCircuit circuit({true, false, true, true}, 5, 6);
  r1cs::TestConstraintSystem cs;
  ASSERT_TRUE(circuit.synthesize(cs).is_ok());
  EXPECT_EQ(cs.which_is_unsatisfied(), std::nullopt);
}

TEST(Groth16, ProofMatchesIndependentQapEvaluation) {
  for (const size_t chain : {size_t{1}, size_t{6}, size_t{13}}) {  // domains of several sizes
    test::DemoCircuit circuit({true, false, true, true}, 5 + chain, chain);
    const Fixture f = make_fixture(circuit, chain);
    const r1cs::ProvingAssignment cs = synthesize(circuit);
    std::mt19937_64 rng(99 + chain);
    const Fr r = Fr::random(rng), s = Fr::random(rng);
    FixedBlinding blinding(r, s);
    const r1cs::ProvingAssignment* batch[] = {&cs};
    auto proofs = prove(f.pk, batch, blinding, ThreadPool::shared());
    ASSERT_TRUE(proofs.is_ok()) << proofs.status().to_string();
    const Proof expected = expected_proof(f, cs, r, s);
    EXPECT_EQ(proofs->at(0).a, expected.a) << "chain " << chain;
    EXPECT_EQ(proofs->at(0).b, expected.b) << "chain " << chain;
    EXPECT_EQ(proofs->at(0).c, expected.c) << "chain " << chain;
    const PreparedVerifyingKey pvk = PreparedVerifyingKey::from(f.pk.vk);
    EXPECT_TRUE(verify(pvk, proofs->at(0), public_inputs(cs)).is_ok());
  }
}

TEST(Groth16, BatchProofsVerifyAndTamperedOnesFail) {
  test::DemoCircuit c1({true, true}, 3, 4), c2({false, true}, 3, 4);
  const Fixture f = make_fixture(c1, 7);
  const r1cs::ProvingAssignment a1 = synthesize(c1), a2 = synthesize(c2);
  SystemBlinding blinding;
  const r1cs::ProvingAssignment* batch[] = {&a1, &a2};
  auto proofs = prove(f.pk, batch, blinding, ThreadPool::shared());
  ASSERT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  const PreparedVerifyingKey pvk = PreparedVerifyingKey::from(f.pk.vk);
  EXPECT_TRUE(verify(pvk, proofs->at(0), public_inputs(a1)).is_ok());
  EXPECT_TRUE(verify(pvk, proofs->at(1), public_inputs(a2)).is_ok());
  // wrong public inputs, swapped proofs, a modified point
  EXPECT_FALSE(verify(pvk, proofs->at(0), public_inputs(a2)).is_ok());
  Proof bad = proofs->at(0);
  bad.c = ec::G1Config::generator();
  EXPECT_FALSE(verify(pvk, bad, public_inputs(a1)).is_ok());
  const Status wrong_count = verify(pvk, proofs->at(0), {});
  EXPECT_NE(wrong_count.message().find("expects 3 public inputs"), std::string::npos) << wrong_count.message();
}

TEST(Groth16, MismatchedKeyIsRejected) {
  test::DemoCircuit small({true, true}, 3, 2), large({true, true}, 3, 9);
  const Fixture f = make_fixture(small, 8);
  const r1cs::ProvingAssignment cs = synthesize(large);
  SystemBlinding blinding;
  const r1cs::ProvingAssignment* batch[] = {&cs};
  auto proofs = prove(f.pk, batch, blinding, ThreadPool::shared());
  ASSERT_FALSE(proofs.is_ok());
  EXPECT_NE(proofs.status().message().find("circuit 0"), std::string::npos) << proofs.status().message();
  r1cs::ProvingAssignment no_inputs;
  ASSERT_TRUE(small.synthesize(no_inputs).is_ok());
  const r1cs::ProvingAssignment* batch2[] = {&no_inputs};
  EXPECT_FALSE(prove(f.pk, batch2, blinding, ThreadPool::shared()).is_ok());
}

TEST(Groth16, BellpersonFormatsRoundTrip) {
  test::DemoCircuit circuit({true, false}, 4, 3);
  const Fixture f = make_fixture(circuit, 9);
  std::stringstream params;
  ASSERT_TRUE(write_proving_key(f.pk, params).is_ok());
  const std::string bytes = params.str();
  for (const auto check : {ec::SubgroupCheck::kYes, ec::SubgroupCheck::kNo}) {
    std::istringstream in(bytes);
    auto pk = read_proving_key(in, "demo.params", check);
    ASSERT_TRUE(pk.is_ok()) << pk.status().to_string();
    EXPECT_EQ(pk->h, f.pk.h);
    EXPECT_EQ(pk->b_g2, f.pk.b_g2);
    EXPECT_EQ(pk->vk.ic, f.pk.vk.ic);
  }
  std::stringstream vk;
  ASSERT_TRUE(write_verifying_key(f.pk.vk, vk).is_ok());
  auto vk_back = read_verifying_key(vk, "demo.vk");
  ASSERT_TRUE(vk_back.is_ok()) << vk_back.status().to_string();
  EXPECT_EQ(vk_back->delta_g2, f.pk.vk.delta_g2);

  const r1cs::ProvingAssignment cs = synthesize(circuit);
  SystemBlinding blinding;
  const r1cs::ProvingAssignment* batch[] = {&cs};
  auto proofs = prove(f.pk, batch, blinding, ThreadPool::shared());
  ASSERT_TRUE(proofs.is_ok());
  const auto proof_bytes = proof_to_bytes(proofs->at(0));
  auto back = proof_from_bytes(proof_bytes, "proof");
  ASSERT_TRUE(back.is_ok());
  EXPECT_EQ(*back, proofs->at(0));
}

TEST(Groth16, CorruptParamsGiveNamedErrors) {
  test::DemoCircuit circuit({true, false}, 4, 3);
  const Fixture f = make_fixture(circuit, 10);
  std::stringstream params;
  ASSERT_TRUE(write_proving_key(f.pk, params).is_ok());
  const std::string bytes = params.str();
  // truncated anywhere: a clear error, never a crash
  for (size_t cut : {size_t{0}, size_t{10}, size_t{96}, bytes.size() / 2, bytes.size() - 1}) {
    std::istringstream in(bytes.substr(0, cut));
    auto pk = read_proving_key(in, "cut.params", ec::SubgroupCheck::kYes);
    ASSERT_FALSE(pk.is_ok()) << cut;
    EXPECT_NE(pk.status().message().find("cut.params"), std::string::npos);
  }
  // trailing garbage
  std::istringstream longer(bytes + "x");
  EXPECT_FALSE(read_proving_key(longer, "long.params", ec::SubgroupCheck::kYes).is_ok());
  // a flipped byte inside the first point of h: off the curve or not canonical
  const size_t vk_bytes = 3 * 96 + 3 * 192 + 4 + 96 * f.pk.vk.ic.size();
  std::string flipped = bytes;
  flipped[vk_bytes + 4 + 50] = static_cast<char>(flipped[vk_bytes + 4 + 50] ^ 0x01);
  std::istringstream in(flipped);
  auto pk = read_proving_key(in, "flip.params", ec::SubgroupCheck::kYes);
  ASSERT_FALSE(pk.is_ok());
  EXPECT_NE(pk.status().message().find("h[0]"), std::string::npos) << pk.status().message();
  // points are decoded in parallel: with several bad ones, the first is named
  if (f.pk.l.size() >= 3) {
    const size_t l_start = vk_bytes + 4 + 96 * f.pk.h.size() + 4;
    std::string two_bad = bytes;
    for (size_t i : {size_t{1}, f.pk.l.size() - 1}) {
      two_bad[l_start + 96 * i + 50] = static_cast<char>(two_bad[l_start + 96 * i + 50] ^ 0x01);
    }
    ThreadPool pool(4);
    std::istringstream two_in(two_bad);
    auto two = read_proving_key(two_in, "two.params", ec::SubgroupCheck::kNo, pool);
    ASSERT_FALSE(two.is_ok());
    EXPECT_NE(two.status().message().find("l[1]:"), std::string::npos) << two.status().message();
  }
  // wrong proof length
  EXPECT_FALSE(proof_from_bytes(std::vector<uint8_t>(191), "short proof").is_ok());
}

}  // namespace
}  // namespace cuzk::groth16
