// Key and assignment checks, the H-size rule and proof assembly (proof_assembly.hpp).
#include "groth16/proof_assembly.hpp"

#include <string>
#include <type_traits>

#include "ntt/domain.hpp"

namespace cuzk::groth16 {

CircuitShape shape_of(const r1cs::ProvingAssignment& cs) {
  return {cs.input_assignment.size(), cs.aux_assignment.size(), cs.a.size(),
          &cs.a_aux_density,          &cs.b_input_density,      &cs.b_aux_density};
}

CircuitShape shape_of(const witness::PartitionWitness& witness, QapConvention convention) {
  const r1cs::RecordedMatrices& m = *witness.matrices;
  const size_t input_rows = convention == QapConvention::kBellperson ? witness.num_inputs() : 0;
  return {witness.num_inputs(), witness.num_aux(), m.num_constraints + input_rows,
          &m.a_aux_density,     &m.b_input_density, &m.b_aux_density};
}

QuerySizes query_sizes(const CircuitShape& shape) {
  return {shape.inputs, shape.aux, shape.inputs + shape.a_aux_density->popcount(),
          shape.b_input_density->popcount() + shape.b_aux_density->popcount()};
}

QuerySizes query_sizes(const r1cs::ProvingAssignment& cs) { return query_sizes(shape_of(cs)); }

Status check_key(const ProvingKey& pk) {
  if (pk.vk.delta_g1.infinity || pk.vk.delta_g2.infinity) {
    return Status::invalid_argument("proving key: delta is the point at infinity");
  }
  return Status::ok();
}

namespace {

std::string where(size_t index) { return "circuit " + std::to_string(index) + ": "; }

}  // namespace

Status check_shape(const ProvingKey& pk, const CircuitShape& shape, size_t index, QapConvention convention) {
  auto mismatch = [&](const char* what, size_t key, size_t circuit) {
    return Status::invalid_argument(where(index) + what + ": the key has " + std::to_string(key) +
                                    ", the circuit needs " + std::to_string(circuit));
  };
  if (shape.inputs == 0) return Status::invalid_argument(where(index) + "no inputs (ONE is input 0)");
  if (shape.b_input_density->size() != shape.inputs || shape.a_aux_density->size() != shape.aux ||
      shape.b_aux_density->size() != shape.aux) {
    return Status::invalid_argument(where(index) + "density bitmaps do not cover the assignment");
  }
  const QuerySizes need = query_sizes(shape);
  if (pk.vk.ic.size() != need.ic) return mismatch("public inputs (vk.ic)", pk.vk.ic.size(), need.ic);
  if (pk.l.size() != need.l) return mismatch("aux variables (l)", pk.l.size(), need.l);
  if (pk.a.size() != need.a) return mismatch("A-query points (a)", pk.a.size(), need.a);
  if (pk.b_g1.size() != need.b) return mismatch("B-query points (b_g1)", pk.b_g1.size(), need.b);
  if (pk.b_g2.size() != need.b) return mismatch("B-query points (b_g2)", pk.b_g2.size(), need.b);
  // the evaluation domain's size (ntt::Domain::create's rule, without building its tables)
  size_t domain_size = 2;
  while (domain_size < shape.rows) domain_size *= 2;
  if (domain_size > (size_t{1} << ntt::Domain::kMaxLogSize)) {
    return Status::invalid_argument(where(index) + std::to_string(shape.rows) +
                                    " constraints exceed the largest domain, 2^" +
                                    std::to_string(ntt::Domain::kMaxLogSize));
  }
  return h_size(pk, domain_size, convention, index).status();
}

Status check_assignment_shape(const ProvingKey& pk, const r1cs::ProvingAssignment& cs, size_t index,
                              QapConvention convention) {
  if (convention == QapConvention::kBellperson && !cs.input_constraints_appended()) {
    return Status::invalid_argument(where(index) + "input constraints were not appended");
  }
  if (cs.b.size() != cs.a.size() || cs.c.size() != cs.a.size()) {
    return Status::invalid_argument(where(index) + "a, b, c have different lengths");
  }
  return check_shape(pk, shape_of(cs), index, convention);
}

Status check_witness_shape(const ProvingKey& pk, const witness::PartitionWitness& witness, size_t index,
                           QapConvention convention) {
  if (Status s = witness.check_matrices(); !s.is_ok()) return Status::invalid_argument(where(index) + s.message());
  return check_shape(pk, shape_of(witness, convention), index, convention);
}

namespace {

template <class Circuit>
Status check_each(const ProvingKey& pk, std::span<const Circuit* const> circuits, QapConvention convention) {
  CUZK_RETURN_IF_ERROR(check_key(pk));
  for (size_t index = 0; index < circuits.size(); ++index) {
    if constexpr (std::is_same_v<Circuit, r1cs::ProvingAssignment>) {
      CUZK_RETURN_IF_ERROR(check_assignment_shape(pk, *circuits[index], index, convention));
    } else {
      CUZK_RETURN_IF_ERROR(check_witness_shape(pk, *circuits[index], index, convention));
    }
  }
  return Status::ok();
}

}  // namespace

Status check_batch(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                   QapConvention convention) {
  return check_each(pk, circuits, convention);
}

Status check_batch(const ProvingKey& pk, std::span<const witness::PartitionWitness* const> circuits,
                   QapConvention convention) {
  return check_each(pk, circuits, convention);
}

Result<size_t> h_size(const ProvingKey& pk, size_t domain_size, QapConvention convention, size_t index) {
  const std::string where = "circuit " + std::to_string(index) + ": the key has " + std::to_string(pk.h.size()) +
                            " H-query points, ";
  if (convention == QapConvention::kSnarkjs) {
    if (pk.h.size() != domain_size) {
      return Status::invalid_argument(where + "the snarkjs domain of the circuit has " + std::to_string(domain_size) +
                                      " points (its H points are that domain's Lagrange basis)");
    }
    return domain_size;
  }
  if (pk.h.size() < domain_size - 1) {
    return Status::invalid_argument(where + "the domain needs " + std::to_string(domain_size - 1));
  }
  return domain_size - 1;
}

Proof assemble_proof(const VerifyingKey& vk, const MsmSums& sums, const ff::Fr& r, const ff::Fr& s) {
  const ff::Limbs<4> r_int = r.to_canonical(), s_int = s.to_canonical(), rs_int = (r * s).to_canonical();
  const ec::G1Jacobian delta_g1 = vk.delta_g1.to_jacobian();
  // A = α + ΣA + rδ
  const ec::G1Jacobian g_a = delta_g1.mul(r_int).add_mixed(vk.alpha_g1) + sums.a;
  // B = β + ΣB2 + sδ
  const ec::G2Jacobian g_b = vk.delta_g2.to_jacobian().mul(s_int).add_mixed(vk.beta_g2) + sums.b_g2;
  // C = rsδ + sα + rβ + sΣA + rΣB1 + ΣH + ΣL
  const ec::G1Jacobian g_c = delta_g1.mul(rs_int) + vk.alpha_g1.to_jacobian().mul(s_int) +
                             vk.beta_g1.to_jacobian().mul(r_int) + sums.a.mul(s_int) + sums.b_g1.mul(r_int) +
                             sums.h + sums.l;
  return {g_a.to_affine(), g_b.to_affine(), g_c.to_affine()};
}

Status circuit_error(size_t index, const Status& status) {
  return Status(status.code(), "circuit " + std::to_string(index) + ": " + status.message());
}

}  // namespace cuzk::groth16
