// Poseidon parameters (Grain LFSR round constants, Cauchy MDS) and the plain permutation.
#include "poseidon/permutation.hpp"

#include <array>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <optional>

namespace cuzk::poseidon {
namespace {

constexpr size_t kFullRounds = 8;
constexpr size_t kFieldBits = 255;

// The Grain LFSR of the Poseidon paper (Appendix F): an 80-bit register,
// b_{i+80} = b_{i+62} ⊕ b_{i+51} ⊕ b_{i+38} ⊕ b_{i+23} ⊕ b_{i+13} ⊕ b_i.
class GrainLfsr {
 public:
  GrainLfsr(uint64_t field, uint64_t sbox, uint64_t n, uint64_t t, uint64_t r_f, uint64_t r_p) {
    size_t pos = 0;
    // Initial state, most significant bit of each field first: field (2 bits), sbox (4), n (12), t (12),
    // R_F (10), R_P (10), then 30 ones.
    auto push = [&](uint64_t value, size_t bits) {
      for (size_t i = 0; i < bits; ++i) state_[pos++] = static_cast<uint8_t>((value >> (bits - 1 - i)) & 1U);
    };
    push(field, 2);
    push(sbox, 4);
    push(n, 12);
    push(t, 12);
    push(r_f, 10);
    push(r_p, 10);
    push((uint64_t{1} << 30) - 1, 30);
    assert(pos == 80);
    for (size_t i = 0; i < 160; ++i) next_raw();  // discard the first 160 bits
  }

  // Self-shrinking: take bits in pairs; if the first is 1 output the second, else drop both.
  bool next_bit() {
    for (;;) {
      const bool first = next_raw();
      const bool second = next_raw();
      if (first) return second;
    }
  }

 private:
  bool next_raw() {
    const uint8_t bit = static_cast<uint8_t>(at(62) ^ at(51) ^ at(38) ^ at(23) ^ at(13) ^ at(0));
    state_[head_] = bit;  // overwrites b_i (the oldest) with b_{i+80}
    head_ = head_ + 1 == 80 ? 0 : head_ + 1;
    return bit != 0;
  }
  uint8_t at(size_t offset) const {
    const size_t index = head_ + offset;
    return state_[index >= 80 ? index - 80 : index];
  }

  std::array<uint8_t, 80> state_{};
  size_t head_ = 0;  // index of the oldest bit b_i
};

}  // namespace

size_t poseidon_partial_rounds(size_t width) {
  switch (width) {
    case 3: return 55;
    case 5: return 56;
    case 9: return 57;
    case 12: return 57;
    default: assert(false && "unsupported Poseidon width"); return 0;
  }
}

std::vector<ff::Fr> poseidon_grain_constants(size_t width, size_t full_rounds, size_t partial_rounds,
                                             size_t count) {
  GrainLfsr lfsr(1, 1, kFieldBits, width, full_rounds, partial_rounds);
  std::vector<ff::Fr> out;
  out.reserve(count);
  while (out.size() < count) {
    // A 255-bit big-endian candidate; rejected (and a fresh one drawn) if ≥ r.
    ff::Fr::Repr limbs{};
    for (size_t i = 0; i < kFieldBits; ++i) {
      const size_t bit_index = kFieldBits - 1 - i;
      if (lfsr.next_bit()) limbs[bit_index / 64] |= uint64_t{1} << (bit_index % 64);
    }
    if (const std::optional<ff::Fr> value = ff::Fr::from_canonical(limbs)) out.push_back(*value);
  }
  return out;
}

PoseidonParams::PoseidonParams(size_t arity)
    : arity_(arity),
      width_(arity + 1),
      full_rounds_(kFullRounds),
      partial_rounds_(poseidon_partial_rounds(arity + 1)),
      domain_tag_(ff::Fr::from_u64((uint64_t{1} << arity) - 1)) {
  round_constants_ = poseidon_grain_constants(width_, full_rounds_, partial_rounds_,
                                              width_ * (full_rounds_ + partial_rounds_));
  // Cauchy matrix: M[i][j] = 1/(x_i + y_j), x_i = i, y_j = t + j.
  mds_.resize(width_ * width_);
  for (size_t i = 0; i < width_; ++i) {
    for (size_t j = 0; j < width_; ++j) {
      mds_[i * width_ + j] = ff::Fr::from_u64(static_cast<uint64_t>(i + width_ + j)).inverse();
    }
  }
}

const PoseidonParams& PoseidonParams::for_arity(size_t arity) {
  // Function-local statics: initialised once, thread-safely (C++11 magic statics), on first use.
  switch (arity) {
    case 2: { static const PoseidonParams params(2); return params; }
    case 4: { static const PoseidonParams params(4); return params; }
    case 8: { static const PoseidonParams params(8); return params; }
    case 11: { static const PoseidonParams params(11); return params; }
    default: break;
  }
  // A programming error, never input: stop rather than hash with the wrong parameters.
  std::fprintf(stderr, "cuzk: Poseidon arity %zu is not supported (2, 4, 8 or 11)\n", arity);
  std::abort();
}

void poseidon_permute(std::span<ff::Fr> state, const PoseidonParams& params) {
  const size_t t = params.width();
  assert(state.size() == t);
  const size_t half_full = params.full_rounds() / 2;
  const size_t total = params.full_rounds() + params.partial_rounds();
  const std::span<const ff::Fr> constants = params.round_constants();
  std::array<ff::Fr, 16> next{};
  assert(t <= next.size());
  auto sbox = [](ff::Fr& x) {  // x^5 = (x²)²·x
    const ff::Fr x2 = x.square();
    x = x2.square() * x;
  };
  for (size_t round = 0; round < total; ++round) {
    const bool full = round < half_full || round >= half_full + params.partial_rounds();
    for (size_t i = 0; i < t; ++i) state[i] += constants[round * t + i];  // ARK
    if (full) {
      for (size_t i = 0; i < t; ++i) sbox(state[i]);
    } else {
      sbox(state[0]);
    }
    // state ← M·state: next_i = Σ_j M[i][j]·state_j (M is symmetric, so M vs Mᵀ does not matter).
    for (size_t i = 0; i < t; ++i) {
      ff::Fr acc = ff::Fr::zero();
      for (size_t j = 0; j < t; ++j) acc += params.mds_at(i, j) * state[j];
      next[i] = acc;
    }
    for (size_t i = 0; i < t; ++i) state[i] = next[i];
  }
}

ff::Fr poseidon_hash(std::span<const ff::Fr> preimage) {
  const size_t arity = preimage.size();
  const PoseidonParams& params = PoseidonParams::for_arity(arity);  // aborts on other arities
  std::array<ff::Fr, 12> state{};
  state[0] = params.domain_tag();
  for (size_t i = 0; i < arity; ++i) state[1 + i] = preimage[i];
  poseidon_permute(std::span<ff::Fr>(state.data(), params.width()), params);
  return state[1];
}

}  // namespace cuzk::poseidon
