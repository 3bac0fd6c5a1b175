// QapEvaluator: Lagrange chunks at τ and the fold of every constraint into u, v, w.
#include "groth16/qap_evaluator.hpp"

#include <string>
#include <tuple>

#include "ff/batch_inverse.hpp"

namespace cuzk::groth16 {

using ff::Fr;
using r1cs::LinearCombination;
using r1cs::Variable;
using r1cs::VariableKind;

LagrangeAtTau::LagrangeAtTau(const ntt::Domain& domain, const Fr& tau)
    : omega_(domain.omega()),
      tau_(tau),
      scale_((tau.pow(ff::Limbs<1>{domain.size()}) - Fr::one()) * domain.size_inv()) {}

void LagrangeAtTau::fill(size_t first, std::span<Fr> out) const {
  std::vector<Fr> powers(out.size());
  Fr w = omega_.pow(ff::Limbs<1>{first});
  for (size_t k = 0; k < out.size(); ++k) {
    powers[k] = w;
    out[k] = tau_ - w;
    w *= omega_;
  }
  ff::batch_inverse<Fr>(out);
  for (size_t k = 0; k < out.size(); ++k) out[k] *= powers[k] * scale_;
}

QapEvaluator::QapEvaluator(const ntt::Domain& domain, const Fr& tau) : domain_size_(domain.size()), basis_(domain, tau) {
  alloc_input(Fr::one());
}

Variable QapEvaluator::alloc(const Fr&) {
  u_aux_.emplace_back();
  v_aux_.emplace_back();
  w_aux_.emplace_back();
  a_aux_.push(false);
  b_aux_.push(false);
  return {u_aux_.size() - 1, VariableKind::kAux};
}

Variable QapEvaluator::alloc_input(const Fr&) {
  u_in_.emplace_back();
  v_in_.emplace_back();
  w_in_.emplace_back();
  b_inputs_.push(false);
  return {u_in_.size() - 1, VariableKind::kInput};
}

const Fr& QapEvaluator::lagrange(size_t row) {
  if (row - chunk_begin_ >= chunk_.size()) {  // rows arrive in order: the next chunk starts here
    chunk_begin_ = row;
    chunk_.resize(kChunk);
    basis_.fill(row, chunk_);
  }
  return chunk_[row - chunk_begin_];
}

void QapEvaluator::fold(const LinearCombination& lc, const Fr& l, std::vector<Fr>& inputs, std::vector<Fr>& aux,
                        r1cs::DensityBitmap* input_density, r1cs::DensityBitmap* aux_density) {
  for (const r1cs::Term& t : lc.terms()) {
    const bool input = t.variable.kind == VariableKind::kInput;
    Fr& slot = input ? inputs[t.variable.index] : aux[t.variable.index];
    slot += t.coefficient == Fr::one() ? l : t.coefficient * l;
    if (r1cs::DensityBitmap* density = input ? input_density : aux_density) density->set(t.variable.index);
  }
}

void QapEvaluator::enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) {
  const size_t row = rows_++;
  if (row >= domain_size_) return;  // reported by finish()
  const Fr& l = lagrange(row);
  fold(a, l, u_in_, u_aux_, nullptr, &a_aux_);
  fold(b, l, v_in_, v_aux_, &b_inputs_, &b_aux_);
  fold(c, l, w_in_, w_aux_, nullptr, nullptr);
}

Result<QapAtTau> QapEvaluator::finish(bool with_input_constraints) && {
  if (with_input_constraints) {
    for (size_t i = 0; i < u_in_.size(); ++i) enforce(Variable{i, VariableKind::kInput}, {}, {});
  }
  if (rows_ > domain_size_) {
    return Status::invalid_argument("QAP evaluation: " + std::to_string(rows_) + " constraints exceed the domain of " +
                                    std::to_string(domain_size_));
  }
  QapAtTau out;
  out.num_inputs = u_in_.size();
  out.num_aux = u_aux_.size();
  out.num_constraints = rows_;
  for (auto [dst, in, aux] : {std::tuple{&out.u, &u_in_, &u_aux_}, std::tuple{&out.v, &v_in_, &v_aux_},
                              std::tuple{&out.w, &w_in_, &w_aux_}}) {
    *dst = std::move(*in);
    dst->insert(dst->end(), aux->begin(), aux->end());
    *aux = std::vector<Fr>();
  }
  out.a_aux = std::move(a_aux_);
  out.b_inputs = std::move(b_inputs_);
  out.b_aux = std::move(b_aux_);
  return out;
}

Result<QapAtTau> evaluate_qap(const r1cs::R1csShape& shape, const ntt::Domain& domain, const Fr& tau) {
  QapEvaluator evaluator(domain, tau);
  for (size_t i = 1; i < shape.num_inputs; ++i) evaluator.alloc_input(Fr::zero());
  for (size_t i = 0; i < shape.num_aux; ++i) evaluator.alloc(Fr::zero());
  auto row_lc = [&shape](const r1cs::SparseMatrix& m, size_t row) {
    LinearCombination lc;
    for (uint64_t k = m.row_offsets[row]; k < m.row_offsets[row + 1]; ++k) {
      const uint64_t col = m.columns[k];
      lc.add(col < shape.num_inputs ? Variable{col, VariableKind::kInput}
                                    : Variable{col - shape.num_inputs, VariableKind::kAux},
             m.values[k]);
    }
    return lc;
  };
  for (size_t row = 0; row < shape.num_constraints(); ++row) {
    evaluator.enforce(row_lc(shape.a, row), row_lc(shape.b, row), row_lc(shape.c, row));
  }
  return std::move(evaluator).finish(false);
}

}  // namespace cuzk::groth16
