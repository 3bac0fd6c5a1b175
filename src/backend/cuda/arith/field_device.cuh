// Device-side Montgomery arithmetic for the BLS12-381 fields on 32-bit limbs:
// DeviceFr (8 words, r = 0x73eda753…00000001) and DeviceFq (12 words, p = 0x1a0111ea…aaab).
//
// Same representation as the host fields (src/ff): Montgomery form v·R mod m with
// R = 2^256 for Fr and R = 2^384 for Fq, fully reduced (< m), little-endian. A host element's
// 64-bit limbs are therefore, byte for byte, the device element's 32-bit words
// (word 2i = low half of limb i, word 2i+1 = high half, on a little-endian host), so arrays
// of ff::Fr / ff::Fq are copied to the device unchanged.
//
// Multiplication is CIOS (Koç, Acar, Kaliski 1996) on 32-bit words, the reduction interleaved
// row by row, with the running value split into two arrays so that the low and high halves of
// every word product fall on one aligned register pair of a single carry chain: ptxas then
// emits one IMAD.WIDE.U32 per 32×32 product (see mont_mul_rows below; docs/PERF.md has the
// instruction counts). Fq has a dedicated square (mont_square_rows: N(N+1)/2 word products
// instead of N²); Fr, whose modulus leaves it no room, squares by the product a·a.
//
// The carry flag lives between consecutive asm statements of one chain, as in sppark's
// mont_t and CGBN: each chain is a straight run of `asm volatile` statements (volatile keeps
// them in order) with no C++ arithmetic in between, and ptxas models the .cc dependency.
// The GPU-vs-CPU differential tests (tests/backend/cuda) check every operator at both widths.
//
// Header for .cu files inside backend/cuda only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "ff/constants.generated.hpp"

namespace cuzk::backend::cuda {

namespace detail {

// A multi-word constant as a pack of 32-bit words: word(i) with i known at compile time
// (every loop below is fully unrolled) folds to an immediate, so no constant memory is read.
template <uint32_t... kWords>
struct WordConstant {
  static constexpr size_t kSize = sizeof...(kWords);
  __host__ __device__ static constexpr uint32_t word(size_t i) {
    constexpr uint32_t kArray[] = {kWords...};
    return kArray[i];
  }
};

template <const auto& kLimbs64, class Indices>
struct SplitWords;
// word i of a little-endian 64-bit-limb integer: limb i/2, low half if i is even
template <const auto& kLimbs64, size_t... kI>
struct SplitWords<kLimbs64, std::index_sequence<kI...>> {
  using type = WordConstant<static_cast<uint32_t>(kLimbs64[kI / 2] >> (32 * (kI % 2)))...>;
};

// A constant of 64-bit limbs (src/ff/constants.generated.hpp), split into 32-bit words at
// compile time.
template <const auto& kLimbs64>
using Words32 = typename SplitWords<
    kLimbs64, std::make_index_sequence<2 * std::tuple_size_v<std::remove_cvref_t<decltype(kLimbs64)>>>>::type;

// The word-product chains of the multiplication. Each adds products x_j·y whose low and high
// halves land on one aligned pair of words (2k, 2k+1) of a single array, low half then high
// half in one carry chain, so ptxas fuses each pair into one IMAD.WIDE.U32 (.X with the
// carry in). kOff = 0 takes the even-indexed words of x, kOff = 1 the odd-indexed ones.

// acc[2k], acc[2k+1] = lo, hi of x[2k + kOff]·y for k < N/2 (disjoint products: no carries)
template <size_t kOff, size_t N>
__device__ __forceinline__ void mul_pairs(uint32_t (&acc)[N], const uint32_t (&x)[N], uint32_t y) {
#pragma unroll
  for (size_t k = 0; k < N; k += 2) {
    const uint64_t product = uint64_t{x[k + kOff]} * y;
    acc[k] = static_cast<uint32_t>(product);
    acc[k + 1] = static_cast<uint32_t>(product >> 32);
  }
}

// acc += Σ_k x[2k + kOff]·y·2^(64k) in one chain that starts without a carry in; the carry
// out of acc[N−1] is left in the carry flag for the caller.
template <size_t kOff, size_t N>
__device__ __forceinline__ void mad_pairs(uint32_t (&acc)[N], const uint32_t (&x)[N], uint32_t y) {
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(acc[0]) : "r"(x[kOff]), "r"(y));
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(acc[1]) : "r"(x[kOff]), "r"(y));
#pragma unroll
  for (size_t k = 2; k < N; k += 2) {
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(acc[k]) : "r"(x[k + kOff]), "r"(y));
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(acc[k + 1]) : "r"(x[k + kOff]), "r"(y));
  }
}

