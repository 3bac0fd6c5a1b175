// Poseidon gadget: neptune's circuit as a reference, its per-arity recording, and the replay.
#include "gadgets/poseidon.hpp"

#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "poseidon/circuit_steps.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/evaluated_block.hpp"
#include "gadgets/poseidon_fill.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::gadgets {

using ff::Fr;
using poseidon::OptimizedConstants;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Term;
using r1cs::Variable;

namespace {

// neptune's Elt: an allocated number, or a value with a linear combination whose terms are
// merged per variable (bellpepper's LinearCombination keeps one term per variable).
struct Elt {
  bool allocated = false;
  Variable variable{};
  Fr value;
  std::vector<Term> terms;

  static Elt of(const AllocatedNum& n) { return {true, n.variable, n.value, {}}; }
  static Elt constant(const Fr& v) { return {false, {}, v, {{Variable::one(), v}}}; }

  Elt scaled(const Fr& s) const {
    Elt out{false, {}, value * s, {}};
    if (allocated) {
      out.terms.push_back({variable, s});
    } else {
      for (const Term& t : terms) out.terms.push_back({t.variable, t.coefficient * s});
    }
    return out;
  }
  void add(const Elt& o) {
    assert(!allocated && !o.allocated);
    value += o.value;
    for (const Term& t : o.terms) {
      bool merged = false;
      for (Term& mine : terms) {
        if (mine.variable == t.variable) {
          mine.coefficient += t.coefficient;
          merged = true;
          break;
        }
      }
      if (!merged) terms.push_back(t);
    }
  }
  LinearCombination lc() const {
    LinearCombination out;
    if (allocated) return LinearCombination(variable);
    for (const Term& t : terms) out.add(t.variable, t.coefficient);
    return out;
  }
  AllocatedNum ensure_allocated(ConstraintSystem& cs) const {
    if (allocated) return {variable, value};
    const AllocatedNum v = AllocatedNum::alloc(cs, value);
    cs.enforce(lc(), Variable::one(), v.variable);
    return v;
  }
};

Elt scalar_product(std::span<const Elt> elts, std::span<const Fr> scalars) {
  Elt acc{false, {}, Fr::zero(), {}};
  for (size_t i = 0; i < elts.size(); ++i) acc.add(elts[i].scaled(scalars[i]));
  return acc;
}

// res = (b + pre)·a + post, enforced as (b + pre)·a = res − post.
AllocatedNum mul_sum(ConstraintSystem& cs, const AllocatedNum& a, const AllocatedNum& b, const Fr* pre,
                     const Fr* post) {
  Fr v = b.value;
  if (pre) v += *pre;
  v *= a.value;
  if (post) v += *post;
  const AllocatedNum res = AllocatedNum::alloc(cs, v);
  LinearCombination lhs(b.variable);
  if (pre) lhs.add(Variable::one(), *pre);
  LinearCombination out(res.variable);
  if (post) out.add(Variable::one(), -*post);
  cs.enforce(lhs, a.variable, out);
  return res;
}

Fr quintic(const Fr& x) { return x.square().square() * x; }

class ReferenceCircuit {
 public:
  ReferenceCircuit(const OptimizedConstants& c, std::span<const AllocatedNum> preimage) : c_(c) {
    elements_.push_back(Elt::constant(c.domain_tag));
    for (const AllocatedNum& n : preimage) elements_.push_back(Elt::of(n));
  }

  AllocatedNum hash(ConstraintSystem& cs) {
    full_round(cs, true, false);
    for (size_t i = 1; i < c_.half_full_rounds; ++i) full_round(cs, false, false);
    for (size_t i = 0; i < c_.partial_rounds; ++i) partial_round(cs);
    for (size_t i = 1; i < c_.half_full_rounds; ++i) full_round(cs, false, false);
    full_round(cs, false, true);
    return elements_[1].ensure_allocated(cs);
  }

 private:
  const Fr& next_key() { return c_.compressed_round_constants[offset_++]; }

