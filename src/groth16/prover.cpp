// CPU Groth16 prover: H by NTTs, five MSMs, blinding.
#include "groth16/prover.hpp"

#include <string>

#include "common/stopwatch.hpp"
#include "msm/msm.hpp"
#include "ntt/ntt.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

msm::Density density_of(const r1cs::DensityBitmap& bitmap) { return {bitmap.words(), bitmap.size()}; }

// h = coefficients 0..n−2 of (A·B − C)/Z for the padded evaluation vectors.
Result<std::vector<Fr>> compute_h(const r1cs::ProvingAssignment& cs, ThreadPool& pool) {
  auto domain = ntt::Domain::create(cs.a.size());
  if (!domain.is_ok()) return domain.status();
  const size_t n = domain->size();
  std::vector<Fr> a(cs.a), b(cs.b), c(cs.c);
  a.resize(n);
  b.resize(n);
  c.resize(n);
  for (std::vector<Fr>* v : {&a, &b, &c}) {
    if (Status s = ntt::inverse(*domain, *v, pool); !s.is_ok()) return s;
    if (Status s = ntt::coset_forward(*domain, *v, pool); !s.is_ok()) return s;
  }
  const Fr z_inv = ntt::coset_vanishing_inverse(*domain);
  pool.parallel_for(n, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] = (a[i] * b[i] - c[i]) * z_inv;
  });
  if (Status s = ntt::coset_inverse(*domain, a, pool); !s.is_ok()) return s;
  a.resize(n - 1);
  return a;
}

}  // namespace

QuerySizes query_sizes(const r1cs::ProvingAssignment& cs) {
  const size_t inputs = cs.input_assignment.size();
  return {inputs, cs.aux_assignment.size(), inputs + cs.a_aux_density.popcount(),
          cs.b_input_density.popcount() + cs.b_aux_density.popcount()};
}

Status check_assignment_shape(const ProvingKey& pk, const r1cs::ProvingAssignment& cs, size_t index) {
  const std::string where = "circuit " + std::to_string(index) + ": ";
  auto mismatch = [&](const char* what, size_t key, size_t circuit) {
    return Status::invalid_argument(where + what + ": the key has " + std::to_string(key) + ", the circuit needs " +
                                    std::to_string(circuit));
  };
  const size_t inputs = cs.input_assignment.size(), aux = cs.aux_assignment.size();
  if (!cs.input_constraints_appended()) return Status::invalid_argument(where + "input constraints were not appended");
  if (cs.b_input_density.size() != inputs || cs.a_aux_density.size() != aux || cs.b_aux_density.size() != aux) {
    return Status::invalid_argument(where + "density bitmaps do not cover the assignment");
  }
  if (cs.b.size() != cs.a.size() || cs.c.size() != cs.a.size()) {
    return Status::invalid_argument(where + "a, b, c have different lengths");
  }
  const QuerySizes need = query_sizes(cs);
  if (pk.vk.ic.size() != need.ic) return mismatch("public inputs (vk.ic)", pk.vk.ic.size(), need.ic);
  if (pk.l.size() != need.l) return mismatch("aux variables (l)", pk.l.size(), need.l);
  if (pk.a.size() != need.a) return mismatch("A-query points (a)", pk.a.size(), need.a);
  if (pk.b_g1.size() != need.b) return mismatch("B-query points (b_g1)", pk.b_g1.size(), need.b);
  if (pk.b_g2.size() != need.b) return mismatch("B-query points (b_g2)", pk.b_g2.size(), need.b);
  return Status::ok();
}

Result<std::vector<Proof>> prove(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                                 BlindingSource& blinding, ThreadPool& pool, ProverTimings* timings) {
  if (pk.vk.delta_g1.infinity || pk.vk.delta_g2.infinity) {
    return Status::invalid_argument("proving key: delta is the point at infinity");
  }
  ProverTimings local;
  ProverTimings& t = timings ? *timings : local;
  Stopwatch total;
  std::vector<Proof> proofs;
  proofs.reserve(circuits.size());
  for (size_t index = 0; index < circuits.size(); ++index) {
    const r1cs::ProvingAssignment& cs = *circuits[index];
    if (Status s = check_assignment_shape(pk, cs, index); !s.is_ok()) return s;
    Stopwatch phase;
    auto h = compute_h(cs, pool);
    if (!h.is_ok()) return h.status();
    if (pk.h.size() < h->size()) {
      return Status::invalid_argument("circuit " + std::to_string(index) + ": the key has " +
                                      std::to_string(pk.h.size()) + " H-query points, the domain needs " +
                                      std::to_string(h->size()));
    }
    t.ntt_ms += phase.lap_ms();

    const size_t inputs = cs.input_assignment.size();
    const std::span<const ec::G1Affine> a_bases(pk.a);
    const msm::Density a_aux = density_of(cs.a_aux_density);
    const ec::G1Jacobian a_answer =
        msm::msm<ec::G1Config>(a_bases.first(inputs), cs.input_assignment, nullptr, pool) +
        msm::msm<ec::G1Config>(a_bases.subspan(inputs), cs.aux_assignment, &a_aux, pool);
    t.msm_a_ms += phase.lap_ms();

    const size_t b_inputs = cs.b_input_density.popcount();
    const msm::Density b_in = density_of(cs.b_input_density), b_aux = density_of(cs.b_aux_density);
    const std::span<const ec::G1Affine> b1(pk.b_g1);
    const ec::G1Jacobian b1_answer = msm::msm<ec::G1Config>(b1.first(b_inputs), cs.input_assignment, &b_in, pool) +
                                     msm::msm<ec::G1Config>(b1.subspan(b_inputs), cs.aux_assignment, &b_aux, pool);
    t.msm_b_g1_ms += phase.lap_ms();
    const std::span<const ec::G2Affine> b2(pk.b_g2);
    const ec::G2Jacobian b2_answer = msm::msm<ec::G2Config>(b2.first(b_inputs), cs.input_assignment, &b_in, pool) +
                                     msm::msm<ec::G2Config>(b2.subspan(b_inputs), cs.aux_assignment, &b_aux, pool);
    t.msm_b_g2_ms += phase.lap_ms();
    const ec::G1Jacobian l_answer = msm::msm<ec::G1Config>(pk.l, cs.aux_assignment, nullptr, pool);
    t.msm_l_ms += phase.lap_ms();
    const ec::G1Jacobian h_answer =
        msm::msm<ec::G1Config>(std::span<const ec::G1Affine>(pk.h).first(h->size()), *h, nullptr, pool);
    t.msm_h_ms += phase.lap_ms();

    const auto [r, s] = blinding.next();
    const ec::G1Jacobian delta_g1 = pk.vk.delta_g1.to_jacobian();
    const ec::G1Jacobian g_a = delta_g1.mul(r.to_canonical()).add_mixed(pk.vk.alpha_g1) + a_answer;
    const ec::G2Jacobian g_b = pk.vk.delta_g2.to_jacobian().mul(s.to_canonical()).add_mixed(pk.vk.beta_g2) + b2_answer;
    const ec::G1Jacobian g_c = delta_g1.mul((r * s).to_canonical()) + pk.vk.alpha_g1.to_jacobian().mul(s.to_canonical()) +
                               pk.vk.beta_g1.to_jacobian().mul(r.to_canonical()) + a_answer.mul(s.to_canonical()) +
                               b1_answer.mul(r.to_canonical()) + h_answer + l_answer;
    proofs.push_back({g_a.to_affine(), g_b.to_affine(), g_c.to_affine()});
  }
  t.total_ms += total.lap_ms();
  return proofs;
}

}  // namespace cuzk::groth16