// acc[2k..2k+1] = acc[2k+2..2k+3] + x[2k+1]·y·(word pair), plus the carry flag at acc[0],
// with zeros above acc[N−1]: adds the odd-indexed products while moving the array down by two
// words. The carry out of acc[N−1] is dropped (callers prove it zero).
template <size_t N>
__device__ __forceinline__ void madc_odd_pairs_down2(uint32_t (&acc)[N], const uint32_t (&x)[N], uint32_t y) {
#pragma unroll
  for (size_t k = 0; k + 2 < N; k += 2) {
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(acc[k]) : "r"(x[k + 1]), "r"(y), "r"(acc[k + 2]));
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(acc[k + 1]) : "r"(x[k + 1]), "r"(y), "r"(acc[k + 3]));
  }
  asm volatile("madc.lo.cc.u32 %0, %1, %2, 0;" : "=r"(acc[N - 2]) : "r"(x[N - 1]), "r"(y));
  asm volatile("madc.hi.u32 %0, %1, %2, 0;" : "=r"(acc[N - 1]) : "r"(x[N - 1]), "r"(y));
}

// The Montgomery product keeps its running value t split in two arrays, so that every chain
// above works on aligned pairs (the even/odd-word layout of Emmart, Zheng and Weems, ARITH
// 2018). Between rows t = (lo >> 32) + hi, where hi[k] has weight 2^(32k) and lo[k] weight
// 2^(32(k−1)) with lo[0] = 0 (the word the last reduction cleared). One row, t = (t + x·y +
// q·m)/2^32 with q = −t·m^(−1) mod 2^32:
//   hi[0] += lo[1] (carry into the next chain, at weight 2^32);
//   lo ← lo moved down two words + the odd-indexed products x_{2k+1}·y: lo[k] now has weight
//        2^(32(k+1));
//   hi += the even-indexed products x_{2k}·y, carry out into lo[N−1] (weight 2^(32N));
//   q = hi[0]·(−m^(−1)); lo += q·(odd words of m), hi += q·(even words of m), carry into
//   lo[N−1]; now hi[0] = 0, and dividing by 2^32 is a renaming: hi is the next row's lo and lo
//   its hi.
// With x, y < B every t stays below B + m and every partial sum below (B + m)·2^32; B + m <
// 2^(32N) (B = m, or B = 2m with 4m < 2^(32N)) keeps them all within N + 1 words, so the
// dropped carries are zero.

// The reduction half of a row: q = hi[0]·(−m^(−1)), t += q·m (hi[0] becomes 0).
template <class Params, size_t N>
__device__ __forceinline__ void reduce_row(uint32_t (&hi)[N], uint32_t (&lo)[N], const uint32_t (&m)[N]) {
  const uint32_t q = hi[0] * Params::chain_inv();
  mad_pairs<1>(lo, m, q);
  mad_pairs<0>(hi, m, q);
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(lo[N - 1]));
}

// A row that only reduces (the square's rows): merge t's lowest word
// hi[0] += lo[1], q = hi[0]·(−m^(−1)), t += q·m while lo moves down (hi[0] becomes 0).
template <class Params, size_t N>
__device__ __forceinline__ void merge_reduce_row(uint32_t (&lo)[N], uint32_t (&hi)[N], const uint32_t (&m)[N]) {
  asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(hi[0]) : "r"(lo[1]));
  const uint32_t q = hi[0] * Params::chain_inv();
  madc_odd_pairs_down2<N>(lo, m, q);
  mad_pairs<0>(hi, m, q);
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(lo[N - 1]));
}

// The product's terms: x·y, or Σ_k x_k·y_k for a sum of products under one reduction.
template <size_t N>
struct WordProduct {
  const uint32_t (&x)[N];
  const uint32_t (&y)[N];
};

// The products x_k·y_k[i] of row i's further terms: the odd-indexed ones onto lo (its carry
// out of lo[N−1] is zero by the bound below), the even-indexed ones onto hi, carry into lo[N−1].
template <size_t N, class... Terms>
__device__ __forceinline__ void add_row_terms(uint32_t (&lo)[N], uint32_t (&hi)[N], size_t i, const Terms&... terms) {
  (
      [&] {
        mad_pairs<1>(lo, terms.x, terms.y[i]);
        mad_pairs<0>(hi, terms.x, terms.y[i]);
        asm volatile("addc.u32 %0, %0, 0;" : "+r"(lo[N - 1]));
      }(),
      ...);
}