  void full_round(ConstraintSystem& cs, bool first, bool last) {
    const size_t t = c_.width;
    std::vector<Fr> pre, post;
    if (first) {
      for (size_t i = 0; i < t; ++i) pre.push_back(next_key());
    }
    if (first || !last) {
      for (size_t i = 0; i < t; ++i) post.push_back(next_key());
    }
    for (size_t i = 0; i < t; ++i) {
      if (first && i == 0) {
        elements_[0] = Elt::constant(quintic(elements_[0].value + pre[0]) + post[0]);  // the tag: a constant
      } else if (first) {
        const AllocatedNum l = elements_[i].ensure_allocated(cs);
        const Fr sum = l.value + pre[i];
        const AllocatedNum l2 = AllocatedNum::alloc(cs, sum.square());
        const LinearCombination shifted = LinearCombination(l.variable).add(Variable::one(), pre[i]);
        cs.enforce(shifted, shifted, l2.variable);
        const AllocatedNum l4 = l2.square(cs);
        elements_[i] = Elt::of(mul_sum(cs, l4, l, &pre[i], &post[i]));
      } else {
        elements_[i] = s_box(cs, elements_[i], post.empty() ? nullptr : &post[i]);
      }
    }
    product_mds();
  }

  void partial_round(ConstraintSystem& cs) {
    const Fr key = next_key();
    elements_[0] = s_box(cs, elements_[0], &key);
    product_mds();
  }

  static Elt s_box(ConstraintSystem& cs, const Elt& e, const Fr* post) {
    const AllocatedNum l = e.ensure_allocated(cs);
    const AllocatedNum l2 = l.square(cs);
    const AllocatedNum l4 = l2.square(cs);
    return Elt::of(mul_sum(cs, l4, l, nullptr, post));
  }

  void product_mds() {
    const size_t t = c_.width;
    const size_t half = c_.half_full_rounds;
    std::vector<Elt> result;
    if (round_ >= half && round_ < half + c_.partial_rounds) {
      const poseidon::SparseMatrix& s = c_.sparse[round_ - half];
      result.push_back(scalar_product(elements_, s.w_hat));
      for (size_t j = 1; j < t; ++j) {
        Elt e = elements_[j].allocated ? elements_[j].scaled(Fr::one()) : elements_[j];
        e.add(elements_[0].scaled(s.v_rest[j - 1]));
        result.push_back(std::move(e));
      }
    } else {
      const poseidon::Matrix& m = round_ == half - 1 ? c_.pre_sparse : c_.mds;
      for (size_t j = 0; j < t; ++j) {
        std::vector<Fr> column(t);
        for (size_t i = 0; i < t; ++i) column[i] = m[i][j];
        result.push_back(scalar_product(elements_, column));
      }
    }
    elements_ = std::move(result);
    ++round_;
  }

  const OptimizedConstants& c_;
  std::vector<Elt> elements_;
  size_t offset_ = 0;
  size_t round_ = 0;
};

// Records the reference circuit for one arity with the preimage as aux 0..arity−1: the
// constraints (aux k ≥ arity is the gadget's (k − arity)-th allocation, input 0 is ONE).
class Recording final : public ConstraintSystem {
 public:
  struct Constraint {
    LinearCombination a, b, c;
  };
  Variable alloc(const Fr&) override { return {num_aux_++, r1cs::VariableKind::kAux}; }
  Variable alloc_input(const Fr&) override {
    assert(false && "the Poseidon gadget allocates no inputs");
    return Variable::one();
  }
  void enforce(const LinearCombination& a, const LinearCombination& b, const LinearCombination& c) override {
    constraints.push_back({a, b, c});
  }
  std::vector<Constraint> constraints;

