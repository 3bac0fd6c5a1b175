// CPU NTT over Fr: radix-4 kernels, a four-step plan for large domains, one bit-reversal pass.
//
// Design note
// -----------
// Cost model. An element is 32 B; an Fr product (4-limb Montgomery, mulx/adx) was measured at
// ~2.3× an Fr addition here (20.6 vs 8.9 ns throughput on the loaded 2-core VM), so additions
// are not free: a radix-4 butterfly's 8 additions cost about as much as its 4 products.
//
// Kernels. Radix-4 butterflies (two radix-2 stages fused): decimation in frequency (DIF, natural
// in → bit-reversed out) for forward transforms, decimation in time (DIT, bit-reversed in →
// natural out) for inverse ones. A radix-4 butterfly costs 3 twiddle products + 1 product by
// ω_4 (the count of two radix-2 stages) but half the loads and stores; j = 0 butterflies skip
// the twiddles, and an odd log size adds one radix-2 stage where the twiddle is 1 (last in DIF,
// first in DIT). Twiddles come from one table ω_M^e (e < M) read at stride M/len. Every kernel
// runs on `lanes` interleaved transforms so a strip of columns shares each twiddle load.
//
// Plans. n ≤ 2^16 ("direct", Domain::kDirectMaxLog): the whole array in L2 (≤ 2 MiB) with a
// full ω_n table; below 2^12 on one thread, above it the first two radix-4 stages (DIF; the last
// two for DIT) split over butterflies and then 16 independent blocks. Larger n ("four-step",
// Bailey 1990): n = R·C, R = 2^⌊k/2⌋ rows of C = 2^⌈k/2⌉ columns, j = j1·C + j2, k = k1 + R·k2:
//   X[k1 + R·k2] = Σ_j2 ω_C^(j2·k2) · ω_n^(j2·k1) · Σ_j1 ω_R^(j1·k1) · x[j1·C + j2]
// forward (DIF): (1) for each strip of B adjacent columns (B·R·32 B ≤ 1 MiB): copy it to a
// scratch buffer (B·32 contiguous bytes per row; a column transform in place at stride C·32 B
// would thrash the cache sets), [coset: × G^j1, G = g^C, from a table], R-point DIFs on the B
// lanes, × g^j2·ω_n^(j2·k1) (a running power per column; g^j2 only for the coset), copy back;
// (2) a C-point DIF on each contiguous row. The result is exactly bit-reversed over all k bits
// (rev_n(r·C + c) = rev_C(c)·R + rev_R(r)), so (3) one blocked bit-reversal makes it natural.
// Inverse (DIT) is the mirror image: bit reversal, rows, then strips with the twiddle before
// the column DIT; 1/n and the coset's g^(−j2) ride on that twiddle for free and G^(−k1) is one
// table product after it. Sub-transforms are ≤ 2^14 points (512 KiB) and run in L2; an element
// crosses memory 3 times instead of ⌈k/2⌉ times. The price is 2 products per element for the
// ω_n^(j2·k1) step (~10.5 products/element at 2^20 against ~9.25 for a plain iterative transform)
// and it keeps the twiddle tables at ~3 MiB for 2^28 (domain.hpp) instead of 8 GiB.
//
// Bit reversal. i = (t: 3 bits, m: k−6 bits, l: 3 bits) ↦ (rev l, rev m, rev t): the 8×8 tile
// of m and the tile of rev m trade places transposed, 8 rows × 256 contiguous bytes each, so
// every cache line is read and written once. Measured: ≤ 4% of a forward transform.
//
// Threads. Strips, rows, bit-reversal tiles and blocks are independent: one parallel_for each,
// 4 chunks per thread (the pool's chunks are static; more of them balance a busy core).
// Results do not depend on the thread count: each element sees the same operations in the same
// order.
//
// Prediction vs measurement (2-core Xeon VM, 2026-11-29, load average 10–15 from concurrent
// builds, so times are process CPU, best of 3–7; /tmp driver calling these functions).
// * Predicted: four-step wins once the data leaves L2 (> 2^16), direct wins below it (no
//   2 products/element of step twiddles). Measured, 1 thread: 2^13 direct 1.49 ms vs four-step
//   1.71; 2^16 14.8 vs 17.0 → direct up to 2^16. 2^17 / 2^18: four-step 35.6 / 81.7 ms vs a
//   direct DIF over the whole array (full ω_n table, bit reversal not even counted) 33.0 / 74.9:
//   a near tie, not a win. This VM's 300 MiB L3 holds a 2^22 array and its products are slow
//   (the transform is compute-bound), so the locality pays back only the extra twiddles here;
//   on a 2^27 array (4 GiB, DRAM) the ⌈k/2⌉ → 3 memory passes are the point.
// * Predicted ~10.5 products + ~20 additions per element at 2^20 ≈ 19.6 product-times
//   = 404 ns/element. Measured 355 ms for 2^20 (339 ns/element, 16.4 product-times).
// * Coset: predicted +1 product/element on the four-step plan (G^j1 table) and +2 on the direct
//   plan (running power in a separate pass). Measured +10% at 2^18 (81.7 → 92.6 ms) and +27% at
//   2^16 (14.7 → 18.7 ms).
// * 2 threads: process CPU time equals the 1-thread time within noise (2^16: 15.0 vs 14.7 ms;
//   2^20: 364 vs 355 ms), so the split costs nothing measurable; the wall-clock speed-up could
//   not be measured on this oversubscribed VM.
#include "ntt/ntt.hpp"

