// ProvingAssignment: evaluation of linear combinations against the assignment, windows.
#include "r1cs/proving_assignment.hpp"

#include <string>

#include "r1cs/assignment_window.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/lc_eval.hpp"

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
  return evaluate_lc(
      lc, input_assignment, aux_assignment,
      [&](uint64_t i) {
        if (input_density) input_density->set(i);
      },
      [&](uint64_t i) {
        if (aux_density) aux_density->set(i);
      });
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

void ProvingAssignment::prepare_windows(size_t constraints, size_t aux, size_t inputs, ThreadPool* pool) {
  assert(inputs >= 1);
  input_constraints_appended_ = false;  // a reused assignment's input rows are cut off below
  // Fresh memory is zero-filled (and faulted in) here: the four big vectors on separate threads.
  std::vector<ff::Fr>* vectors[] = {&a, &b, &c, &aux_assignment};
  const size_t sizes[] = {constraints, constraints, constraints, aux};
  auto size_one = [&](size_t k) {
    if (vectors[k]->capacity() < sizes[k]) {
      vectors[k]->reserve(sizes[k]);
      advise_huge_pages(*vectors[k]);
    }
    vectors[k]->resize(sizes[k]);
  };
  if (pool) {
    pool->parallel_for(4, [&](size_t begin, size_t end) {
      for (size_t k = begin; k < end; ++k) size_one(k);
    }, 4);
  } else {
    for (size_t k = 0; k < 4; ++k) size_one(k);
  }
  input_assignment.resize(inputs);
  input_assignment[0] = ff::Fr::one();
  a_aux_density = DensityBitmap();
  b_aux_density = DensityBitmap();
  b_input_density = DensityBitmap();
  b_input_density.push(false);  // ONE
}

Status ProvingAssignment::finish_windows(std::span<const AssignmentWindow* const> windows) {
  size_t constraint = 0, aux = 0, input = 1;
  for (size_t w = 0; w < windows.size(); ++w) {
    const AssignmentWindow& window = *windows[w];
    if (window.overflow_ || window.first_constraint_ != constraint || window.first_aux_ != aux ||
        window.first_input_ != input) {
      return Status::internal("synthesis window " + std::to_string(w) + " does not continue where window " +
                              std::to_string(w) + " − 1 ended, or wrote past the assignment");
    }
    constraint = window.next_constraint_;
    aux = window.next_aux_;
    input = window.next_input_;
    a_aux_density.append(window.a_aux_density_);
    b_aux_density.append(window.b_aux_density_);
    b_input_density.append(window.b_input_density_);
    if (window.one_in_b_) b_input_density.set(0);
  }
  if (constraint != a.size() || aux != aux_assignment.size() || input != input_assignment.size()) {
    return Status::internal("synthesis windows cover " + std::to_string(constraint) + " constraints, " +
                            std::to_string(aux) + " aux and " + std::to_string(input) + " inputs of " +
                            std::to_string(a.size()) + ", " + std::to_string(aux_assignment.size()) + " and " +
                            std::to_string(input_assignment.size()));
  }
  return Status::ok();
}

void ProvingAssignment::enforce_evaluated(const LinearCombination& la, const LinearCombination& lb,
                                          [[maybe_unused]] const LinearCombination& lc, const ff::Fr& a_value,
                                          const ff::Fr& b_value, const ff::Fr& c_value) {
  assert(evaluate(la, nullptr, nullptr) == a_value && evaluate(lb, nullptr, nullptr) == b_value &&
         evaluate(lc, nullptr, nullptr) == c_value);
  for (const Term& t : la.terms()) {
    if (t.variable.kind == VariableKind::kAux) a_aux_density.set(t.variable.index);
  }
  for (const Term& t : lb.terms()) {
    (t.variable.kind == VariableKind::kAux ? b_aux_density : b_input_density).set(t.variable.index);
  }
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
    (v.kind == VariableKind::kAux ? b_aux_density : b_input_density).set(v.index);
  }
  a.insert(a.end(), a_values.begin(), a_values.end());
  b.insert(b.end(), b_values.begin(), b_values.end());
  c.insert(c.end(), c_values.begin(), c_values.end());
}

void ProvingAssignment::clear() {
  for (std::vector<ff::Fr>* v : {&a, &b, &c, &aux_assignment, &input_assignment}) v->clear();
  a_aux_density = DensityBitmap();
  b_aux_density = DensityBitmap();
  b_input_density = DensityBitmap();
  input_constraints_appended_ = false;
  alloc_input(ff::Fr::one());
}

void ProvingAssignment::append_input_constraints() {
  const size_t inputs = input_assignment.size();
  for (size_t i = 0; i < inputs; ++i) enforce(Variable{i, VariableKind::kInput}, {}, {});
  input_constraints_appended_ = true;
}

}  // namespace cuzk::r1cs
