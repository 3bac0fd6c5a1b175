// ProvingAssignment: evaluation of linear combinations against the assignment.
#include "r1cs/proving_assignment.hpp"

#include <cassert>
#include <cstddef>
#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace cuzk::r1cs {

ProvingAssignment::ProvingAssignment() { alloc_input(ff::Fr::one()); }

Variable ProvingAssignment::alloc(const ff::Fr& value) {
  aux_assignment.push_back(value);
  a_aux_density.push(false);
  b_aux_density.push(false);
  return {aux_assignment.size() - 1, VariableKind::kAux};
}

Variable ProvingAssignment::alloc_many(std::span<const ff::Fr> values) {
  const Variable first{aux_assignment.size(), VariableKind::kAux};
  aux_assignment.insert(aux_assignment.end(), values.begin(), values.end());
  a_aux_density.push_zeros(values.size());
  b_aux_density.push_zeros(values.size());
  return first;
}

Variable ProvingAssignment::alloc_input(const ff::Fr& value) {
  input_assignment.push_back(value);
  b_input_density.push(false);
  return {input_assignment.size() - 1, VariableKind::kInput};
}

ff::Fr ProvingAssignment::evaluate(const LinearCombination& lc, DensityBitmap* input_density,
                                   DensityBitmap* aux_density) const {
  ff::Fr acc;
  for (const Term& t : lc.terms()) {
    const ff::Fr* value;
    if (t.variable.kind == VariableKind::kInput) {
      if (input_density) input_density->set(t.variable.index);
      value = &input_assignment[t.variable.index];
    } else {
      if (aux_density) aux_density->set(t.variable.index);
      value = &aux_assignment[t.variable.index];
    }
    // Most coefficients are 1 and most values bits: skip the multiplications that change nothing.
    if (t.coefficient.is_one()) {
      acc += *value;
    } else if (!value->is_zero()) {
      acc += value->is_one() ? t.coefficient : *value * t.coefficient;
    }
  }
  return acc;
}

void ProvingAssignment::enforce(const LinearCombination& la, const LinearCombination& lb, const LinearCombination& lc) {
  a.push_back(evaluate(la, nullptr, &a_aux_density));
  b.push_back(evaluate(lb, &b_input_density, &b_aux_density));
  c.push_back(evaluate(lc, nullptr, nullptr));
}

namespace {

// Asks for transparent huge pages on a large buffer (Linux, THP in "madvise" mode): a 2 MiB
// page per fault instead of 4 KiB, which removes most of the page-fault time of filling
// multi-GiB assignment vectors. Advisory; failures are ignored.
void advise_huge_pages([[maybe_unused]] std::vector<ff::Fr>& v) {
#ifdef __linux__
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(v.data()) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(v.data() + v.capacity())) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

}  // namespace

void ProvingAssignment::reserve(size_t constraints, size_t aux, size_t inputs) {
  for (std::vector<ff::Fr>* v : {&a, &b, &c}) {
    v->reserve(constraints);
    advise_huge_pages(*v);
  }
  aux_assignment.reserve(aux);
  advise_huge_pages(aux_assignment);
  a_aux_density.reserve(aux);
  b_aux_density.reserve(aux);
  input_assignment.reserve(inputs);
  b_input_density.reserve(inputs);
}

void ProvingAssignment::extend(ProvingAssignment&& other) {
  assert(!input_constraints_appended_ && !other.input_constraints_appended_);
  auto append = [](std::vector<ff::Fr>& to, const std::vector<ff::Fr>& from, size_t skip) {
    to.insert(to.end(), from.begin() + static_cast<std::ptrdiff_t>(skip), from.end());
  };
  append(a, other.a, 0);
  append(b, other.b, 0);
  append(c, other.c, 0);
  append(aux_assignment, other.aux_assignment, 0);
  a_aux_density.append(other.a_aux_density);
  b_aux_density.append(other.b_aux_density);
  append(input_assignment, other.input_assignment, 1);
  if (other.b_input_density.test(0)) b_input_density.set(0);
  for (size_t i = 1; i < other.b_input_density.size(); ++i) b_input_density.push(other.b_input_density.test(i));
  other = ProvingAssignment();
}

void ProvingAssignment::mark(const LinearCombination& lc, DensityBitmap* input_density, DensityBitmap* aux_density) {
  for (const Term& t : lc.terms()) {
    if (t.variable.kind == VariableKind::kInput) {
      if (input_density) input_density->set(t.variable.index);
    } else if (aux_density) {
      aux_density->set(t.variable.index);
    }
  }
}

void ProvingAssignment::enforce_evaluated(const LinearCombination& la, const LinearCombination& lb,
                                          [[maybe_unused]] const LinearCombination& lc, const ff::Fr& a_value,
                                          const ff::Fr& b_value, const ff::Fr& c_value) {
  assert(evaluate(la, nullptr, nullptr) == a_value && evaluate(lb, nullptr, nullptr) == b_value &&
         evaluate(lc, nullptr, nullptr) == c_value);
  mark(la, nullptr, &a_aux_density);
  mark(lb, &b_input_density, &b_aux_density);
  a.push_back(a_value);
  b.push_back(b_value);
  c.push_back(c_value);
}

void ProvingAssignment::enforce_evaluated_block(std::span<const Variable> in_a, std::span<const Variable> in_b,
                                                std::span<const ff::Fr> a_values, std::span<const ff::Fr> b_values,
                                                std::span<const ff::Fr> c_values) {
  for (const Variable v : in_a) {
    if (v.kind == VariableKind::kAux) a_aux_density.set(v.index);
  }
  for (const Variable v : in_b) {
    if (v.kind == VariableKind::kAux) {
      b_aux_density.set(v.index);
    } else {
      b_input_density.set(v.index);
    }
  }
  a.insert(a.end(), a_values.begin(), a_values.end());
  b.insert(b.end(), b_values.begin(), b_values.end());
  c.insert(c.end(), c_values.begin(), c_values.end());
}

void ProvingAssignment::append_input_constraints() {
  const size_t inputs = input_assignment.size();
  for (size_t i = 0; i < inputs; ++i) enforce(Variable{i, VariableKind::kInput}, {}, {});
  input_constraints_appended_ = true;
}

}  // namespace cuzk::r1cs
