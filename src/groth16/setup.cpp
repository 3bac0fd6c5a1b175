// Test setup: the QAP at τ (QapEvaluator), the query scalars, then fixed-base multiplications.
#include "groth16/setup.hpp"

#include <random>
#include <string>

#include "groth16/qap_evaluator.hpp"
#include "ntt/domain.hpp"
#include "r1cs/counting_constraint_system.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

// How many points a multiplier loop computes between two looks at the stop token (≈1-5 ms of
// G1/G2 fixed-base work on one core).
constexpr size_t kPointsBetweenStopChecks = 1024;

Status cancelled() { return {StatusCode::kCancelled, "test setup: stopped before it finished"}; }

// Multiplies every scalar by the table's base, in parallel, and normalizes to affine.
template <class C>
Result<std::vector<ec::Affine<C>>> fixed_base_many(const ec::FixedBaseTable<C>& table, std::span<const Fr> scalars,
                                                   ThreadPool& pool, const std::stop_token& stop) {
  std::vector<ec::Jacobian<C>> points(scalars.size());
  pool.parallel_for(scalars.size(), [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      if ((i - begin) % kPointsBetweenStopChecks == 0 && stop.stop_requested()) return;
      points[i] = table.mul(scalars[i].to_canonical());
    }
  });
  if (stop.stop_requested()) return cancelled();
  return ec::batch_to_affine<C>(points);
}

Status check_waste(const ToxicWaste& waste, const ntt::Domain& domain) {
  for (const Fr* f : {&waste.alpha, &waste.beta, &waste.gamma, &waste.delta}) {
    if (f->is_zero()) return Status::invalid_argument("test setup: toxic waste must be non-zero");
  }
  if ((waste.tau.pow(ff::Limbs<1>{domain.size()}) - Fr::one()).is_zero()) {
    return Status::invalid_argument("test setup: τ lies in the evaluation domain");
  }
  return Status::ok();
}

// τ^i·Z(τ)/δ for i < n, in parallel chunks.
std::vector<Fr> h_query_scalars(const ToxicWaste& waste, size_t n, const Fr& delta_inv, ThreadPool& pool) {
  const Fr first = (waste.tau.pow(ff::Limbs<1>{n}) - Fr::one()) * delta_inv;
  std::vector<Fr> out(n);
  pool.parallel_for(n, [&](size_t begin, size_t end) {
    Fr power = first * waste.tau.pow(ff::Limbs<1>{begin});
    for (size_t i = begin; i < end; ++i) {
      out[i] = power;
      power *= waste.tau;
    }
  });
  return out;
}

// The key from the QAP at τ: the query scalars (u, v, w released as soon as they are used),
// then one batch of fixed-base multiplications per query.
Result<ProvingKey> key_from_qap(QapAtTau qap, const ntt::Domain& domain, const ToxicWaste& waste, ThreadPool& pool,
                                GeneratorMultiplier* multiplier, const std::stop_token& stop) {
  const size_t inputs = qap.num_inputs, vars = qap.num_inputs + qap.num_aux;
  const Fr gamma_inv = waste.gamma.inverse(), delta_inv = waste.delta.inverse();
  std::vector<Fr> ic_scalars(inputs), l_scalars(vars - inputs);
  pool.parallel_for(vars, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const Fr combined = waste.beta * qap.u[i] + waste.alpha * qap.v[i] + qap.w[i];
      if (i < inputs) {
        ic_scalars[i] = combined * gamma_inv;
      } else {
        l_scalars[i - inputs] = combined * delta_inv;
      }
    }
  });
  qap.w = std::vector<Fr>();
  // A: every input, then aux present in A. B: inputs and aux present in B.
  std::vector<Fr> a_scalars, b_scalars;
  for (size_t i = 0; i < vars; ++i) {
    const bool in_a = i < inputs || qap.a_aux.test(i - inputs);
    const bool in_b = i < inputs ? qap.b_inputs.test(i) : qap.b_aux.test(i - inputs);
    if (in_a) {
      if (qap.u[i].is_zero()) return Status::invalid_argument("test setup: variable " + std::to_string(i) + " has u(τ) = 0");
      a_scalars.push_back(qap.u[i]);
    }
    if (in_b) {
      if (qap.v[i].is_zero()) return Status::invalid_argument("test setup: variable " + std::to_string(i) + " has v(τ) = 0");
      b_scalars.push_back(qap.v[i]);
    }
  }
  qap.u = qap.v = std::vector<Fr>();

  HostGeneratorMultiplier host(pool, stop);
  GeneratorMultiplier& mul = multiplier != nullptr ? *multiplier : host;
  ProvingKey pk;
  // Each query's scalars are released once its points exist (B's after both groups); a
  // device multiplier is stopped between queries.
  auto take = [&stop](auto& out, auto points, std::vector<Fr>* release) -> Status {
    if (!points.is_ok()) return points.status();
    if (stop.stop_requested()) return cancelled();
    out = std::move(points).value();
    if (release != nullptr) *release = std::vector<Fr>();
    return Status::ok();
  };
  std::vector<ec::G1Affine> vk_g1;
  std::vector<ec::G2Affine> vk_g2;
  const Fr vk_g1_scalars[] = {waste.alpha, waste.beta, waste.delta};
  const Fr vk_g2_scalars[] = {waste.beta, waste.gamma, waste.delta};
  CUZK_RETURN_IF_ERROR(take(vk_g1, host.g1(vk_g1_scalars), nullptr));
  CUZK_RETURN_IF_ERROR(take(vk_g2, host.g2(vk_g2_scalars), nullptr));
  pk.vk.alpha_g1 = vk_g1[0];
  pk.vk.beta_g1 = vk_g1[1];
  pk.vk.delta_g1 = vk_g1[2];
  pk.vk.beta_g2 = vk_g2[0];
  pk.vk.gamma_g2 = vk_g2[1];
  pk.vk.delta_g2 = vk_g2[2];
  std::vector<Fr> h_scalars = h_query_scalars(waste, domain.size(), delta_inv, pool);
  for (auto [out, scalars] : {std::pair{&pk.vk.ic, &ic_scalars}, std::pair{&pk.h, &h_scalars},
                              std::pair{&pk.l, &l_scalars}, std::pair{&pk.a, &a_scalars}}) {
    CUZK_RETURN_IF_ERROR(take(*out, mul.g1(*scalars), scalars));
  }
  CUZK_RETURN_IF_ERROR(take(pk.b_g1, mul.g1(b_scalars), nullptr));
  CUZK_RETURN_IF_ERROR(take(pk.b_g2, mul.g2(b_scalars), &b_scalars));
  return pk;
}

}  // namespace

