// NTT building blocks over Fr on device data (raw pointers, values in Montgomery form), the
// interface between ntt_gpu.cpp and ntt_kernels.cu. C++ only: streams travel as void*.
//
// Design note
// -----------
// Radix-2 transforms whose stages run in shared memory, ≤ kMaxPassLog stages per global pass
// (a 2^27 transform: 3 passes): a pass covering block lengths 2^(high−s+1)..2^high loads
// groups of 2^s elements at stride 2^(high−s) (several adjacent groups per thread block, so
// global accesses are contiguous runs), runs its s stages in shared memory, stores them back.
//   DIF (Gentleman–Sande): natural order in, bit-reversed out, stages from the longest;
//   DIT (Cooley–Tukey):    bit-reversed in, natural out, stages from the shortest.
// Twiddles ω_n^e (e < n/2) come from one table of n/2 elements (ω_n^(−e) = −ω_n^(n/2−e), so
// the inverse transform reads the same table): a load instead of a product. Made on the
// device from two small tables x^e = lo[e mod 2^10]·hi[e / 2^10], the form the coset powers
// g^j keep (they are applied once per element, not per butterfly). Chaining DIF and DIT
// needs no bit reversal in between: the H computation (ntt_gpu.cpp) reverses once, at the
// end.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// Powers of x as two tables: x^e = lo[e mod 2^kPowerLoLog]·hi[e >> kPowerLoLog].
inline constexpr uint32_t kPowerLoLog = 10;

// Device addresses of an Fr power table pair (32-byte elements, Montgomery form).
struct DevicePowers {
  const void* lo = nullptr;
  const void* hi = nullptr;
};

// One Fr element as its Montgomery words (the host ff::Fr limbs, little-endian).
struct FrWords {
  uint32_t words[8];
};

// d_out[e] = x^e for e < count, x given by its two tables.
Status ntt_expand_powers(const DevicePowers& powers, size_t count, void* d_out, void* stream);

// In place on n = 2^log_n values (1 ≤ log_n ≤ 28), on `stream`, asynchronously; d_roots:
// ω_n^e for e < n/2 (ntt_expand_powers); inverse: the transform with ω_n^(−1) instead of ω_n.
// DIF: natural → bit-reversed.
Status ntt_dif(void* d_values, uint32_t log_n, const void* d_roots, bool inverse, void* stream);
// DIT: bit-reversed → natural.
Status ntt_dit(void* d_values, uint32_t log_n, const void* d_roots, bool inverse, void* stream);
// values[i] ↔ values[rev(i)].
Status ntt_bit_reverse(void* d_values, uint32_t log_n, void* stream);
// values[i] *= factor·x^j with j = i (or rev(i) when bit_reversed), x given by its powers;
// powers.lo == nullptr: values[i] *= factor.
Status ntt_scale(void* d_values, uint32_t log_n, const DevicePowers& powers, const FrWords& factor,
                 bool bit_reversed, void* stream);
// a[i] = (a[i]·b[i] − c[i])·z_inv for i < n.
Status ntt_quotient(void* d_a, const void* d_b, const void* d_c, size_t n, const FrWords& z_inv, void* stream);

}  // namespace cuzk::backend::cuda