// One row after the first (see above): t = (t + Σ_k x_k·y_k[i] + q·m)/2^32. After it, the
// roles of the two arrays are swapped: the caller passes them the other way round next time.
template <class Params, size_t N, class... Terms>
__device__ __forceinline__ void mul_row(uint32_t (&lo)[N], uint32_t (&hi)[N], size_t i, const uint32_t (&m)[N],
                                        const WordProduct<N>& first, const Terms&... rest) {
  asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(hi[0]) : "r"(lo[1]));
  madc_odd_pairs_down2<N>(lo, first.x, first.y[i]);
  mad_pairs<0>(hi, first.x, first.y[i]);
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(lo[N - 1]));
  add_row_terms(lo, hi, i, rest...);
  reduce_row<Params>(hi, lo, m);
}

// The Montgomery product's rows: out = t = (Σ_k x_k·y_k + q·m)/2^(32N) as words, with
// t < Σ_k x_k·y_k/2^(32N) + m. One term is the product x·y; several are a sum of products
// under a single reduction (a·b − c·d as a·b + (−c)·d). Every row keeps t < S + m, S = Σ_k x_k,
// and its partial sums below (S + m)·2^32: callers need S + m < 2^(32N).
template <class Params, size_t N, class... Terms>
__device__ __forceinline__ void mont_mul_sum_rows(uint32_t (&out)[N], const WordProduct<N>& first,
                                                  const Terms&... rest) {
  uint32_t m[N];
#pragma unroll
  for (size_t j = 0; j < N; ++j) m[j] = Params::chain_word(j);
  uint32_t a[N], b[N];
  // row 0 from t = 0: b (as hi) = the even-indexed products (weight 2^(32k)), a (as lo) the
  // odd-indexed ones (weight 2^(32(k+1))), then the reduction, which clears b[0]: from here on
  // b plays lo and a hi, and every row swaps them again.
  mul_pairs<1>(a, first.x, first.y[0]);
  mul_pairs<0>(b, first.x, first.y[0]);
  add_row_terms(a, b, 0, rest...);
  reduce_row<Params>(b, a, m);
  static_assert(N % 2 == 0);
#pragma unroll
  for (size_t i = 1; i + 1 < N; i += 2) {
    mul_row<Params>(b, a, i, m, first, rest...);
    mul_row<Params>(a, b, i + 1, m, first, rest...);
  }
  mul_row<Params>(b, a, N - 1, m, first, rest...);
  // N − 1 (odd) rows after row 0 leave a as lo: t = (a >> 32) + b, out = b + a[1..N)
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(out[0]) : "r"(b[0]), "r"(a[1]));
#pragma unroll
  for (size_t j = 1; j + 1 < N; ++j) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(out[j]) : "r"(b[j]), "r"(a[j + 1]));
  asm volatile("addc.u32 %0, %1, 0;" : "=r"(out[N - 1]) : "r"(b[N - 1]));
}

// The Montgomery product x·y·2^(−32N): t < x·y/2^(32N) + m.
template <class Params, size_t N>
__device__ __forceinline__ void mont_mul_rows(uint32_t (&out)[N], const uint32_t (&x)[N], const uint32_t (&y)[N]) {
  mont_mul_sum_rows<Params>(out, WordProduct<N>{x, y});
}

// The dedicated square: CIOS rows over a² = Σ_i 2^(32i)·x_i·U_i with
// U_i = x_i·2^(32i) + 2·Σ_{j>i} x_j·2^(32j), so row i multiplies x_i by the words j ≥ i of U_i
// only: N(N+1)/2 word products instead of N². Row i ≥ 1 adds nothing at its lowest word, so
// its reduction comes first (the merge hi[0] += lo[1] carries straight into the reduction's
// chain, which moves lo down), then its products. U_i ≤ 2x keeps t < 2x + m (+ 2^(−31) of it)
// between rows: callers need 2x + m < 2^(32N).

// Word j ≥ i of U_i; d = 2x as words (x < 2^(32N−1)).
template <size_t kI, size_t N>
__device__ __forceinline__ uint32_t square_row_word(const uint32_t (&x)[N], const uint32_t (&d)[N], size_t j) {
  return j == kI ? x[kI] : j == kI + 1 ? x[j] << 1 : d[j];
}

