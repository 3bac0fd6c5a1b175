// CpuProver (cpu_prover.hpp): H by host NTTs per QAP convention, five host MSMs, the shared
// assembly.
#include "groth16/cpu_prover.hpp"

#include "common/reclaimer.hpp"
#include "common/stopwatch.hpp"
#include "groth16/proof_assembly.hpp"
#include "groth16/snarkjs_qap.hpp"
#include "msm/msm.hpp"
#include "ntt/ntt.hpp"
#include "r1cs/row_check.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

msm::Density density_of(const r1cs::DensityBitmap& bitmap) { return {bitmap.words(), bitmap.size()}; }

// kBellperson: coefficients 0..n−2 of (A·B − C)/Z on the coset g = 7, for the padded
// evaluation vectors. Six transforms, not seven: the coset inverse is linear and undoes the
// coset forward on C (degree < n), so h = (coset_inverse(A·B on the coset) − C)/Z with C =
// inverse(c), and c never goes to the coset.
Result<std::vector<Fr>> bellperson_h(const r1cs::ProvingAssignment& cs, ThreadPool& pool) {
  CUZK_ASSIGN_OR_RETURN(const ntt::Domain domain, ntt::Domain::create(cs.a.size()));
  const size_t n = domain.size();
  std::vector<Fr> a(cs.a), b(cs.b), c(cs.c);
  a.resize(n);
  b.resize(n);
  c.resize(n);
  for (std::vector<Fr>* v : {&a, &b}) {
    CUZK_RETURN_IF_ERROR(ntt::inverse(domain, *v, pool));
    CUZK_RETURN_IF_ERROR(ntt::coset_forward(domain, *v, pool));
  }
  CUZK_RETURN_IF_ERROR(ntt::inverse(domain, c, pool));
  pool.parallel_for(n, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] *= b[i];
  });
  CUZK_RETURN_IF_ERROR(ntt::coset_inverse(domain, a, pool));
  const Fr z_inv = ntt::coset_vanishing_inverse(domain);
  a.resize(n - 1);
  pool.parallel_for(n - 1, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) a[i] = (a[i] - c[i]) * z_inv;
  });
  return a;
}

Result<std::vector<Fr>> compute_h(const r1cs::ProvingAssignment& cs, QapConvention convention, ThreadPool& pool) {
  if (convention == QapConvention::kBellperson) return bellperson_h(cs, pool);
  CUZK_ASSIGN_OR_RETURN(const ntt::Domain domain, ntt::Domain::create(cs.a.size()));
  CUZK_ASSIGN_OR_RETURN(const SnarkjsDomain snarkjs, SnarkjsDomain::create(domain.size()));
  return snarkjs_h(snarkjs, cs.a, cs.b, cs.c, pool);
}

}  // namespace

Result<std::vector<Proof>> CpuProver::prove_timed(const ProvingKey& pk,
                                                  std::span<const witness::PartitionWitness* const> circuits,
                                                  QapConvention convention, BlindingSource& blinding,
                                                  ProverTimings* timings) {
  CUZK_RETURN_IF_ERROR(check_batch(pk, circuits, convention));
  std::vector<Proof> proofs;
  r1cs::ProvingAssignment whole;  // one circuit's at a time, its memory reused by the next
  for (size_t index = 0; index < circuits.size(); ++index) {
    Stopwatch product;
    if (Status s = witness::materialize(*circuits[index], whole, pool_); !s.is_ok()) return circuit_error(index, s);
    if (Status s = r1cs::check_rows(whole, pool_); !s.is_ok()) return circuit_error(index, s);
    if (convention == QapConvention::kBellperson) whole.append_input_constraints();
    if (timings != nullptr) timings->product_ms += product.lap_ms();
    const r1cs::ProvingAssignment* const one[] = {&whole};
    CUZK_ASSIGN_OR_RETURN(std::vector<Proof> proof, prove_timed(pk, one, convention, blinding, timings));
    proofs.push_back(proof.front());
  }
  Reclaimer::shared().dispose(std::move(whole));  // a whole circuit's memory: freed off the caller's path
  return proofs;
}

Result<std::vector<Proof>> CpuProver::prove_timed(const ProvingKey& pk,
                                                  std::span<const r1cs::ProvingAssignment* const> circuits,
                                                  QapConvention convention, BlindingSource& blinding,
                                                  ProverTimings* timings) {
  CUZK_RETURN_IF_ERROR(check_batch(pk, circuits, convention));
  ProverTimings local;
  ProverTimings& t = timings ? *timings : local;
  ThreadPool& pool = pool_;
  Stopwatch total;
  std::vector<Proof> proofs;
  proofs.reserve(circuits.size());
  for (size_t index = 0; index < circuits.size(); ++index) {
    Stopwatch phase;
    const r1cs::ProvingAssignment& cs = *circuits[index];
    auto h = compute_h(cs, convention, pool);
    if (!h.is_ok()) return circuit_error(index, h.status());
    t.ntt_ms += phase.lap_ms();

    MsmSums sums;
    const size_t inputs = cs.input_assignment.size();
    const std::span<const ec::G1Affine> a_bases(pk.a);
    const msm::Density a_aux = density_of(cs.a_aux_density);
    sums.a = msm::msm<ec::G1Config>(a_bases.first(inputs), cs.input_assignment, nullptr, pool) +
             msm::msm<ec::G1Config>(a_bases.subspan(inputs), cs.aux_assignment, &a_aux, pool);
    t.msm_a_ms += phase.lap_ms();

    const size_t b_inputs = cs.b_input_density.popcount();
    const msm::Density b_in = density_of(cs.b_input_density), b_aux = density_of(cs.b_aux_density);
    const std::span<const ec::G1Affine> b1(pk.b_g1);
    sums.b_g1 = msm::msm<ec::G1Config>(b1.first(b_inputs), cs.input_assignment, &b_in, pool) +
                msm::msm<ec::G1Config>(b1.subspan(b_inputs), cs.aux_assignment, &b_aux, pool);
    t.msm_b_g1_ms += phase.lap_ms();
    const std::span<const ec::G2Affine> b2(pk.b_g2);
    sums.b_g2 = msm::msm<ec::G2Config>(b2.first(b_inputs), cs.input_assignment, &b_in, pool) +
                msm::msm<ec::G2Config>(b2.subspan(b_inputs), cs.aux_assignment, &b_aux, pool);
    t.msm_b_g2_ms += phase.lap_ms();
    sums.l = msm::msm<ec::G1Config>(pk.l, cs.aux_assignment, nullptr, pool);
    t.msm_l_ms += phase.lap_ms();
    sums.h = msm::msm<ec::G1Config>(std::span<const ec::G1Affine>(pk.h).first(h->size()), *h, nullptr, pool);
    t.msm_h_ms += phase.lap_ms();

    const auto [r, s] = blinding.next();
    proofs.push_back(assemble_proof(pk.vk, sums, r, s));
  }
  t.total_ms += total.lap_ms();
  return proofs;
}

}  // namespace cuzk::groth16
