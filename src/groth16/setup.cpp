// Test setup: Lagrange evaluation of the QAP at τ, then fixed-base multiplications.
#include "groth16/setup.hpp"

#include <random>
#include <string>

#include "ec/fixed_base.hpp"
#include "ff/batch_inverse.hpp"
#include "ntt/domain.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

// Multiplies every scalar by the table's base, in parallel, and normalizes to affine.
template <class C>
std::vector<ec::Affine<C>> fixed_base_many(const ec::FixedBaseTable<C>& table, const std::vector<Fr>& scalars,
                                           ThreadPool& pool) {
  std::vector<ec::Jacobian<C>> points(scalars.size());
  pool.parallel_for(scalars.size(), [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) points[i] = table.mul(scalars[i].to_canonical());
  });
  return ec::batch_to_affine<C>(points);
}

// u_i(τ) = Σ_j M[j][i]·L_j(τ) for every column i.
std::vector<Fr> evaluate_columns(const r1cs::SparseMatrix& m, const std::vector<Fr>& lagrange, size_t columns) {
  std::vector<Fr> out(columns);
  for (size_t row = 0; row < m.rows(); ++row) {
    for (uint64_t k = m.row_offsets[row]; k < m.row_offsets[row + 1]; ++k) out[m.columns[k]] += m.values[k] * lagrange[row];
  }
  return out;
}

}  // namespace

Result<ProvingKey> insecure_test_setup(const r1cs::R1csShape& shape, const ToxicWaste& waste, ThreadPool& pool) {
  const size_t m = shape.num_constraints();
  if (m == 0 || shape.num_inputs == 0) return Status::invalid_argument("test setup: the circuit has no constraints");
  auto domain = ntt::Domain::create(m);
  if (!domain.is_ok()) return Status::invalid_argument("test setup: " + domain.status().message());
  const size_t n = domain->size();
  for (const Fr* f : {&waste.alpha, &waste.beta, &waste.gamma, &waste.delta}) {
    if (f->is_zero()) return Status::invalid_argument("test setup: toxic waste must be non-zero");
  }

  const Fr omega = domain->omega();
  const Fr z_tau = waste.tau.pow(ff::Limbs<1>{n}) - Fr::one();  // Z(τ) = τ^n − 1
  if (z_tau.is_zero()) return Status::invalid_argument("test setup: τ lies in the evaluation domain");

  // L_j(τ) = Z(τ)/n · ω^j/(τ − ω^j) for the constraint rows j < m.
  std::vector<Fr> lagrange(m);
  std::vector<Fr> omega_powers(m);
  Fr w = Fr::one();
  for (size_t j = 0; j < m; ++j) {
    omega_powers[j] = w;
    lagrange[j] = waste.tau - w;
    w *= omega;
  }
  ff::batch_inverse<Fr>(lagrange);
  const Fr scale = z_tau * Fr::from_u64(n).inverse();
  for (size_t j = 0; j < m; ++j) lagrange[j] *= omega_powers[j] * scale;

  const size_t vars = shape.num_variables();
  const std::vector<Fr> u = evaluate_columns(shape.a, lagrange, vars);
  const std::vector<Fr> v = evaluate_columns(shape.b, lagrange, vars);
  const std::vector<Fr> wc = evaluate_columns(shape.c, lagrange, vars);

  const Fr gamma_inv = waste.gamma.inverse(), delta_inv = waste.delta.inverse();
  std::vector<Fr> ic_scalars, l_scalars, a_scalars, b_scalars;
  for (size_t i = 0; i < vars; ++i) {
    const Fr combined = waste.beta * u[i] + waste.alpha * v[i] + wc[i];
    (i < shape.num_inputs ? ic_scalars : l_scalars).push_back(combined * (i < shape.num_inputs ? gamma_inv : delta_inv));
  }
  // A: every input, then aux present in A. B: inputs and aux present in B.
  const r1cs::DensityBitmap a_aux = shape.a.column_density(shape.num_inputs, vars);
  const r1cs::DensityBitmap b_inputs = shape.b.column_density(0, shape.num_inputs);
  const r1cs::DensityBitmap b_aux = shape.b.column_density(shape.num_inputs, vars);
  for (size_t i = 0; i < vars; ++i) {
    const bool in_a = i < shape.num_inputs || a_aux.test(i - shape.num_inputs);
    const bool in_b = i < shape.num_inputs ? b_inputs.test(i) : b_aux.test(i - shape.num_inputs);
    if (in_a) {
      if (u[i].is_zero()) return Status::invalid_argument("test setup: variable " + std::to_string(i) + " has u(τ) = 0");
      a_scalars.push_back(u[i]);
    }
    if (in_b) {
      if (v[i].is_zero()) return Status::invalid_argument("test setup: variable " + std::to_string(i) + " has v(τ) = 0");
      b_scalars.push_back(v[i]);
    }
  }
  std::vector<Fr> h_scalars(n);
  Fr power = z_tau * delta_inv;  // τ^i·Z(τ)/δ
  for (size_t i = 0; i < n; ++i) {
    h_scalars[i] = power;
    power *= waste.tau;
  }

  const ec::FixedBaseTable<ec::G1Config> g1(ec::G1Jacobian::generator());
  const ec::FixedBaseTable<ec::G2Config> g2(ec::G2Jacobian::generator());
  ProvingKey pk;
  pk.vk.alpha_g1 = g1.mul(waste.alpha.to_canonical()).to_affine();
  pk.vk.beta_g1 = g1.mul(waste.beta.to_canonical()).to_affine();
  pk.vk.beta_g2 = g2.mul(waste.beta.to_canonical()).to_affine();
  pk.vk.gamma_g2 = g2.mul(waste.gamma.to_canonical()).to_affine();
  pk.vk.delta_g1 = g1.mul(waste.delta.to_canonical()).to_affine();
  pk.vk.delta_g2 = g2.mul(waste.delta.to_canonical()).to_affine();
  pk.vk.ic = fixed_base_many(g1, ic_scalars, pool);
  pk.h = fixed_base_many(g1, h_scalars, pool);
  pk.l = fixed_base_many(g1, l_scalars, pool);
  pk.a = fixed_base_many(g1, a_scalars, pool);
  pk.b_g1 = fixed_base_many(g1, b_scalars, pool);
  pk.b_g2 = fixed_base_many(g2, b_scalars, pool);
  return pk;
}

Result<ProvingKey> insecure_circuit_setup(const r1cs::Circuit& circuit, uint64_t seed, ThreadPool& pool) {
  r1cs::ShapeRecorder recorder;
  if (Status s = circuit.synthesize(recorder); !s.is_ok()) return s;
  const r1cs::R1csShape shape = std::move(recorder).finish(true);
  std::mt19937_64 rng(seed);
  const ToxicWaste waste{Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng)};
  return insecure_test_setup(shape, waste, pool);
}

}  // namespace cuzk::groth16
