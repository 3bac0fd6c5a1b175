// NTT building blocks over Fr on device data (raw pointers, values in Montgomery form), the
// interface between ntt_gpu.cpp and ntt_kernels.cu. C++ only: streams travel as void*.
//
// Design note
// -----------
// A transform of n = 2^log_n values runs as ≤ 3 global passes of ≤ kMaxPassLog radix-2 stages
// (2^27: 9 + 9 + 9), each pass one kernel. A DIF pass on blocks of N = 2^high values splits
// every block as N = N1·N2 (N1 = 2^s, N2 = N/N1: the four-step factorisation): for each of
// the N2 columns t it runs the size-N1 DFT of the column (values at stride N2) with the
// N1-th root, leaves the result bit-reversed in the column, and multiplies position p by the
// twiddle ω_N^(t·rev_s(p)); the next pass does the same on each row of N2 contiguous values.
// The result is the DFT in bit-reversed order, so
//   DIF (Gentleman–Sande): natural order in, bit-reversed out, passes from the longest block;
//   DIT (Cooley–Tukey):    bit-reversed in, natural out: the DIF's transpose (twiddle first,
//                          then the column DFT from the shortest stage, passes in reverse).
// Inside a pass a thread block holds 2^10 values in shared memory (2^11 for a pass of 10
// stages: several adjacent columns, so global accesses are contiguous runs); the column DFT
// runs in rounds of ≤ 3 stages, each thread keeping 8 values in registers for a round
// (radix-8 in registers, a shared-memory exchange between rounds). Roots come from tables:
//   the column DFT's roots, stored stage by stage (ω_(2^(c+1))^m at 2^c + m; 2^L entries,
//   L = min(log_n, kMaxPassLog); L1-resident): a stage's roots are contiguous, so
//   neighbouring lanes' roots share cache lines;
//   the twiddles and coset powers x^e = lo[e mod 2^k]·hi[e >> k] (one product; a single hi
//   entry for every pass but the first, k being the first pass's stage count); up to
//   GpuDomain::kFullTwiddleMaxLog the twiddles are a full table of n powers instead (lo_log
//   0: a single entry for the first pass too).
// Trivial twiddles (the last stage of a DIF round at bit 0 and its DIT mirror) are skipped.
// Scalings are fused into the first or last pass: the coset powers g^i on load, 1/n and
// g^(±j)/n on store (the factor folded into the lo table), and the H quotient's steps
// (ntt_gpu.hpp): a·b on the load of its coset inverse, 1/Z in that transform's output table
// (g^(−j)/(n·Z)), and − C/Z on its store.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// Stages per global pass; a column DFT's roots come from a table of 2^L entries, L ≤ this.
inline constexpr uint32_t kMaxPassLog = 10;

// Powers of x as two tables on the device (32-byte elements, Montgomery form):
// x^e = lo[e mod 2^lo_log]·hi[e >> lo_log].
struct DevicePowers {
  const void* lo = nullptr;
  const void* hi = nullptr;
  uint32_t lo_log = 0;
};

// The lo_log of a domain's power tables: the first DIF pass's stage count (2^27: 9), so that
// every later pass's twiddles ω^(e·2^shift), shift ≥ lo_log, are single hi entries.
uint32_t ntt_power_lo_log(uint32_t log_n);

// One Fr element as its Montgomery words (the host ff::Fr limbs, little-endian).
struct FrWords {
  uint32_t words[8];
};

// The roots one transform direction reads (forward: powers of ω; inverse: of ω^(−1)).
struct NttRoots {
  // the column DFTs' roots, stage-major: at 2^c + m (c < L, m < 2^c) ω_(2^(c+1))^m, the
  // 2^(c+1)-th root being w^(n/2^(c+1)); L = min(log_n, kMaxPassLog)
  const void* column = nullptr;
  DevicePowers twiddles;         // w^e for e < n
};

// Work fused into a DIF transform (ntt_dif); everything off by default. The kernels read
// `multiplier` and `subtrahend` through the read-only cache: neither may overlap the values.
struct DifFusion {
  // Before the first stage, on value i (natural order), in this order:
  const void* multiplier = nullptr;  // non-null: v ← v·multiplier[i]
  DevicePowers input_powers;         // lo non-null: v ← v·x^i
  // After the last stage, on value i (which holds coefficient rev(i)), in this order:
  DevicePowers output_powers;        // lo non-null: v ← v·x^rev(i)
  bool scale_output = false;         // (without output_powers) v ← v·output_factor
  FrWords output_factor{};
  const void* subtrahend = nullptr;  // non-null: v ← v − subtrahend[i]
};

// In place on n = 2^log_n values (1 ≤ log_n ≤ 30), on `stream`, asynchronously.
// DIF: natural → bit-reversed, with the fused work above.
Status ntt_dif(void* d_values, uint32_t log_n, const NttRoots& roots, const DifFusion& fusion, void* stream);
// DIT: bit-reversed → natural.
Status ntt_dit(void* d_values, uint32_t log_n, const NttRoots& roots, void* stream);
// values[i] ↔ values[rev(i)].
Status ntt_bit_reverse(void* d_values, uint32_t log_n, void* stream);
// d_out[e] = x^e for e < count from x's lo/hi tables (a full table of powers); synchronous.
Status ntt_expand_powers(void* d_out, const DevicePowers& powers, size_t count);
// a[i] = (a[i]·b[i] − c[i])·factor for i < n.
Status ntt_quotient(void* d_a, const void* d_b, const void* d_c, size_t n, const FrWords& factor, void* stream);

}  // namespace cuzk::backend::cuda
