// The pieces every prover backend shares (groth16/proof_assembly.hpp): the one assembly
// formula against snarkjs's own expression for πA, πB, πC on random points and blinding
// (zero included); the H-size rule of each QAP convention; and the per-convention shape checks,
// whose errors name the circuit.
#include "groth16/proof_assembly.hpp"

#include <gtest/gtest.h>

#include <random>

#include "groth16/cpu_prover.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

template <class C>
ec::Jacobian<C> random_point(std::mt19937_64& rng) {
  return ec::Jacobian<C>::generator().mul(Fr::random(rng).to_canonical());
}

TEST(ProofAssembly, EqualsSnarkjsFormula) {
  std::mt19937_64 rng(41);
  for (int iter = 0; iter < 6; ++iter) {
    VerifyingKey vk;
    vk.alpha_g1 = random_point<ec::G1Config>(rng).to_affine();
    vk.beta_g1 = random_point<ec::G1Config>(rng).to_affine();
    vk.delta_g1 = random_point<ec::G1Config>(rng).to_affine();
    vk.beta_g2 = random_point<ec::G2Config>(rng).to_affine();
    vk.delta_g2 = random_point<ec::G2Config>(rng).to_affine();
    MsmSums sums{random_point<ec::G1Config>(rng), random_point<ec::G1Config>(rng), random_point<ec::G1Config>(rng),
                 random_point<ec::G1Config>(rng), random_point<ec::G2Config>(rng)};
    if (iter == 1) sums.l = ec::G1Jacobian::identity();  // a circuit without private signals
    const Fr r = iter == 2 ? Fr::zero() : Fr::random(rng), s = iter == 3 ? Fr::zero() : Fr::random(rng);
    const Proof ours = assemble_proof(vk, sums, r, s);
    // snarkjs (groth16_prove.js): πA = ΣA + α1 + r·δ1, πB = ΣB2 + β2 + s·δ2,
    // B1 = ΣB1 + β1 + s·δ1, πC = ΣC + ΣH + s·πA + r·B1 − r·s·δ1 (ΣC: our ΣL).
    const ec::G1Jacobian delta1 = vk.delta_g1.to_jacobian();
    const ec::G1Jacobian pi_a = sums.a + vk.alpha_g1.to_jacobian() + delta1.mul(r.to_canonical());
    const ec::G2Jacobian pi_b = sums.b_g2 + vk.beta_g2.to_jacobian() + vk.delta_g2.to_jacobian().mul(s.to_canonical());
    const ec::G1Jacobian b1 = sums.b_g1 + vk.beta_g1.to_jacobian() + delta1.mul(s.to_canonical());
    const ec::G1Jacobian pi_c = sums.l + sums.h + pi_a.mul(s.to_canonical()) + b1.mul(r.to_canonical()) -
                                delta1.mul((r * s).to_canonical());
    EXPECT_EQ(ours.a, pi_a.to_affine()) << iter;
    EXPECT_EQ(ours.b, pi_b.to_affine()) << iter;
    EXPECT_EQ(ours.c, pi_c.to_affine()) << iter;
  }
}

// A key of generator copies with the given H-point count, fitting `cs` otherwise.
ProvingKey key_for(const r1cs::ProvingAssignment& cs, size_t h_points) {
  const QuerySizes sizes = query_sizes(cs);
  ProvingKey pk;
  pk.vk.alpha_g1 = pk.vk.beta_g1 = pk.vk.delta_g1 = ec::G1Config::generator();
  pk.vk.beta_g2 = pk.vk.gamma_g2 = pk.vk.delta_g2 = ec::G2Config::generator();
  pk.vk.ic.assign(sizes.ic, ec::G1Config::generator());
  pk.l.assign(sizes.l, ec::G1Config::generator());
  pk.a.assign(sizes.a, ec::G1Config::generator());
  pk.b_g1.assign(sizes.b, ec::G1Config::generator());
  pk.b_g2.assign(sizes.b, ec::G2Config::generator());
  pk.h.assign(h_points, ec::G1Config::generator());
  return pk;
}