 private:
  uint64_t num_aux_ = 0;
};

// The recording of one arity in replayable form. Slots name variables: 0 is ONE, 1..arity the
// preimage, arity + 1 + k the gadget's k-th allocation; constraint k follows allocation k, its
// a, b, c terms at terms[offsets[3k] .. offsets[3k+1]), [.. offsets[3k+2]), [.. offsets[3k+3]).
struct Template {
  struct SlotTerm {
    uint32_t slot;
    Fr coefficient;
  };
  const OptimizedConstants* constants;
  std::vector<SlotTerm> terms;
  std::vector<uint32_t> offsets{0};
  std::vector<uint32_t> a_slots, b_slots;  // every slot occurring in some A / B combination
};

Template record(const OptimizedConstants& c) {
  const size_t arity = c.arity;
  Recording rec;
  std::vector<AllocatedNum> preimage;
  for (size_t i = 0; i < arity; ++i) preimage.push_back(AllocatedNum::alloc(rec, Fr::zero()));
  ReferenceCircuit(c, preimage).hash(rec);
  Template out;
  out.constants = &c;
  std::vector<bool> in_a(arity + 1 + rec.constraints.size()), in_b(in_a.size());
  for (const Recording::Constraint& rc : rec.constraints) {
    for (const LinearCombination* lc : {&rc.a, &rc.b, &rc.c}) {
      for (const Term& term : lc->terms()) {
        const uint32_t slot = term.variable.kind == r1cs::VariableKind::kInput
                                  ? 0
                                  : static_cast<uint32_t>(term.variable.index + 1);
        out.terms.push_back({slot, term.coefficient});
        if (lc == &rc.a) in_a[slot] = true;
        if (lc == &rc.b) in_b[slot] = true;
      }
      out.offsets.push_back(static_cast<uint32_t>(out.terms.size()));
    }
  }
  for (uint32_t slot = 0; slot < in_a.size(); ++slot) {
    if (in_a[slot]) out.a_slots.push_back(slot);
    if (in_b[slot]) out.b_slots.push_back(slot);
  }
  return out;
}

const Template& template_for(size_t arity) {
  switch (arity) {
    case 2: { static const Template t = record(OptimizedConstants::for_arity(2)); return t; }
    case 4: { static const Template t = record(OptimizedConstants::for_arity(4)); return t; }
    case 8: { static const Template t = record(OptimizedConstants::for_arity(8)); return t; }
    case 11: { static const Template t = record(OptimizedConstants::for_arity(11)); return t; }
    default: break;
  }
  OptimizedConstants::for_arity(arity);  // stops with a message: arity is a programming error
  std::abort();
}

// Recordings of other constants objects, by address (few: SnapDeals' one custom tag).
const Template& template_for(const OptimizedConstants& constants) {
  static std::mutex mutex;
  static std::map<const OptimizedConstants*, std::unique_ptr<const Template>> templates;
  const std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<const Template>& t = templates[&constants];
  if (!t) t = std::make_unique<const Template>(record(constants));
  return *t;
}

// The allocations of one hash with their defining constraints' evaluations <a,w>, <b,w>, <c,w>
// (constraint k follows allocation k); the values alone for a witness-only system.
struct Steps {
  bool values_only = false;
  std::vector<Fr> value, a, b, c;
  void clear() {
    value.clear();
    a.clear();
    b.clear();
    c.clear();
  }
  void push(const Fr& v, const Fr& av, const Fr& bv, const Fr& cv) {
    value.push_back(v);
    if (values_only) return;
    a.push_back(av);
    b.push_back(bv);
    c.push_back(cv);
  }
};

// The steps in allocation order (poseidon/circuit_steps.hpp).
void witness_steps(const Template& tmpl, std::span<const AllocatedNum> preimage, Steps& out) {
  Fr values[12];
  for (size_t i = 0; i < preimage.size(); ++i) values[i] = preimage[i].value;
  poseidon::circuit_steps(*tmpl.constants, std::span<const Fr>(values, preimage.size()),
                          [&](const Fr& v, const Fr& a, const Fr& b, const Fr& c) { out.push(v, a, b, c); });
}

}  // namespace