// acc[j − kDown], acc[j − kDown + 1] += x_i·u_j for j = kFirst, kFirst + 2, … < N: one chain
// that starts without a carry in; the carry out is left in the carry flag.
template <size_t kI, size_t kFirst, size_t kDown, size_t N>
__device__ __forceinline__ void square_pairs(uint32_t (&acc)[N], const uint32_t (&x)[N], const uint32_t (&d)[N]) {
  const uint32_t xi = x[kI];
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(acc[kFirst - kDown]) : "r"(xi), "r"(square_row_word<kI>(x, d, kFirst)));
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(acc[kFirst - kDown + 1]) : "r"(xi), "r"(square_row_word<kI>(x, d, kFirst)));
#pragma unroll
  for (size_t j = kFirst + 2; j < N; j += 2) {
    const uint32_t u = square_row_word<kI>(x, d, j);
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(acc[j - kDown]) : "r"(xi), "r"(u));
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(acc[j - kDown + 1]) : "r"(xi), "r"(u));
  }
}

// Rows kI … N−1 of the square (kI ≥ 1; lo and hi as in the product), then out = t.
template <class Params, size_t kI, size_t N>
__device__ __forceinline__ void square_rows_from(uint32_t (&out)[N], uint32_t (&lo)[N], uint32_t (&hi)[N],
                                                 const uint32_t (&x)[N], const uint32_t (&d)[N],
                                                 const uint32_t (&m)[N]) {
  if constexpr (kI == N) {
    // t = (lo >> 32) + hi
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(out[0]) : "r"(hi[0]), "r"(lo[1]));
#pragma unroll
    for (size_t j = 1; j + 1 < N; ++j) {
      asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(out[j]) : "r"(hi[j]), "r"(lo[j + 1]));
    }
    asm volatile("addc.u32 %0, %1, 0;" : "=r"(out[N - 1]) : "r"(hi[N - 1]));
  } else {
    // the reduction: t += q·m with q from t's lowest word hi[0] + lo[1]; lo moves down
    merge_reduce_row<Params>(lo, hi, m);
    // the products x_i·u_j, j ≥ i: even j on hi's pairs (j, j+1), odd j on lo's (j−1, j)
    constexpr size_t kEven = kI % 2 == 0 ? kI : kI + 1;
    constexpr size_t kOdd = kI % 2 == 1 ? kI : kI + 1;
    if constexpr (kEven < N) {
      square_pairs<kI, kEven, 0>(hi, x, d);
      asm volatile("addc.u32 %0, %0, 0;" : "+r"(lo[N - 1]));
    }
    if constexpr (kOdd < N) square_pairs<kI, kOdd, 1>(lo, x, d);
    square_rows_from<Params, kI + 1>(out, hi, lo, x, d, m);
  }
}

// out = (x² + q·m)/2^(32N) as words, t < x²/2^(32N) + m. Needs 2x + m < 2^(32N).
template <class Params, size_t N>
__device__ __forceinline__ void mont_square_rows(uint32_t (&out)[N], const uint32_t (&x)[N]) {
  uint32_t m[N];
#pragma unroll
  for (size_t j = 0; j < N; ++j) m[j] = Params::chain_word(j);
  uint32_t d[N];  // 2x
  d[0] = x[0] << 1;
#pragma unroll
  for (size_t j = 1; j < N; ++j) d[j] = __funnelshift_l(x[j - 1], x[j], 1);
  // row 0 from t = 0: b (as hi) = x_0·u_j for even j, a (as lo) for odd j; then its reduction
  uint32_t a[N], b[N];
#pragma unroll
  for (size_t k = 0; k < N; k += 2) {
    const uint64_t even = uint64_t{x[0]} * square_row_word<0>(x, d, k);
    const uint64_t odd = uint64_t{x[0]} * square_row_word<0>(x, d, k + 1);
    b[k] = static_cast<uint32_t>(even);
    b[k + 1] = static_cast<uint32_t>(even >> 32);
    a[k] = static_cast<uint32_t>(odd);
    a[k + 1] = static_cast<uint32_t>(odd >> 32);
  }
  reduce_row<Params>(b, a, m);
  square_rows_from<Params, 1>(out, b, a, x, d, m);
}

// out = x − m if x ≥ m, else x (x < 2m, as words).
template <class Modulus, size_t N>
__device__ __forceinline__ void reduce_once(uint32_t (&out)[N], const uint32_t (&x)[N]) {
  uint32_t diff[N];
  uint32_t borrow_mask;  // 0xffffffff if x < m
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(diff[0]) : "r"(x[0]), "r"(Modulus::word(0)));
#pragma unroll
  for (size_t j = 1; j < N; ++j) {
    asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(diff[j]) : "r"(x[j]), "r"(Modulus::word(j)));
  }
  asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow_mask));
#pragma unroll
  for (size_t j = 0; j < N; ++j) out[j] = (x[j] & borrow_mask) | (diff[j] & ~borrow_mask);
}