ToxicWaste ToxicWaste::from_seed(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return {Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng), Fr::random(rng)};
}

HostGeneratorMultiplier::HostGeneratorMultiplier(ThreadPool& pool, std::stop_token stop)
    : pool_(pool), stop_(std::move(stop)), g1_(ec::G1Jacobian::generator()), g2_(ec::G2Jacobian::generator()) {}

Result<std::vector<ec::G1Affine>> HostGeneratorMultiplier::g1(std::span<const Fr> scalars) {
  return fixed_base_many(g1_, scalars, pool_, stop_);
}

Result<std::vector<ec::G2Affine>> HostGeneratorMultiplier::g2(std::span<const Fr> scalars) {
  return fixed_base_many(g2_, scalars, pool_, stop_);
}

Result<ProvingKey> insecure_test_setup(const r1cs::R1csShape& shape, const ToxicWaste& waste, ThreadPool& pool,
                                       GeneratorMultiplier* multiplier, std::stop_token stop) {
  if (shape.num_constraints() == 0 || shape.num_inputs == 0) {
    return Status::invalid_argument("test setup: the circuit has no constraints");
  }
  auto domain = ntt::Domain::create(shape.num_constraints());
  if (!domain.is_ok()) return Status::invalid_argument("test setup: " + domain.status().message());
  CUZK_RETURN_IF_ERROR(check_waste(waste, *domain));
  auto qap = evaluate_qap(shape, *domain, waste.tau);
  if (!qap.is_ok()) return qap.status();
  if (stop.stop_requested()) return cancelled();
  return key_from_qap(std::move(qap).value(), *domain, waste, pool, multiplier, stop);
}

Result<ProvingKey> insecure_circuit_setup(const r1cs::Circuit& circuit, const ToxicWaste& waste, ThreadPool& pool,
                                          GeneratorMultiplier* multiplier, std::stop_token stop) {
  if (stop.stop_requested()) return cancelled();
  r1cs::CountingConstraintSystem counter;
  CUZK_RETURN_IF_ERROR(circuit.synthesize(counter));
  auto domain = ntt::Domain::create(counter.num_constraints() + counter.num_inputs());
  if (!domain.is_ok()) return Status::invalid_argument("test setup: " + domain.status().message());
  CUZK_RETURN_IF_ERROR(check_waste(waste, *domain));
  if (stop.stop_requested()) return cancelled();
  QapEvaluator evaluator(*domain, waste.tau);
  CUZK_RETURN_IF_ERROR(circuit.synthesize(evaluator));
  if (evaluator.num_inputs() != counter.num_inputs() || evaluator.num_aux() != counter.num_aux() ||
      evaluator.rows() != counter.num_constraints()) {
    return Status::invalid_argument("test setup: the circuit synthesized a different shape on its second pass");
  }
  auto qap = std::move(evaluator).finish(true);
  if (!qap.is_ok()) return qap.status();
  if (stop.stop_requested()) return cancelled();
  return key_from_qap(std::move(qap).value(), *domain, waste, pool, multiplier, stop);
}

Result<ProvingKey> insecure_circuit_setup(const r1cs::Circuit& circuit, uint64_t seed, ThreadPool& pool,
                                          GeneratorMultiplier* multiplier, std::stop_token stop) {
  return insecure_circuit_setup(circuit, ToxicWaste::from_seed(seed), pool, multiplier, std::move(stop));
}

}  // namespace cuzk::groth16
