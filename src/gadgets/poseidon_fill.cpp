// PoseidonFill: recording hashes, appending parts, and the host fill.
#include "gadgets/poseidon_fill.hpp"

#include <cassert>
#include <typeinfo>

#include "poseidon/circuit_steps.hpp"

namespace cuzk::gadgets {

using ff::Fr;

PoseidonFillGroup& PoseidonFill::group_for(const poseidon::OptimizedConstants& constants) {
  for (PoseidonFillGroup& g : groups_) {
    if (g.constants == &constants) return g;
  }
  groups_.push_back({&constants, {}, {}});
  return groups_.back();
}

void PoseidonFill::add(const poseidon::OptimizedConstants& constants, uint64_t first_aux,
                       std::span<const r1cs::Variable> preimage) {
  assert(preimage.size() == constants.arity);
  PoseidonFillGroup& g = group_for(constants);
  g.first_aux.push_back(first_aux);
  for (const r1cs::Variable& v : preimage) g.preimage.push_back(encode(v));
}

void PoseidonFill::append(const witness::WitnessFill& part, uint64_t aux_offset, uint64_t input_offset) {
  assert(typeid(part) == typeid(PoseidonFill));
  for (const PoseidonFillGroup& from : static_cast<const PoseidonFill&>(part).groups_) {
    PoseidonFillGroup& to = group_for(*from.constants);
    for (const uint64_t first : from.first_aux) to.first_aux.push_back(first + aux_offset);
    for (const uint64_t v : from.preimage) {
      if (v & kAuxTag) {
        to.preimage.push_back(v + aux_offset);
      } else {
        to.preimage.push_back(v == 0 ? 0 : v + input_offset);
      }
    }
  }
}

size_t PoseidonFill::num_hashes() const {
  size_t n = 0;
  for (const PoseidonFillGroup& g : groups_) n += g.num_hashes();
  return n;
}

size_t PoseidonFill::values() const {
  size_t n = 0;
  for (const PoseidonFillGroup& g : groups_) n += g.num_hashes() * (poseidon::circuit_allocations(*g.constants) - 1);
  return n;
}

size_t PoseidonFill::bytes() const {
  size_t n = 0;
  for (const PoseidonFillGroup& g : groups_) n += (g.first_aux.size() + g.preimage.size()) * sizeof(uint64_t);
  return n;
}

void PoseidonFill::fill(std::span<const Fr> inputs, std::span<Fr> aux, ThreadPool* pool) const {
  for (const PoseidonFillGroup& g : groups_) {
    const poseidon::OptimizedConstants& c = *g.constants;
    const size_t arity = c.arity, internal = poseidon::circuit_allocations(c) - 1;
    auto fill_range = [&](size_t begin, size_t end) {
      Fr preimage[12];
      for (size_t h = begin; h < end; ++h) {
        for (size_t i = 0; i < arity; ++i) {
          const uint64_t v = g.preimage[h * arity + i];
          preimage[i] = (v & kAuxTag) ? aux[v & ~kAuxTag] : inputs[v];
        }
        Fr* out = aux.data() + g.first_aux[h];
        size_t k = 0;
        poseidon::circuit_steps(c, std::span<const Fr>(preimage, arity), [&](const Fr& v, const Fr&, const Fr&, const Fr&) {
          if (k < internal) out[k] = v;
          ++k;
        });
      }
    };
    if (pool) {
      pool->parallel_for(g.num_hashes(), fill_range);
    } else {
      fill_range(0, g.num_hashes());
    }
  }
}

}  // namespace cuzk::gadgets