// out = a + b mod M for a, b < M with 2M < 2^(32N) (M: m, or 2m for the redundant form)
template <class Bound, size_t N>
__device__ __forceinline__ void add_mod(uint32_t (&out)[N], const uint32_t (&a)[N], const uint32_t (&b)[N]) {
  uint32_t sum[N];  // a + b < 2M < 2^(32N): no carry out
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(sum[0]) : "r"(a[0]), "r"(b[0]));
#pragma unroll
  for (size_t j = 1; j + 1 < N; ++j) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(sum[j]) : "r"(a[j]), "r"(b[j]));
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(sum[N - 1]) : "r"(a[N - 1]), "r"(b[N - 1]));
  reduce_once<Bound>(out, sum);
}

// out = a − b mod M for a, b < M: d = a − b, plus M if that borrowed
template <class Bound, size_t N>
__device__ __forceinline__ void sub_mod(uint32_t (&out)[N], const uint32_t (&a)[N], const uint32_t (&b)[N]) {
  uint32_t diff[N];
  uint32_t borrow_mask;  // 0xffffffff if a < b
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(diff[0]) : "r"(a[0]), "r"(b[0]));
#pragma unroll
  for (size_t j = 1; j < N; ++j) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(diff[j]) : "r"(a[j]), "r"(b[j]));
  asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow_mask));
  uint32_t addend[N];  // M if a − b borrowed, else 0
#pragma unroll
  for (size_t j = 0; j < N; ++j) addend[j] = Bound::word(j) & borrow_mask;
  // out = d + addend mod 2^(32N)
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(out[0]) : "r"(diff[0]), "r"(addend[0]));
#pragma unroll
  for (size_t j = 1; j + 1 < N; ++j) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(out[j]) : "r"(diff[j]), "r"(addend[j]));
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(out[N - 1]) : "r"(diff[N - 1]), "r"(addend[N - 1]));
}

// 2·M as words (M < 2^(32N−1)), from a WordConstant M.
template <class M>
struct TwiceWords {
  static constexpr size_t kSize = M::kSize;
  __host__ __device__ static constexpr uint32_t word(size_t i) {
    return (M::word(i) << 1) | (i == 0 ? 0u : M::word(i - 1) >> 31);
  }
};

}  // namespace detail

// r's two low words are 1 and 2^32 − 1 and −r^(−1) mod 2^32 is 2^32 − 1: as immediates, ptxas
// rewrites the products by them into additions and negations, which splits the fused
// IMAD.WIDE chains of the whole product (Fr: 259 instead of ~200 SASS instructions). Read from
// constant memory they are opaque to it. (Internal linkage: one copy per translation unit.)
static __constant__ uint32_t kFrOpaqueWords[3] = {
    static_cast<uint32_t>(ff::constants::kFrModulus[0]), static_cast<uint32_t>(ff::constants::kFrModulus[0] >> 32),
    static_cast<uint32_t>(ff::constants::kFrInv)};

// Fr: −r^(−1) mod 2^32 is the low word of −r^(−1) mod 2^64 (kFrInv).
struct DeviceFrParams {
  static constexpr size_t kWords = 8;
  using Modulus = detail::Words32<ff::constants::kFrModulus>;
  using One = detail::Words32<ff::constants::kFrOne>;  // R mod r, R = 2^256
  static constexpr uint32_t kInv = static_cast<uint32_t>(ff::constants::kFrInv);  // −r^(−1) mod 2^32
  // the multipliers of the product's chains: word j of r, and kInv
  __device__ __forceinline__ static uint32_t chain_word(size_t j) { return j < 2 ? kFrOpaqueWords[j] : Modulus::word(j); }
  __device__ __forceinline__ static uint32_t chain_inv() { return kFrOpaqueWords[2]; }
};

// Fq: −p^(−1) mod 2^32 is the low word of −p^(−1) mod 2^64 (kFqInv).
struct DeviceFqParams {
  static constexpr size_t kWords = 12;
  using Modulus = detail::Words32<ff::constants::kFqModulus>;
  using One = detail::Words32<ff::constants::kFqOne>;  // R mod p, R = 2^384
  static constexpr uint32_t kInv = static_cast<uint32_t>(ff::constants::kFqInv);  // −p^(−1) mod 2^32
  // the multipliers of the product's chains (immediates: none of them is special to ptxas)
  __device__ __forceinline__ static uint32_t chain_word(size_t j) { return Modulus::word(j); }
  __device__ __forceinline__ static uint32_t chain_inv() { return kInv; }
};