#include <algorithm>
#include <memory>
#include <string>

namespace cuzk::ntt {

namespace {

using detail::Twiddles;
using ff::Fr;

// Scratch strip of the column pass: B columns × R rows with B·R·32 B ≤ kStripBytes, B ≤
// kMaxStripColumns. 1 MiB is half the 2 MiB L2, leaving room for the ω_C table (≤ 512 KiB) and
// the rows streaming through; at 2^22, 256 KiB / 1 MiB / 4 MiB strips measured the same within
// this VM's ±30% run-to-run noise.
constexpr size_t kStripBytes = size_t{1} << 20;
constexpr size_t kMaxStripColumns = 16;  // 512 contiguous bytes per row copied
// Chunks per pool thread in each parallel_for: the pool's chunks are static, so a few per thread
// keep a core that is busy with other work from holding up the whole pass.
constexpr size_t kChunksPerThread = 4;
// Direct plan: below 2^kParallelMinLog one thread does it all (a 2^12 transform is ~0.65 ms of
// one core here, against 3 parallel_for hand-offs); above, the first kParallelBlocksLog/2
// radix-4 stages split over butterflies, then 2^kParallelBlocksLog independent blocks.
constexpr uint32_t kParallelMinLog = 12;
constexpr uint32_t kParallelBlocksLog = 4;
// Bit-reversal tiles are 2^kTileLog × 2^kTileLog elements: rows of 256 B (4 whole cache lines),
// and 8 rows at a power-of-two stride stay within the L1's 12 ways.
constexpr uint32_t kTileLog = 3;

inline uint64_t reverse_bits64(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
  x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((x & 0x0f0f0f0f0f0f0f0fu) << 4);
  return __builtin_bswap64(x);
}
// x reversed over its low `bits` bits.
inline size_t reverse_bits(size_t x, uint32_t bits) {
  return bits == 0 ? 0 : static_cast<size_t>(reverse_bits64(x) >> (64 - bits));
}

size_t chunks_for(const ThreadPool& pool, size_t items) { return std::min(items, pool.size() * kChunksPerThread); }

// Layout of every kernel below: `lanes` interleaved transforms, point j of lane b at
// a[j·lanes + b]. roots[e] = ω_M^e for e < M (the inverse table for inverse transforms).

// One radix-4 stage on blocks of 4q points, butterflies i ∈ [begin, end) with i = block·q + j;
// step = M/(4q), so W = ω_(4q) = roots[step]; imag = ω_4 = roots[M/4].
// DIF (natural → bit-reversed), t0 = a0 + a2, t1 = a0 − a2, t2 = a1 + a3, t3 = ω_4·(a1 − a3):
//   a0 ← t0 + t2, a1 ← (t0 − t2)·W^(2j), a2 ← (t1 + t3)·W^j, a3 ← (t1 − t3)·W^(3j)
// DIT (bit-reversed → natural), c1 = a1·W^(2j), c2 = a2·W^j, c3 = a3·W^(3j),
// t0 = a0 + c1, t1 = a0 − c1, t2 = c2 + c3, t3 = ω_4·(c2 − c3):
//   a0 ← t0 + t2, a1 ← t1 + t3, a2 ← t0 − t2, a3 ← t1 − t3
template <bool kDit>
void radix4_stage(Fr* a, size_t q, size_t lanes, const Fr* roots, size_t step, const Fr& imag, size_t begin,
                  size_t end) {
  size_t block_start = begin / q * 4 * q, j = begin % q;
  const size_t gap = q * lanes;
  for (size_t i = begin; i < end; ++i) {
    Fr* x0 = a + (block_start + j) * lanes;
    Fr* x1 = x0 + gap;
    Fr* x2 = x1 + gap;
    Fr* x3 = x2 + gap;
    if (j == 0) {  // W^0 = 1
      for (size_t b = 0; b < lanes; ++b) {
        if constexpr (kDit) {
          const Fr t0 = x0[b] + x1[b], t1 = x0[b] - x1[b];
          const Fr t2 = x2[b] + x3[b], t3 = (x2[b] - x3[b]) * imag;
          x0[b] = t0 + t2;
          x1[b] = t1 + t3;
          x2[b] = t0 - t2;
          x3[b] = t1 - t3;
        } else {
          const Fr t0 = x0[b] + x2[b], t1 = x0[b] - x2[b];
          const Fr t2 = x1[b] + x3[b], t3 = (x1[b] - x3[b]) * imag;
          x0[b] = t0 + t2;
          x1[b] = t0 - t2;
          x2[b] = t1 + t3;
          x3[b] = t1 - t3;
        }
      }
    } else {
      const Fr& w1 = roots[j * step];
      const Fr& w2 = roots[2 * j * step];
      const Fr& w3 = roots[3 * j * step];
      for (size_t b = 0; b < lanes; ++b) {
        if constexpr (kDit) {
          const Fr c1 = x1[b] * w2, c2 = x2[b] * w1, c3 = x3[b] * w3;
          const Fr t0 = x0[b] + c1, t1 = x0[b] - c1;
          const Fr t2 = c2 + c3, t3 = (c2 - c3) * imag;
          x0[b] = t0 + t2;
          x1[b] = t1 + t3;
          x2[b] = t0 - t2;
          x3[b] = t1 - t3;
        } else {
          const Fr t0 = x0[b] + x2[b], t1 = x0[b] - x2[b];
          const Fr t2 = x1[b] + x3[b], t3 = (x1[b] - x3[b]) * imag;
          x0[b] = t0 + t2;
          x1[b] = (t0 - t2) * w2;
          x2[b] = (t1 + t3) * w1;
          x3[b] = (t1 - t3) * w3;
        }
      }
    }
    if (++j == q) {
      j = 0;
      block_start += 4 * q;
    }
  }
}

// The radix-2 stage on adjacent pairs, whose twiddle is ω_2^0 = 1: (u, v) ← (u + v, u − v).
void radix2_stage(Fr* a, size_t lanes, size_t begin_pair, size_t end_pair) {
  for (size_t p = begin_pair; p < end_pair; ++p) {
    Fr* x0 = a + 2 * p * lanes;
    Fr* x1 = x0 + lanes;
    for (size_t b = 0; b < lanes; ++b) {
      const Fr u = x0[b], v = x1[b];
      x0[b] = u + v;
      x1[b] = u - v;
    }
  }
}

// A whole DIF of m = 2^log_m points per lane (natural in, bit-reversed out) with root
// ω_m = ω_M^(M/m), M = 2^log_M ≥ m: radix-4 stages from the largest blocks down, then the
// twiddle-free radix-2 stage if log_m is odd.
void dif_kernel(Fr* a, uint32_t log_m, size_t lanes, const Fr* roots, uint32_t log_M) {
  const size_t m = size_t{1} << log_m, big_m = size_t{1} << log_M;
  uint32_t log_len = log_m;
  if (log_len >= 2) {
    const Fr imag = roots[big_m / 4];
    for (; log_len >= 2; log_len -= 2) {
      radix4_stage<false>(a, size_t{1} << (log_len - 2), lanes, roots, big_m >> log_len, imag, 0, m / 4);
    }
  }
  if (log_len == 1) radix2_stage(a, lanes, 0, m / 2);
}

// A whole DIT (bit-reversed in, natural out), the mirror of dif_kernel: the twiddle-free
// radix-2 stage first if log_m is odd, then radix-4 stages up to the full length.
void dit_kernel(Fr* a, uint32_t log_m, size_t lanes, const Fr* roots, uint32_t log_M) {
  const size_t m = size_t{1} << log_m, big_m = size_t{1} << log_M;
  uint32_t log_len = 0;  // blocks of 2^log_len points are transformed
  if (log_m & 1) {
    radix2_stage(a, lanes, 0, m / 2);
    log_len = 1;
  }
  if (log_len + 2 <= log_m) {
    const Fr imag = roots[big_m / 4];
    for (; log_len + 2 <= log_m; log_len += 2) {
      radix4_stage<true>(a, size_t{1} << log_len, lanes, roots, big_m >> (log_len + 2), imag, 0, m / 4);
    }
  }
}

// The direct plan's DIF on all n = 2^log_n points (roots: the full ω_n table): the first
// kParallelBlocksLog/2 radix-4 stages split over butterflies, then independent blocks.
void dif_direct(Fr* a, uint32_t log_n, const Fr* roots, ThreadPool& pool) {
  if (pool.size() <= 1 || log_n < kParallelMinLog) {
    dif_kernel(a, log_n, 1, roots, log_n);
    return;
  }
  const size_t n = size_t{1} << log_n;
  const Fr imag = roots[n / 4];
  uint32_t log_len = log_n;
  for (; log_len + kParallelBlocksLog > log_n; log_len -= 2) {
    const size_t q = size_t{1} << (log_len - 2), step = n >> log_len;
    pool.parallel_for(
        n / 4, [&](size_t begin, size_t end) { radix4_stage<false>(a, q, 1, roots, step, imag, begin, end); },
        chunks_for(pool, n / 4));
  }
  const size_t blocks = n >> log_len;
  pool.parallel_for(
      blocks,
      [&](size_t begin, size_t end) {
        for (size_t block = begin; block < end; ++block) dif_kernel(a + (block << log_len), log_len, 1, roots, log_n);
      },
      blocks);
}

// The direct plan's DIT: independent blocks first, then the last radix-4 stages over butterflies.
void dit_direct(Fr* a, uint32_t log_n, const Fr* roots, ThreadPool& pool) {
  if (pool.size() <= 1 || log_n < kParallelMinLog) {
    dit_kernel(a, log_n, 1, roots, log_n);
    return;
  }
  const size_t n = size_t{1} << log_n;
  uint32_t log_len = log_n - kParallelBlocksLog;  // same parity as log_n: radix-4 steps reach n
  const size_t blocks = n >> log_len;
  pool.parallel_for(
      blocks,
      [&](size_t begin, size_t end) {
        for (size_t block = begin; block < end; ++block) dit_kernel(a + (block << log_len), log_len, 1, roots, log_n);
      },
      blocks);
  const Fr imag = roots[n / 4];
  for (; log_len < log_n; log_len += 2) {
    const size_t q = size_t{1} << log_len, step = n >> (log_len + 2);
    pool.parallel_for(
        n / 4, [&](size_t begin, size_t end) { radix4_stage<true>(a, q, 1, roots, step, imag, begin, end); },
        chunks_for(pool, n / 4));
  }
}

// In-place permutation a[i] ↔ a[rev_k(i)], n = 2^log_n.
void bit_reverse_permute(Fr* a, uint32_t log_n, ThreadPool& pool) {
  if (log_n < 2 * kTileLog + 4) {  // ≤ 512 points: the plain loop
    const size_t n = size_t{1} << log_n;
    for (size_t i = 0; i < n; ++i) {
      const size_t r = reverse_bits(i, log_n);
      if (i < r) std::swap(a[i], a[r]);
    }
    return;
  }
  // i = (t, m, l) = t·2^(k−3) + m·2^3 + l ↦ rev_k(i) = (rev l, rev m, rev t): the tile of m and
  // the tile of rev m trade places, each transposed.
  constexpr size_t kTile = size_t{1} << kTileLog;
  const uint32_t mid_log = log_n - 2 * kTileLog;
  const size_t row_stride = size_t{1} << (log_n - kTileLog);
  const size_t mids = size_t{1} << mid_log;
  pool.parallel_for(
      mids,
      [&](size_t begin, size_t end) {
        Fr tile_a[kTile * kTile], tile_b[kTile * kTile];
        for (size_t m = begin; m < end; ++m) {
          const size_t m_rev = reverse_bits(m, mid_log);
          if (m_rev < m) continue;  // the pair was swapped at m_rev
          Fr* base_a = a + (m << kTileLog);
          Fr* base_b = a + (m_rev << kTileLog);
          for (size_t t = 0; t < kTile; ++t) {
            std::copy_n(base_a + t * row_stride, kTile, tile_a + t * kTile);
            std::copy_n(base_b + t * row_stride, kTile, tile_b + t * kTile);
          }
          for (size_t t = 0; t < kTile; ++t) {
            const size_t t_rev = reverse_bits(t, kTileLog);
            for (size_t l = 0; l < kTile; ++l) {
              const size_t src = reverse_bits(l, kTileLog) * kTile + t_rev;
              base_a[t * row_stride + l] = tile_b[src];
              base_b[t * row_stride + l] = tile_a[src];
            }
          }
        }
      },
      chunks_for(pool, mids));
}

// a[i] *= start·ratio^i (ratio_is_one: the constant factor start).
void scale_geometric(std::span<Fr> a, const Fr& start, const Fr& ratio, bool ratio_is_one, ThreadPool& pool) {
  pool.parallel_for(
      a.size(),
      [&](size_t begin, size_t end) {
        if (ratio_is_one) {
          for (size_t i = begin; i < end; ++i) a[i] *= start;
          return;
        }
        Fr factor = start * ratio.pow(ff::Limbs<1>{begin});
        for (size_t i = begin; i < end; ++i) {
          a[i] *= factor;
          factor *= ratio;
        }
      },
      chunks_for(pool, a.size()));
}

size_t strip_columns(const Twiddles& tw) {
  const size_t rows = size_t{1} << tw.row_log, cols = size_t{1} << tw.col_log;
  return std::clamp<size_t>(kStripBytes / (rows * sizeof(Fr)), 1, std::min(kMaxStripColumns, cols));
}

// The column pass of the four-step plan, strip by strip (R rows × B columns copied to scratch).
//   forward (DIF): [coset: × G^j1 on row j1]; R-point DIF; × s_c·ω_n^(c·k1) at position rev_R(k1)
//                  with s_c = coset ? g^c : 1 (g^(j1·C + c) = g^c·G^j1, G = g^C).
//   inverse (DIT): × s_c·ω_n^(−c·j1) at position rev_R(j1) with s_c = (1/n)·(coset ? g^(−c) : 1);
//                  R-point DIT; [coset: × G^(−k1) on row k1].
template <bool kInverse>
void column_pass(const Domain& domain, Fr* a, bool coset, ThreadPool& pool) {
  const Twiddles& tw = domain.twiddles();
  const uint32_t row_log = tw.row_log;
  const size_t rows = size_t{1} << row_log, cols = size_t{1} << tw.col_log;
  const size_t width = strip_columns(tw);
  const size_t strips = cols / width;
  const Fr* sub_roots = kInverse ? tw.sub_roots_inv.data() : tw.sub_roots.data();
  const Fr* step_roots = kInverse ? tw.step_roots_inv.data() : tw.step_roots.data();
  const Fr* coset_rows = kInverse ? tw.coset_rows_inv.data() : tw.coset_rows.data();
  const uint32_t* rev = tw.row_bitrev.data();
  const Fr scale = kInverse ? domain.size_inv() : Fr::one();
  const Fr shift = kInverse ? domain.coset_generator_inv() : domain.coset_generator();
  const bool scale_first_row = coset || kInverse;  // s_c ≠ 1 for some c

  // s[rev_R(k)·width + b] *= s_c·w_c^k, c = c0 + b
  auto twiddle_strip = [&](Fr* s, size_t c0) {
    Fr factor[kMaxStripColumns];
    const Fr* w = step_roots + c0;
    if (scale_first_row) {
      Fr s_c = coset ? scale * shift.pow(ff::Limbs<1>{c0}) : scale;
      for (size_t b = 0; b < width; ++b) {
        s[b] *= s_c;  // rev[0] = 0: the first row, power 0
        factor[b] = s_c * w[b];
        if (coset) s_c *= shift;
      }
    } else {
      for (size_t b = 0; b < width; ++b) factor[b] = w[b];
    }
    for (size_t k = 1; k < rows; ++k) {
      Fr* row = s + size_t{rev[k]} * width;
      for (size_t b = 0; b < width; ++b) {
        row[b] *= factor[b];
        factor[b] *= w[b];
      }
    }
  };
  auto shift_rows = [&](Fr* s) {
    for (size_t r = 1; r < rows; ++r) {
      Fr* row = s + r * width;
      for (size_t b = 0; b < width; ++b) row[b] *= coset_rows[r];
    }
  };

  pool.parallel_for(
      strips,
      [&](size_t begin, size_t end) {
        const auto strip = std::make_unique<Fr[]>(rows * width);
        Fr* s = strip.get();
        for (size_t index = begin; index < end; ++index) {
          const size_t c0 = index * width;
          for (size_t r = 0; r < rows; ++r) std::copy_n(a + r * cols + c0, width, s + r * width);
          if constexpr (kInverse) {
            twiddle_strip(s, c0);
            dit_kernel(s, row_log, width, sub_roots, tw.sub_log);
            if (coset) shift_rows(s);
          } else {
            if (coset) shift_rows(s);
            dif_kernel(s, row_log, width, sub_roots, tw.sub_log);
            twiddle_strip(s, c0);
          }
          for (size_t r = 0; r < rows; ++r) std::copy_n(s + r * width, width, a + r * cols + c0);
        }
      },
      chunks_for(pool, strips));
}

// The row pass of the four-step plan: a C-point transform on each contiguous row.
template <bool kInverse>
void row_pass(const Twiddles& tw, Fr* a, ThreadPool& pool) {
  const size_t rows = size_t{1} << tw.row_log, cols = size_t{1} << tw.col_log;
  const Fr* sub_roots = kInverse ? tw.sub_roots_inv.data() : tw.sub_roots.data();
  pool.parallel_for(
      rows,
      [&](size_t begin, size_t end) {
        for (size_t r = begin; r < end; ++r) {
          if constexpr (kInverse) {
            dit_kernel(a + r * cols, tw.col_log, 1, sub_roots, tw.sub_log);
          } else {
            dif_kernel(a + r * cols, tw.col_log, 1, sub_roots, tw.sub_log);
          }
        }
      },
      chunks_for(pool, rows));
}

// values ← DFT_ω(values), or DFT_ω(values ⊙ g^j) for the coset; natural order.
void forward_impl(const Domain& domain, std::span<Fr> values, bool coset, ThreadPool& pool) {
  const Twiddles& tw = domain.twiddles();
  Fr* a = values.data();
  if (!tw.four_step()) {
    if (coset) scale_geometric(values, Fr::one(), domain.coset_generator(), false, pool);
    dif_direct(a, domain.log_size(), tw.sub_roots.data(), pool);
  } else {
    column_pass<false>(domain, a, coset, pool);
    row_pass<false>(tw, a, pool);
  }
  bit_reverse_permute(a, domain.log_size(), pool);
}

// values ← (1/n)·DFT_ω^(−1)(values), times g^(−j) for the coset; natural order.
void inverse_impl(const Domain& domain, std::span<Fr> values, bool coset, ThreadPool& pool) {
  const Twiddles& tw = domain.twiddles();
  Fr* a = values.data();
  bit_reverse_permute(a, domain.log_size(), pool);
  if (!tw.four_step()) {
    dit_direct(a, domain.log_size(), tw.sub_roots_inv.data(), pool);
    scale_geometric(values, domain.size_inv(), domain.coset_generator_inv(), !coset, pool);
  } else {
    row_pass<true>(tw, a, pool);
    column_pass<true>(domain, a, coset, pool);
  }
}

Status check_size(const Domain& domain, std::span<const Fr> values, const char* what) {
  if (values.size() == domain.size()) return Status::ok();
  return Status::invalid_argument(std::string("ntt::") + what + ": " + std::to_string(values.size()) +
                                  " values for a domain of size " + std::to_string(domain.size()));
}

}  // namespace

Status forward(const Domain& domain, std::span<Fr> values, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_size(domain, values, "forward"));
  forward_impl(domain, values, false, pool);
  return Status::ok();
}

Status inverse(const Domain& domain, std::span<Fr> values, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_size(domain, values, "inverse"));
  inverse_impl(domain, values, false, pool);
  return Status::ok();
}

// Σ_j x_j·(g·ω^i)^j = DFT_ω(x_j·g^j)
Status coset_forward(const Domain& domain, std::span<Fr> values, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_size(domain, values, "coset_forward"));
  forward_impl(domain, values, true, pool);
  return Status::ok();
}

// x_j = g^(−j)·(1/n)·Σ_i y_i·ω^(−ij)
Status coset_inverse(const Domain& domain, std::span<Fr> values, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_size(domain, values, "coset_inverse"));
  inverse_impl(domain, values, true, pool);
  return Status::ok();
}

Fr coset_vanishing_inverse(const Domain& domain) {
  Fr g_n = domain.coset_generator();
  for (uint32_t i = 0; i < domain.log_size(); ++i) g_n = g_n.square();  // g^n, n = 2^k
  return (g_n - Fr::one()).inverse();
}

}  // namespace cuzk::ntt
