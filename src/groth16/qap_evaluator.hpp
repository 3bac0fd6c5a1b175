// The QAP of an R1CS evaluated at τ, streamed: a ConstraintSystem that folds each constraint
// into u_i(τ), v_i(τ), w_i(τ) (Σ over rows j of A/B/C[j][i]·L_j(τ)) the moment the circuit
// enforces it. Setting up a circuit of 10^8 constraints then needs three field elements per
// variable, not its matrices. The Lagrange values L_j(τ) = Z(τ)/n · ω^j/(τ − ω^j) come in
// chunks of consecutive rows, one batch inversion per chunk.
//
// Densities follow bellperson (and r1cs::ProvingAssignment): a variable is in A (or B) when
// any term of a row's A (B) combination names it, whatever the coefficient.
#pragma once

#include <cstddef>
#include <vector>

#include "common/status.hpp"
#include "ff/fr.hpp"
#include "ntt/domain.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::groth16 {

struct QapAtTau {
  size_t num_inputs = 0;  // including ONE
  size_t num_aux = 0;
  size_t num_constraints = 0;  // rows, input constraints included
  std::vector<ff::Fr> u, v, w;  // per variable: the inputs, then the aux
  r1cs::DensityBitmap a_aux, b_inputs, b_aux;
};

// L_j(τ) for consecutive rows j of an n-point domain.
class LagrangeAtTau {
 public:
  // Precondition: τ is not in the domain (Z(τ) ≠ 0).
  LagrangeAtTau(const ntt::Domain& domain, const ff::Fr& tau);
  // out[k] = L_{first + k}(τ).
  void fill(size_t first, std::span<ff::Fr> out) const;

 private:
  ff::Fr omega_, tau_, scale_;  // scale = Z(τ)/n
};

class QapEvaluator final : public r1cs::ConstraintSystem {
 public:
  // Rows beyond domain.size() are counted, and reported by finish(). Precondition as LagrangeAtTau.
  QapEvaluator(const ntt::Domain& domain, const ff::Fr& tau);
  r1cs::Variable alloc(const ff::Fr& value) override;
  r1cs::Variable alloc_input(const ff::Fr& value) override;
  void enforce(const r1cs::LinearCombination& a, const r1cs::LinearCombination& b,
               const r1cs::LinearCombination& c) override;

  size_t rows() const { return rows_; }
  size_t num_inputs() const { return u_in_.size(); }
  size_t num_aux() const { return u_aux_.size(); }

  // The evaluations; with_input_constraints first enforces bellperson's input_i · 0 = 0 rows.
  // Errors: more rows than the domain holds.
  Result<QapAtTau> finish(bool with_input_constraints) &&;

 private:
  static constexpr size_t kChunk = 4096;
  const ff::Fr& lagrange(size_t row);
  void fold(const r1cs::LinearCombination& lc, const ff::Fr& l, std::vector<ff::Fr>& inputs, std::vector<ff::Fr>& aux,
            r1cs::DensityBitmap* input_density, r1cs::DensityBitmap* aux_density);

  size_t domain_size_;
  LagrangeAtTau basis_;
  size_t rows_ = 0;
  size_t chunk_begin_ = 0;
  std::vector<ff::Fr> chunk_;  // L_j(τ) for rows [chunk_begin_, chunk_begin_ + chunk_.size())
  std::vector<ff::Fr> u_in_, v_in_, w_in_, u_aux_, v_aux_, w_aux_;
  r1cs::DensityBitmap a_aux_, b_inputs_, b_aux_;
};

// The QAP of recorded matrices (rows as given: input constraints included or not) at τ.
// Errors: as QapEvaluator::finish.
Result<QapAtTau> evaluate_qap(const r1cs::R1csShape& shape, const ntt::Domain& domain, const ff::Fr& tau);

}  // namespace cuzk::groth16