// An element of Z/mZ in Montgomery form on 32-bit words. Plain data (trivially copyable),
// 16-byte aligned so that loads and stores are 128-bit. All operations take and return
// fully reduced values and never fail, except the *_redundant ones (values in [0, 2m), see
// there and DeviceRedundant below).
template <class Params_>
class alignas(16) DeviceField {
 public:
  using Params = Params_;
  static constexpr size_t kWords = Params::kWords;
  using Modulus = typename Params::Modulus;
  static_assert(Modulus::kSize == kWords && Params::One::kSize == kWords);
  // The no-overflow argument in the file header needs 2m < 2^(32N).
  static_assert(Modulus::word(kWords - 1) < 0x80000000u, "modulus needs a spare top bit");
  // The dedicated square needs 2a + m < 2^(32N) for a < m: 3m < 2^(32N) (true for Fq, not Fr).
  static constexpr bool kHasSquareRoom = Modulus::word(kWords - 1) < 0x55555555u;
  // The redundant form [0, 2m) (the *_redundant operations) needs 4m < 2^(32N) for the product
  // to land below 2m without a subtraction, and 5m < 2^(32N) for the square (2a + m with
  // a < 2m): true for Fq (p < 2^381), not for Fr.
  static constexpr bool kHasRedundantRoom = Modulus::word(kWords - 1) < 0x33333333u;
  // Sums of up to four products of redundant values under one reduction (dot2_redundant,
  // mul_sub_redundant, dot4_redundant) need S + m ≤ 9m < 2^(32N) (mont_mul_sum_rows), which also
  // gives 8m < 2^(32N).
  static constexpr bool kHasProductSumRoom = Modulus::word(kWords - 1) < 0x1c71c71bu;
  using TwiceModulus = detail::TwiceWords<Modulus>;
  // −m^(−1) mod 2^32 really is the negated inverse: m·inv ≡ −1 (mod 2^32).
  static_assert(static_cast<uint32_t>(Modulus::word(0) * Params::kInv) == 0xffffffffu);

  DeviceField() = default;  // uninitialised, like any plain array

  __device__ __forceinline__ static DeviceField zero() {
    DeviceField out;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = 0;
    return out;
  }
  // R mod m: the Montgomery form of 1
  __device__ __forceinline__ static DeviceField one() {
    DeviceField out;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = Params::One::word(j);
    return out;
  }

  __device__ __forceinline__ uint32_t word(size_t j) const { return word_[j]; }