AllocatedNum poseidon_hash_reference(ConstraintSystem& cs, std::span<const AllocatedNum> preimage) {
  return ReferenceCircuit(OptimizedConstants::for_arity(preimage.size()), preimage).hash(cs);
}

namespace {

AllocatedNum replay(ConstraintSystem& cs, const Template& tmpl, std::span<const AllocatedNum> preimage,
                    const Fr* known = nullptr) {
  thread_local Steps steps;
  thread_local std::vector<Variable> slots, in_a, in_b;
  thread_local LinearCombination lcs[3];
  steps.clear();
  r1cs::WitnessConstraintSystem* witness = cs.witness_only();
  if (auto* recorder = dynamic_cast<cuzk::witness::FillRecordingSystem*>(witness)) {
    // The hash alone: its internal values are left to the prover (gadgets/poseidon_fill.hpp).
    Fr values[12];
    Variable variables[12];
    for (size_t i = 0; i < preimage.size(); ++i) {
      values[i] = preimage[i].value;
      variables[i] = preimage[i].variable;
    }
    const Fr hash =
        known ? *known : poseidon::poseidon_hash_optimized(std::span<const Fr>(values, preimage.size()), *tmpl.constants);
    const uint64_t first = recorder->alloc_unfilled(poseidon::circuit_allocations(*tmpl.constants) - 1);
    recorder->fill<PoseidonFill>().add(*tmpl.constants, first, std::span<const Variable>(variables, preimage.size()));
    return {recorder->alloc(hash), hash};
  }
  steps.values_only = witness != nullptr;
  witness_steps(tmpl, preimage, steps);
  const size_t n = steps.value.size();
  assert(3 * n + 1 == tmpl.offsets.size());
  if (witness) {
    // The values alone: the constraints are not kept.
    const Variable first = witness->alloc_many(steps.value);
    return {{first.index + n - 1, r1cs::VariableKind::kAux}, steps.value.back()};
  }
  slots.assign(1, Variable::one());
  for (const AllocatedNum& num : preimage) slots.push_back(num.variable);
  if (auto* prover = dynamic_cast<r1cs::EvaluatedBlockSink*>(&cs)) {
    // A prover's assignment needs only values and densities: no linear combination is built.
    const Variable first = prover->alloc_many(steps.value);
    for (size_t k = 0; k < n; ++k) slots.push_back({first.index + k, r1cs::VariableKind::kAux});
    in_a.clear();
    in_b.clear();
    for (const uint32_t slot : tmpl.a_slots) in_a.push_back(slots[slot]);
    for (const uint32_t slot : tmpl.b_slots) in_b.push_back(slots[slot]);
    prover->enforce_evaluated_block(in_a, in_b, steps.a, steps.b, steps.c);
    return {slots.back(), steps.value.back()};
  }
  const uint32_t* offset = tmpl.offsets.data();
  for (size_t k = 0; k < n; ++k) {
    slots.push_back(cs.alloc(steps.value[k]));
    for (LinearCombination& lc : lcs) {
      lc.clear();
      for (uint32_t i = offset[0]; i < offset[1]; ++i) lc.add(slots[tmpl.terms[i].slot], tmpl.terms[i].coefficient);
      ++offset;
    }
    cs.enforce_evaluated(lcs[0], lcs[1], lcs[2], steps.a[k], steps.b[k], steps.c[k]);
  }
  return {slots.back(), steps.value.back()};
}

}  // namespace

AllocatedNum poseidon_hash(ConstraintSystem& cs, std::span<const AllocatedNum> preimage) {
  return replay(cs, template_for(preimage.size()), preimage);
}

AllocatedNum poseidon_hash_known(ConstraintSystem& cs, std::span<const AllocatedNum> preimage, const Fr& known) {
  return replay(cs, template_for(preimage.size()), preimage, &known);
}

AllocatedNum poseidon_hash(ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
                           const OptimizedConstants& constants) {
  assert(preimage.size() == constants.arity);
  return replay(cs, template_for(constants), preimage);
}

}  // namespace cuzk::gadgets
