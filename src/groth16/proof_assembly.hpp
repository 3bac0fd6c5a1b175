// What every Groth16 backend shares, so that they give the same proof for the same inputs and
// (r, s): the checks of a key and of each circuit against it (per QAP convention), the H-size
// rule, and the assembly of A, B, C from the MSM sums and the blinding factors:
//   A = α + ΣA + r·δ,  B = β + ΣB2 + s·δ,
//   C = s·ΣA + r·ΣB1 + rs·δ + s·α + r·β + ΣH + ΣL
// snarkjs writes C as ΣC + ΣH + s·πA + r·B1 − rs·δ1 with πA = ΣA + α + rδ, B1 = ΣB1 + β + sδ;
// expanded, s·πA + r·B1 − rsδ = sΣA + sα + rΣB1 + rβ + 2rsδ − rsδ: the same point (ΣC is our
// ΣL), so one formula serves both conventions.
#pragma once

#include <cstddef>
#include <span>

#include "common/status.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fr.hpp"
#include "groth16/keys.hpp"
#include "groth16/prover_backend.hpp"
#include "r1cs/density.hpp"
#include "r1cs/proving_assignment.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::groth16 {

// What a key must fit of one circuit, whichever form it comes in: its variables, its rows (the
// constraints, with bellperson's input rows where the convention has them) and its densities.
struct CircuitShape {
  size_t inputs = 0, aux = 0, rows = 0;
  const r1cs::DensityBitmap* a_aux_density = nullptr;
  const r1cs::DensityBitmap* b_input_density = nullptr;
  const r1cs::DensityBitmap* b_aux_density = nullptr;
};
// A whole assignment's (its rows: a's length).
CircuitShape shape_of(const r1cs::ProvingAssignment& cs);
// A partition witness's (its rows: the recorded constraints, and the input rows under
// kBellperson). Precondition: witness.matrices is set.
CircuitShape shape_of(const witness::PartitionWitness& witness, QapConvention convention);

// The proving-key query sizes a circuit needs, by bellperson's density rules: ic = inputs (ONE
// included), l = aux, a = inputs + aux in A, b = inputs and aux in B (b_g1 and b_g2 alike). The
// same for both conventions.
struct QuerySizes {
  size_t ic = 0, l = 0, a = 0, b = 0;
};
QuerySizes query_sizes(const CircuitShape& shape);
QuerySizes query_sizes(const r1cs::ProvingAssignment& cs);

// OK if `pk` can prove at all (δ in G1 and G2 is not the point at infinity); INVALID_ARGUMENT
// otherwise.
Status check_key(const ProvingKey& pk);

// OK if `shape` (circuit `index` of a batch) has densities covering its variables and fits `pk`
// (query sizes, and the H points: h_size()); INVALID_ARGUMENT naming the circuit and the
// mismatch.
Status check_shape(const ProvingKey& pk, const CircuitShape& shape, size_t index, QapConvention convention);
// check_shape() of a whole assignment, which must also be complete for `convention`
// (kBellperson: input constraints appended) with a/b/c of one length.
Status check_assignment_shape(const ProvingKey& pk, const r1cs::ProvingAssignment& cs, size_t index,
                              QapConvention convention);
// check_shape() of a partition witness, whose matrices must be set and match its variables.
Status check_witness_shape(const ProvingKey& pk, const witness::PartitionWitness& witness, size_t index,
                           QapConvention convention);

// check_key(pk), then the shape check of every circuit of the batch.
Status check_batch(const ProvingKey& pk, std::span<const r1cs::ProvingAssignment* const> circuits,
                   QapConvention convention);
Status check_batch(const ProvingKey& pk, std::span<const witness::PartitionWitness* const> circuits,
                   QapConvention convention);

// The H-size rule: for a domain of `domain_size` points (a power of two), the number of h
// values (and H points used): kBellperson m − 1 (the quotient's coefficients; the key may hold
// more points), kSnarkjs m (the odd-coset evaluations; the key must hold exactly m, the
// Lagrange basis of that domain). INVALID_ARGUMENT naming circuit `index` if `pk` does not fit.
Result<size_t> h_size(const ProvingKey& pk, size_t domain_size, QapConvention convention, size_t index);

// The five MSM results of one circuit: ΣA over inputs and aux, ΣB in G1 and G2, ΣL over aux,
// ΣH over h.
struct MsmSums {
  ec::G1Jacobian a, b_g1, l, h;
  ec::G2Jacobian b_g2;
};

// A, B, C by the formula above (affine), r and s in Montgomery form (blinding's values).
Proof assemble_proof(const VerifyingKey& vk, const MsmSums& sums, const ff::Fr& r, const ff::Fr& s);

// "circuit <index>: <status's message>", same code: for errors of one circuit of a batch.
Status circuit_error(size_t index, const Status& status);

}  // namespace cuzk::groth16