  __device__ __forceinline__ bool is_zero() const {
    uint32_t acc = 0;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) acc |= word_[j];
    return acc == 0;
  }
  __device__ __forceinline__ friend bool operator==(const DeviceField& a, const DeviceField& b) {
    uint32_t acc = 0;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) acc |= a.word_[j] ^ b.word_[j];
    return acc == 0;
  }

  // out = a + b mod m
  __device__ __forceinline__ static void add(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    detail::add_mod<Modulus>(out.word_, a.word_, b.word_);
  }

  // out = a − b mod m
  __device__ __forceinline__ static void sub(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    detail::sub_mod<Modulus>(out.word_, a.word_, b.word_);
  }

  // out = a·b·R^(−1) mod m (CIOS; out may alias a or b)
  __device__ __forceinline__ static void mul(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    uint32_t t[kWords];  // < a·b/R + m < 2m
    detail::mont_mul_rows<Params>(t, a.word_, b.word_);
    detail::reduce_once<Modulus>(out.word_, t);
  }

  // out = a·b − c·d mod m under one reduction, as a·b + (−c)·d (S + m = 3m < 2^(32N); the
  // result < 2m²/R + m < 2m takes one subtraction)
  __device__ __forceinline__ static void mul_sub(DeviceField& out, const DeviceField& a, const DeviceField& b,
                                                 const DeviceField& c, const DeviceField& d) {
    static_assert(kHasRedundantRoom);
    DeviceField neg_c;
    neg(neg_c, c);
    uint32_t t[kWords];
    detail::mont_mul_sum_rows<Params>(t, Product{a.word_, b.word_}, Product{neg_c.word_, d.word_});
    detail::reduce_once<Modulus>(out.word_, t);
  }

  // out = a² mod m: the dedicated square where 3m < 2^(32N) leaves it room (Fq), else a·a
  __device__ __forceinline__ static void sqr(DeviceField& out, const DeviceField& a) {
    if constexpr (kHasSquareRoom) {
      uint32_t t[kWords];  // < a²/R + m < 2m
      detail::mont_square_rows<Params>(t, a.word_);
      detail::reduce_once<Modulus>(out.word_, t);
    } else {
      mul(out, a, a);
    }
  }

  // The redundant form: words that stand for their value mod m, in [0, 2m). Every
  // *_redundant operation takes values in [0, 2m) and returns one in [0, 2m) that is ≡ the
  // exact result (mod m); reduced() maps it back to [0, m). The product and square skip their
  // final subtraction, the sum and difference work modulo 2m. Only where kHasRedundantRoom.
  __device__ __forceinline__ static void mul_redundant(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    static_assert(kHasRedundantRoom);
    detail::mont_mul_rows<Params>(out.word_, a.word_, b.word_);  // < 4m²/R + m < 2m
  }
  __device__ __forceinline__ static void sqr_redundant(DeviceField& out, const DeviceField& a) {
    static_assert(kHasRedundantRoom);
    uint32_t t[kWords];
    detail::mont_square_rows<Params>(t, a.word_);  // 2a + m < 5m < R; t < 4m²/R + m < 2m
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = t[j];
  }
  // a0·b0 + a1·b1 under one reduction: < 8m²/R + m < 2m
  __device__ __forceinline__ static void dot2_redundant(DeviceField& out, const DeviceField& a0, const DeviceField& b0,
                                                        const DeviceField& a1, const DeviceField& b1) {
    static_assert(kHasProductSumRoom);
    detail::mont_mul_sum_rows<Params>(out.word_, Product{a0.word_, b0.word_}, Product{a1.word_, b1.word_});
  }
  // a·b − c·d as a·b + (2m − c)·d under one reduction
  __device__ __forceinline__ static void mul_sub_redundant(DeviceField& out, const DeviceField& a,
                                                           const DeviceField& b, const DeviceField& c,
                                                           const DeviceField& d) {
    DeviceField neg_c;
    sub_redundant(neg_c, zero(), c);
    dot2_redundant(out, a, b, neg_c, d);
  }
  // Σ_k a_k·b_k for four pairs under one reduction: < 16m²/R + m < 4m, then one subtraction of 2m
  __device__ __forceinline__ static void dot4_redundant(DeviceField& out, const DeviceField& a0, const DeviceField& b0,
                                                        const DeviceField& a1, const DeviceField& b1,
                                                        const DeviceField& a2, const DeviceField& b2,
                                                        const DeviceField& a3, const DeviceField& b3) {
    static_assert(kHasProductSumRoom);
    uint32_t t[kWords];
    detail::mont_mul_sum_rows<Params>(t, Product{a0.word_, b0.word_}, Product{a1.word_, b1.word_},
                                      Product{a2.word_, b2.word_}, Product{a3.word_, b3.word_});
    detail::reduce_once<TwiceModulus>(out.word_, t);
  }
  __device__ __forceinline__ static void add_redundant(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    static_assert(kHasRedundantRoom);
    detail::add_mod<TwiceModulus>(out.word_, a.word_, b.word_);
  }
  __device__ __forceinline__ static void sub_redundant(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    static_assert(kHasRedundantRoom);
    detail::sub_mod<TwiceModulus>(out.word_, a.word_, b.word_);
  }
  // a ≡ 0 (mod m) for a in [0, 2m): a = 0 or a = m
  __device__ __forceinline__ bool is_zero_redundant() const {
    uint32_t zero = 0, modulus = 0;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) {
      zero |= word_[j];
      modulus |= word_[j] ^ Modulus::word(j);
    }
    return zero == 0 || modulus == 0;
  }
  // take_a ? a : b, word by word without a branch
  __device__ __forceinline__ static DeviceField pick(bool take_a, const DeviceField& a, const DeviceField& b) {
    DeviceField out;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = take_a ? a.word_[j] : b.word_[j];
    return out;
  }
  // The value held by lane (this lane ^ lane_xor) of the warp, whose lanes in mask all call this.
  __device__ __forceinline__ DeviceField shuffled_xor(unsigned mask, int lane_xor) const {
    DeviceField out;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = __shfl_xor_sync(mask, word_[j], lane_xor);
    return out;
  }
  // [0, 2m) → [0, m)
  __device__ __forceinline__ DeviceField reduced() const {
    DeviceField out;
    detail::reduce_once<Modulus>(out.word_, word_);
    return out;
  }

  // out = 2a mod m
  __device__ __forceinline__ static void dbl(DeviceField& out, const DeviceField& a) { add(out, a, a); }
  // out = −a mod m (0 stays 0)
  __device__ __forceinline__ static void neg(DeviceField& out, const DeviceField& a) { sub(out, zero(), a); }

  // The plain integer a·R^(−1) mod m that this Montgomery form stands for (a Montgomery
  // product with the plain integer 1), as words.
  __device__ __forceinline__ DeviceField to_canonical() const {
    DeviceField plain_one = zero();
    plain_one.word_[0] = 1;
    DeviceField out;
    mul(out, *this, plain_one);
    return out;
  }
  __device__ __forceinline__ bool is_one() const { return *this == one(); }

  // a^(m−2) = a^(−1) mod m by Fermat (0 maps to 0): square-and-multiply over the bits of
  // m − 2 from the top, ~32N squarings and ~16N products. For one-off normalisations (the
  // fixed-base setup), not for inner loops.
  __device__ DeviceField inverse() const {
    DeviceField acc = one();
#pragma unroll 1
    for (int i = static_cast<int>(kWords) - 1; i >= 0; --i) {
      const uint32_t e = Modulus::word(static_cast<size_t>(i)) - (i == 0 ? 2u : 0u);  // m is odd and > 2: no borrow
#pragma unroll 1
      for (int bit = 31; bit >= 0; --bit) {
        sqr(acc, acc);
        if ((e >> bit) & 1u) mul(acc, acc, *this);
      }
    }
    return acc;
  }

  __device__ __forceinline__ friend DeviceField operator+(const DeviceField& a, const DeviceField& b) {
    DeviceField out;
    add(out, a, b);
    return out;
  }
  __device__ __forceinline__ friend DeviceField operator-(const DeviceField& a, const DeviceField& b) {
    DeviceField out;
    sub(out, a, b);
    return out;
  }
  __device__ __forceinline__ friend DeviceField operator*(const DeviceField& a, const DeviceField& b) {
    DeviceField out;
    mul(out, a, b);
    return out;
  }
  __device__ __forceinline__ DeviceField square() const {
    DeviceField out;
    sqr(out, *this);
    return out;
  }

 private:
  using Product = detail::WordProduct<kWords>;
  uint32_t word_[kWords];  // little-endian, Montgomery form, < m
};

