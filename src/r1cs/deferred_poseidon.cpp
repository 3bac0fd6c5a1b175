// DeferredPoseidon: recording deferred hashes, joining parts, and the CPU fill.
#include "r1cs/deferred_poseidon.hpp"

#include <cassert>

#include "poseidon/circuit_steps.hpp"

namespace cuzk::r1cs {

using ff::Fr;

DeferredPoseidonGroup& DeferredPoseidon::group_for(const poseidon::OptimizedConstants& constants) {
  for (DeferredPoseidonGroup& g : groups_) {
    if (g.constants == &constants) return g;
  }
  groups_.push_back({&constants, {}, {}});
  return groups_.back();
}

void DeferredPoseidon::add(const poseidon::OptimizedConstants& constants, uint64_t first_aux,
                           std::span<const Variable> preimage) {
  assert(preimage.size() == constants.arity);
  DeferredPoseidonGroup& g = group_for(constants);
  g.first_aux.push_back(first_aux);
  for (const Variable& v : preimage) g.preimage.push_back(encode(v));
}

DeferredPoseidon DeferredPoseidon::concatenate(std::span<const DeferredPoseidon* const> parts,
                                               std::span<const uint64_t> aux_offsets,
                                               std::span<const uint64_t> input_offsets) {
  assert(parts.size() == aux_offsets.size() && parts.size() == input_offsets.size());
  DeferredPoseidon out;
  for (size_t p = 0; p < parts.size(); ++p) {
    for (const DeferredPoseidonGroup& from : parts[p]->groups_) {
      DeferredPoseidonGroup& to = out.group_for(*from.constants);
      for (const uint64_t first : from.first_aux) to.first_aux.push_back(first + aux_offsets[p]);
      for (const uint64_t v : from.preimage) {
        if (v & kAuxTag) {
          to.preimage.push_back(v + aux_offsets[p]);
        } else {
          to.preimage.push_back(v == 0 ? 0 : v + input_offsets[p]);
        }
      }
    }
  }
  return out;
}

size_t DeferredPoseidon::num_hashes() const {
  size_t n = 0;
  for (const DeferredPoseidonGroup& g : groups_) n += g.num_hashes();
  return n;
}

size_t DeferredPoseidon::internal_values() const {
  size_t n = 0;
  for (const DeferredPoseidonGroup& g : groups_) n += g.num_hashes() * (poseidon::circuit_allocations(*g.constants) - 1);
  return n;
}

size_t DeferredPoseidon::bytes() const {
  size_t n = 0;
  for (const DeferredPoseidonGroup& g : groups_) n += (g.first_aux.size() + g.preimage.size()) * sizeof(uint64_t);
  return n;
}

void DeferredPoseidon::fill(std::span<const Fr> inputs, std::span<Fr> aux, ThreadPool* pool) const {
  for (const DeferredPoseidonGroup& g : groups_) {
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

}  // namespace cuzk::r1cs