// x·x = y with x aux, y an input: 1 constraint (2 with bellperson's input constraints).
r1cs::ProvingAssignment square_circuit(bool input_constraints) {
  r1cs::ProvingAssignment cs;
  const Fr x = Fr::from_u64(3), y = Fr::from_u64(9);
  const r1cs::Variable vy = cs.alloc_input(y), vx = cs.alloc(x);
  cs.enforce(r1cs::LinearCombination(vx), r1cs::LinearCombination(vx), r1cs::LinearCombination(vy));
  if (input_constraints) cs.append_input_constraints();
  return cs;
}

TEST(ProofAssembly, HSizeRulePerConvention) {
  const r1cs::ProvingAssignment cs = square_circuit(true);  // 3 rows: domain of 4
  for (const size_t h : {size_t{3}, size_t{4}, size_t{9}}) {
    auto size = h_size(key_for(cs, h), 4, QapConvention::kBellperson, 0);
    ASSERT_TRUE(size.is_ok()) << h;
    EXPECT_EQ(*size, 3u);
  }
  auto too_few = h_size(key_for(cs, 2), 4, QapConvention::kBellperson, 5);
  EXPECT_EQ(too_few.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(too_few.status().message().find("circuit 5"), std::string::npos) << too_few.status().message();
  auto exact = h_size(key_for(cs, 4), 4, QapConvention::kSnarkjs, 0);
  ASSERT_TRUE(exact.is_ok());
  EXPECT_EQ(*exact, 4u);
  for (const size_t h : {size_t{3}, size_t{5}, size_t{8}}) {
    EXPECT_EQ(h_size(key_for(cs, h), 4, QapConvention::kSnarkjs, 0).status().code(), StatusCode::kInvalidArgument)
        << h;
  }
}

TEST(ProofAssembly, ShapeChecksPerConvention) {
  const r1cs::ProvingAssignment bare = square_circuit(false);
  const ProvingKey pk = key_for(bare, 2);  // 1 row: snarkjs's smallest domain, 2
  Status s = check_assignment_shape(pk, bare, 3, QapConvention::kBellperson);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("circuit 3: input constraints were not appended"), std::string::npos) << s.message();
  EXPECT_TRUE(check_assignment_shape(pk, bare, 3, QapConvention::kSnarkjs).is_ok());
  // The key does not fit: named with the query.
  ProvingKey short_l = pk;
  short_l.l.clear();
  s = check_assignment_shape(short_l, bare, 1, QapConvention::kSnarkjs);
  EXPECT_NE(s.message().find("circuit 1: aux variables (l)"), std::string::npos) << s.message();
  // Densities that do not cover the assignment.
  r1cs::ProvingAssignment bad = bare;
  bad.a_aux_density.push(true);
  s = check_assignment_shape(pk, bad, 0, QapConvention::kSnarkjs);
  EXPECT_NE(s.message().find("density bitmaps"), std::string::npos) << s.message();
  // δ at infinity: refused before any work, by every backend (check_batch).
  ProvingKey no_delta = pk;
  no_delta.vk.delta_g1 = ec::G1Affine::identity();
  const r1cs::ProvingAssignment* batch[] = {&bare};
  EXPECT_EQ(check_batch(no_delta, batch, QapConvention::kSnarkjs).code(), StatusCode::kInvalidArgument);
  CpuProver cpu(ThreadPool::shared());
  FixedBlinding blinding(Fr::one(), Fr::one());
  EXPECT_EQ(cpu.prove(no_delta, batch, QapConvention::kSnarkjs, blinding).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_TRUE(cpu.prove(pk, batch, QapConvention::kSnarkjs, blinding).is_ok());
}

}  // namespace
}  // namespace cuzk::groth16