using DeviceFr = DeviceField<DeviceFrParams>;
using DeviceFq = DeviceField<DeviceFqParams>;

// A DeviceField element in the redundant form [0, 2m), with the DeviceField operator names,
// so the curve formulas (curve_device.cuh) run on it unchanged: the MSM accumulates in it and
// stores reduced values. Same layout as F; from(x) takes any reduced value as it is.
template <class F>
struct alignas(16) DeviceRedundant {
  static_assert(F::kHasRedundantRoom);
  F v;

  __device__ __forceinline__ static DeviceRedundant from(const F& x) { return {x}; }
  __device__ __forceinline__ F reduced() const { return v.reduced(); }

  __device__ __forceinline__ static DeviceRedundant zero() { return {F::zero()}; }
  __device__ __forceinline__ static DeviceRedundant one() { return {F::one()}; }
  // ≡ 0 (mod m)
  __device__ __forceinline__ bool is_zero() const { return v.is_zero_redundant(); }

  __device__ __forceinline__ static void add(DeviceRedundant& out, const DeviceRedundant& a, const DeviceRedundant& b) {
    F::add_redundant(out.v, a.v, b.v);
  }
  __device__ __forceinline__ static void sub(DeviceRedundant& out, const DeviceRedundant& a, const DeviceRedundant& b) {
    F::sub_redundant(out.v, a.v, b.v);
  }
  __device__ __forceinline__ static void mul(DeviceRedundant& out, const DeviceRedundant& a, const DeviceRedundant& b) {
    F::mul_redundant(out.v, a.v, b.v);
  }
  __device__ __forceinline__ static void sqr(DeviceRedundant& out, const DeviceRedundant& a) {
    F::sqr_redundant(out.v, a.v);
  }
  // a·b − c·d under one reduction
  __device__ __forceinline__ static void mul_sub(DeviceRedundant& out, const DeviceRedundant& a,
                                                 const DeviceRedundant& b, const DeviceRedundant& c,
                                                 const DeviceRedundant& d) {
    F::mul_sub_redundant(out.v, a.v, b.v, c.v, d.v);
  }
  __device__ __forceinline__ static void dbl(DeviceRedundant& out, const DeviceRedundant& a) { add(out, a, a); }
  // 0 stays 0; a in (0, 2m) → 2m − a
  __device__ __forceinline__ static void neg(DeviceRedundant& out, const DeviceRedundant& a) { sub(out, zero(), a); }
};

using DeviceFqRedundant = DeviceRedundant<DeviceFq>;
static_assert(sizeof(DeviceFqRedundant) == 48 && std::is_trivially_copyable_v<DeviceFqRedundant>);

static_assert(sizeof(DeviceFr) == 32 && std::is_trivially_copyable_v<DeviceFr>);
static_assert(sizeof(DeviceFq) == 48 && std::is_trivially_copyable_v<DeviceFq>);

}  // namespace cuzk::backend::cuda
