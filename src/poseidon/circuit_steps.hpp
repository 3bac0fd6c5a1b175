// The values neptune's Poseidon circuit allocates for one hash, in allocation order, computed
// natively with the optimized constants — the one definition of that order, shared by the
// gadget (gadgets/poseidon.cpp: values and each constraint's evaluations) and by the witness fill
// of the hashes a witness-only synthesis left to the prover (gadgets/poseidon_fill.hpp: values
// only).
//
// Per S-box: [its input, when it was a combination: v·1 = v], l·l = l², l²·l² = l⁴,
// l·l⁴ = l⁵ (+ key); then the result. In the first round the preimage S-boxes add their key
// first ((x + k)·(x + k) = l²) and the domain tag's S-box is a constant (nothing allocated).
// The device counterpart is backend/cuda/witness/poseidon_fill_kernels.cu (tested GPU == CPU).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "ff/fr.hpp"
#include "poseidon/optimized.hpp"

namespace cuzk::poseidon {

// The number of values the circuit allocates per hash (the last one is the hash): 311 / 377 /
// 505 for arity 2 / 4 / 8.
inline size_t circuit_allocations(const OptimizedConstants& c) {
  const size_t t = c.width;
  return 3 * (t - 1) + 4 * t * (2 * c.half_full_rounds - 1) + 4 * c.partial_rounds + 1;
}

// Calls sink(value, a, b, c) for each allocation in order, where value is the allocated value
// and a, b, c the evaluations of the constraint that defines it; returns the hash.
// preimage.size() must be c.arity.
template <class Sink>
ff::Fr circuit_steps(const OptimizedConstants& c, std::span<const ff::Fr> preimage, Sink&& sink) {
  using ff::Fr;
  const size_t t = c.width;
  const std::vector<Fr>& k = c.compressed_round_constants;
  const Fr one = Fr::one();
  Fr state[12];
  state[0] = c.domain_tag;
  for (size_t i = 0; i < preimage.size(); ++i) state[1 + i] = preimage[i];
  size_t round = 0;
  auto mix = [&]() { optimized_mix(c, round++, state); };
  // l = x (+ pre): l², l⁴, then l⁴·l (+ post).
  auto power_steps = [&](const Fr& l, const Fr* post) {
    const Fr l2 = l.square(), l4 = l2.square(), l5 = l4 * l;
    const Fr out = post ? l5 + *post : l5;
    sink(l2, l, l, l2);
    sink(l4, l2, l2, l4);
    sink(out, l, l4, l5);
    return out;
  };
  auto s_box = [&](Fr& x, const Fr* post) {
    sink(x, x, one, x);  // the combination allocated
    x = power_steps(x, post);
  };
  const Fr tag = state[0] + k[0];
  state[0] = tag.square().square() * tag + k[t];
  for (size_t i = 1; i < t; ++i) state[i] = power_steps(state[i] + k[i], &k[t + i]);
  size_t offset = 2 * t;
  mix();
  for (size_t r = 1; r < c.half_full_rounds; ++r, offset += t) {
    for (size_t i = 0; i < t; ++i) s_box(state[i], &k[offset + i]);
    mix();
  }
  for (size_t r = 0; r < c.partial_rounds; ++r) {
    s_box(state[0], &k[offset++]);
    mix();
  }
  for (size_t r = 1; r < c.half_full_rounds; ++r, offset += t) {
    for (size_t i = 0; i < t; ++i) s_box(state[i], &k[offset + i]);
    mix();
  }
  for (size_t i = 0; i < t; ++i) s_box(state[i], nullptr);
  mix();
  sink(state[1], state[1], one, state[1]);
  return state[1];
}

}  // namespace cuzk::poseidon
