// CPU multi-scalar multiplication: Pippenger's bucket method with signed windows.
//
// Design note
// -----------
// Input: n scalars (one per variable), the bases of the variables whose density bit is set,
// Σ k_i·P_i wanted. Steps:
//  1. Classify (parallel over variable ranges, two passes so every range knows where its output
//     goes): a scalar 0 — or a base at infinity — contributes nothing and is dropped; a scalar 1
//     adds its base straight into a per-range XYZZ sum (one mixed addition instead of one per
//     window: Filecoin witnesses are mostly 0/1, the bits of SHA-256 and Poseidon gadgets);
//     every other scalar is converted to a plain integer < r and appended, with the index of
//     its base, to a compact list of m entries (36 bytes each). Bases are never copied or
//     compacted; the density bitmap only decides which base index a variable gets.
//  2. m < 32: Σ [k]P by per-point width-5 wNAF (Jacobian::mul); buckets would cost more.
//  3. Otherwise the bucket method (Pippenger 1976; as in Bernstein et al., "Faster batch forgery
//     identification", §4, and the ZPrize MSM entries): write k = Σ_w d_w·2^(w·c) with signed
//     digits d_w ∈ [−2^(c−1), 2^(c−1)] (Booth recoding, read straight off the bits, no carry
//     pass: d_w = bits[wc, wc+c) + bit(wc−1) − 2^c·bit(wc+c−1)), W = ⌈256/c⌉ windows. For each
//     window, add P (or −P, one field negation) into bucket |d_w| with an XYZZ mixed addition
//     (madd-2008-s, 8M+2S); then S_w = Σ_b b·B_b by two running sums from the top bucket down
//     (2 XYZZ additions per bucket). Finally Σ_w 2^(wc)·S_w by Horner: c doublings per window.
//     Signed digits halve the buckets (2^(c−1) instead of 2^c − 1) for the same c.
//  4. Parallelism: the m points are split into P contiguous ranges and every (window, range)
//     pair is one independent task with its own buckets, pulled by the pool's threads; partial
//     window sums are added before the Horner step. Windows parallelise without duplicating
//     any bucket reduction; splitting points as well keeps every thread busy when there are
//     more threads than windows, at the price of one more reduction per extra range.
//  5. c and P come from a cost model fitted to measurements (msm_window_plan, with its table):
//     madds per window, running-sum additions per bucket, a penalty once the buckets outgrow
//     the L2 cache, and waves of equal tasks over T threads.
// Not done (yet): batch-affine bucket additions (~6 field mults per add instead of 10), the GLV
// endomorphism on G1 (halves the windows), precomputed 2^(wc)·P tables for fixed bases.
#include "msm/msm.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cuzk::msm {
namespace {

using ff::Limbs;

// Cost of one XYZZ full addition in units of one XYZZ mixed addition: 12M+2S vs 8M+2S by the
// formulas; measured 1.3 on G1 (0.88 / 0.67 µs and 1.05 / 0.80 µs; BM_BucketAdd / BM_BucketAddMixed),
// 1.1-1.45 on G2 (noisy).
constexpr double kAddOverMadd = 1.3;
// Bucket arrays larger than this leave the per-core L2 (2 MiB on the dev VM, 1-2 MiB on current
// x86 servers; bases and scalars stream through it too). Fitted to the G1 sweeps at
// msm_window_plan: c = 14-16 (1.5-6 MiB of buckets) cost 0.1-0.35 madd more per bucket access
// than the plain operation count predicts.
constexpr size_t kBucketCacheBytes = size_t{1} << 20;
constexpr double kCacheMissMadds = 0.25;
// Fixed cost of a task (bucket allocation, scheduling, the final conversion), in madds.
constexpr double kTaskOverheadMadds = 50.0;
// Variables per classification range: big enough that the per-range overhead (one XYZZ →
// Jacobian conversion, one task) vanishes, small enough to balance the two passes.
constexpr size_t kClassifyGrain = 16384;

bool density_bit(const Density& density, size_t i) { return (density.words[i / 64] >> (i % 64)) & 1; }

enum class Kind { kZero, kOne, kOther };

// k mod r for a plain 256-bit k (2^256 < 3r: at most two subtractions).
Limbs<4> reduce_canonical(Limbs<4> k) {
  const Limbs<4>& r = ff::Fr::modulus();
  while (!ff::less_than(k, r)) ff::sub_limbs<ff::FastWords, 4>(k, k, r);
  return k;
}

Kind classify_plain(const Limbs<4>& k) {
  if (ff::is_zero_limbs(k)) return Kind::kZero;
  if (k[0] == 1 && k[1] == 0 && k[2] == 0 && k[3] == 0) return Kind::kOne;
  return Kind::kOther;
}

// Kind of a scalar as given, without leaving Montgomery form (0 ↔ 0, 1 ↔ R mod r).
Kind classify(const Limbs<4>& raw, ScalarForm form) {
  if (form == ScalarForm::kCanonical) return classify_plain(reduce_canonical(raw));
  assert(ff::less_than(raw, ff::Fr::modulus()) && "Montgomery limbs must be < r");
  if (ff::is_zero_limbs(raw)) return Kind::kZero;
  if (raw == ff::FrParams::kOne) return Kind::kOne;
  return Kind::kOther;
}

// The plain integer < r that the scalar stands for.
Limbs<4> to_plain(const Limbs<4>& raw, ScalarForm form) {
  if (form == ScalarForm::kCanonical) return reduce_canonical(raw);
  return ff::Fr::from_montgomery(raw).to_canonical();
}

// `count` ≤ 63 bits of k starting at bit `offset` (bits past 256 read as 0).
uint64_t bits_at(const Limbs<4>& k, size_t offset, unsigned count) {
  const size_t limb = offset / 64, shift = offset % 64;
  if (limb >= 4) return 0;
  uint64_t v = k[limb] >> shift;
  if (shift != 0 && limb + 1 < 4) v |= k[limb + 1] << (64 - shift);
  return v & ((uint64_t{1} << count) - 1);
}

// Signed digit of window w: d = b + bit(wc − 1) − 2^c·bit(wc + c − 1), b = bits [wc, wc + c).
// Σ_w d_w·2^(wc) telescopes to k − bit(Wc − 1)·2^(Wc) = k, since k < r < 2^255 and Wc ≥ 256.
int32_t signed_digit(const Limbs<4>& k, size_t window, unsigned c) {
  const size_t low = window * c;
  const uint64_t raw = low == 0 ? bits_at(k, 0, c) << 1 : bits_at(k, low - 1, c + 1);  // c + 1 bits
  const uint64_t b = raw >> 1, carry_in = raw & 1, top = b >> (c - 1);
  return static_cast<int32_t>(b + carry_in) - static_cast<int32_t>(top << c);
}

// Contiguous range `part` of `parts` over [0, n), sizes differing by at most one.
std::pair<size_t, size_t> split_range(size_t n, size_t parts, size_t part) {
  const size_t step = n / parts, extra = n % parts;
  const size_t begin = part * step + std::min(part, extra);
  return {begin, begin + step + (part < extra ? 1 : 0)};
}

// The non-trivial scalars (neither 0 nor 1, base not at infinity), as plain integers < r, with
// the index of their base; filled by classify_all().
struct Compact {
  std::unique_ptr<Limbs<4>[]> scalars;
  std::unique_ptr<uint32_t[]> base_index;
  size_t size = 0;
};

// Set bits among bits [begin, end) of the bitmap.
size_t count_bits(std::span<const uint64_t> words, size_t begin, size_t end) {
  size_t count = 0;
  while (begin < end) {
    const size_t word = begin / 64, shift = begin % 64;
    const size_t take = std::min<size_t>(64 - shift, end - begin);
    uint64_t v = words[word] >> shift;
    if (take < 64) v &= (uint64_t{1} << take) - 1;
    count += static_cast<size_t>(std::popcount(v));
    begin += take;
  }
  return count;
}

// Step 1 of the design note: fills `out` and returns Σ P_i over the scalars equal to 1.
template <class C, class GetScalar>
ec::Jacobian<C> classify_all(std::span<const ec::Affine<C>> bases, size_t n, const GetScalar& get,
                             ScalarForm form, const Density* density, ThreadPool& pool, Compact& out) {
  const size_t ranges = std::clamp<size_t>(n / kClassifyGrain, 1, 4 * pool.size());
  // First base of each range: a popcount of the bitmap (or the variable index itself).
  std::vector<size_t> base_offset(ranges + 1, 0);
  for (size_t part = 0; part < ranges; ++part) {
    const auto [begin, end] = split_range(n, ranges, part);
    base_offset[part + 1] = base_offset[part] + (density ? count_bits(density->words, begin, end) : end - begin);
  }
  assert(base_offset[ranges] == bases.size());

  // Visits the range's variables that have a base: visit(i, base index).
  auto for_each_with_base = [&](size_t part, auto&& visit) {
    const auto [begin, end] = split_range(n, ranges, part);
    size_t base = base_offset[part];
    for (size_t i = begin; i < end; ++i) {
      if (density != nullptr && !density_bit(*density, i)) continue;
      visit(i, base++);
    }
  };
  auto is_other = [&](size_t i, size_t base) {
    return !bases[base].infinity && classify(get(i), form) == Kind::kOther;
  };

  // Pass 1: non-trivial scalars per range → where each range writes.
  std::vector<size_t> other_offset(ranges + 1, 0);
  pool.parallel_for(
      ranges,
      [&](size_t first, size_t last) {
        for (size_t part = first; part < last; ++part) {
          size_t count = 0;
          for_each_with_base(part, [&](size_t i, size_t base) { count += is_other(i, base) ? 1 : 0; });
          other_offset[part + 1] = count;
        }
      },
      ranges);
  for (size_t part = 0; part < ranges; ++part) other_offset[part + 1] += other_offset[part];
  out.size = other_offset[ranges];
  out.scalars = std::make_unique_for_overwrite<Limbs<4>[]>(out.size);
  out.base_index = std::make_unique_for_overwrite<uint32_t[]>(out.size);

  // Pass 2: sum the bases of scalars 1, write the others.
  std::vector<ec::Jacobian<C>> ones(ranges);
  pool.parallel_for(
      ranges,
      [&](size_t first, size_t last) {
        for (size_t part = first; part < last; ++part) {
          ec::Xyzz<C> sum = ec::Xyzz<C>::identity();
          size_t next = other_offset[part];
          for_each_with_base(part, [&](size_t i, size_t base) {
            const ec::Affine<C>& p = bases[base];
            if (p.infinity) return;
            const Limbs<4>& raw = get(i);
            switch (classify(raw, form)) {
              case Kind::kZero:
                return;
              case Kind::kOne:
                sum = sum.add_mixed(p);  // 1·P
                return;
              case Kind::kOther:
                out.scalars[next] = to_plain(raw, form);
                out.base_index[next] = static_cast<uint32_t>(base);
                ++next;
                return;
            }
          });
          assert(next == other_offset[part + 1]);
          ones[part] = sum.to_jacobian();
        }
      },
      ranges);
  ec::Jacobian<C> total = ec::Jacobian<C>::identity();
  for (const auto& partial : ones) total += partial;
  return total;
}

// S = Σ_j d_j·P_j for window `window` of the entries [begin, end): buckets, then running sums.
template <class C>
ec::Jacobian<C> window_sum(std::span<const ec::Affine<C>> bases, const Compact& terms, size_t begin,
                           size_t end, size_t window, unsigned c) {
  using X = ec::Xyzz<C>;
  std::vector<X> buckets(size_t{1} << (c - 1), X::identity());  // bucket b holds digit b + 1
  for (size_t j = begin; j < end; ++j) {
    const int32_t d = signed_digit(terms.scalars[j], window, c);
    if (d == 0) continue;
    const ec::Affine<C>& p = bases[terms.base_index[j]];
    if (d > 0) {
      X& bucket = buckets[static_cast<size_t>(d - 1)];
      bucket = bucket.add_mixed(p);
    } else {
      X& bucket = buckets[static_cast<size_t>(-d - 1)];
      bucket = bucket.add_mixed(-p);
    }
  }
  // running = Σ_{b' ≥ b} B_b', sum = Σ_b running_b = Σ_b (b + 1)·B_b
  X running = X::identity(), sum = X::identity();
  for (size_t b = buckets.size(); b-- > 0;) {
    running = running + buckets[b];
    sum = sum + running;
  }
  return sum.to_jacobian();
}

// Steps 3–4 of the design note.
template <class C>
ec::Jacobian<C> bucket_method(std::span<const ec::Affine<C>> bases, const Compact& terms,
                              const WindowPlan& plan, ThreadPool& pool) {
  const size_t windows = plan.windows, chunks = plan.point_chunks, tasks = windows * chunks;
  std::vector<ec::Jacobian<C>> partial(tasks);
  pool.parallel_for(
      tasks,
      [&](size_t first, size_t last) {
        for (size_t task = first; task < last; ++task) {
          const size_t window = task % windows, chunk = task / windows;
          const auto [begin, end] = split_range(terms.size, chunks, chunk);
          partial[task] = window_sum<C>(bases, terms, begin, end, window, plan.window_bits);
        }
      },
      tasks);
  // Σ_w 2^(wc)·S_w, Horner from the top window.
  ec::Jacobian<C> acc = ec::Jacobian<C>::identity();
  for (size_t window = windows; window-- > 0;) {
    if (window + 1 < windows) {
      for (unsigned i = 0; i < plan.window_bits; ++i) acc = acc.dbl();
    }
    for (size_t chunk = 0; chunk < chunks; ++chunk) acc += partial[chunk * windows + window];
  }
  return acc;
}

template <class C, class GetScalar>
ec::Jacobian<C> msm_impl(std::span<const ec::Affine<C>> bases, size_t n, const GetScalar& get, ScalarForm form,
                         const Density* density, ThreadPool& pool, const MsmOptions& options) {
  assert(check_msm_sizes(bases.size(), n, density).is_ok());
  assert(bases.size() <= std::numeric_limits<uint32_t>::max() && "base indices are stored as uint32");
  if (n == 0) return ec::Jacobian<C>::identity();

  Compact terms;
  const ec::Jacobian<C> ones = classify_all<C>(bases, n, get, form, density, pool, terms);
  if (terms.size == 0) return ones;

  if (terms.size < options.small_threshold) {
    ec::Jacobian<C> sum = ones;
    for (size_t j = 0; j < terms.size; ++j) sum += bases[terms.base_index[j]].to_jacobian().mul(terms.scalars[j]);
    return sum;
  }

  WindowPlan plan = msm_window_plan(terms.size, pool.size(), sizeof(ec::Xyzz<C>));
  if (options.window_bits != 0) {
    assert(options.window_bits <= kMaxWindowBits);
    plan.window_bits = options.window_bits;
    plan.windows = (256 + options.window_bits - 1) / options.window_bits;
  }
  if (options.point_chunks != 0) plan.point_chunks = std::min(options.point_chunks, terms.size);
  return ones + bucket_method<C>(bases, terms, plan, pool);
}

}  // namespace

size_t density_count(const Density& density) { return count_bits(density.words, 0, density.bits); }

Status check_msm_sizes(size_t num_bases, size_t num_scalars, const Density* density) {
  if (density == nullptr) {
    if (num_bases != num_scalars) {
      return Status::invalid_argument("msm: " + std::to_string(num_bases) + " bases for " +
                                      std::to_string(num_scalars) + " scalars (no density: they must be equal)");
    }
    return Status::ok();
  }
  if (density->bits != num_scalars) {
    return Status::invalid_argument("msm: the density bitmap covers " + std::to_string(density->bits) +
                                    " variables but there are " + std::to_string(num_scalars) + " scalars");
  }
  const size_t words_needed = (density->bits + 63) / 64;
  if (density->words.size() < words_needed) {
    return Status::invalid_argument("msm: the density bitmap has " + std::to_string(density->words.size()) +
                                    " words, " + std::to_string(words_needed) + " needed for " +
                                    std::to_string(density->bits) + " bits");
  }
  const size_t set = density_count(*density);
  if (num_bases != set) {
    return Status::invalid_argument("msm: " + std::to_string(num_bases) + " bases but the density bitmap has " +
                                    std::to_string(set) + " set bits (one base per set bit)");
  }
  return Status::ok();
}

// Cost model, in units of one XYZZ mixed addition (madd), for one task = one window over m
// points with B = 2^(c−1) buckets, digits spread evenly over the buckets:
//   fill       = 1 − e^(−m/B)                   expected fraction of non-empty buckets
//   accumulate = m − B·fill                     the first point into a bucket is a copy
//   reduce     = B·(1 + fill)·kAddOverMadd      running += bucket (non-empty only), sum += running
//   cache      = (m + B)·kCacheMissMadds        only when B·bucket_bytes > kBucketCacheBytes
// and the whole MSM costs ⌈W·P / T⌉ task times (waves of T equal tasks), W = ⌈256/c⌉.
// Checked against sweeps of c (BM_MsmG1Window, G1, 2 threads; CPU ms of all threads per MSM,
// ranges over repeated runs; 2-core EPYC VM shared with concurrent compiles, 2026-11-30):
//   n = 2^12:  c =  8: 80     9: 70      10: 70         11: 96         12: 100   13: 125
//   n = 2^16:  c = 11: 1002  12: 1005    13: 956-1205   14: 1155-1349  15: 1413  16: 1485
//   n = 2^18:  c = 12: 4732  13: 4071-5076  14: 4113-5163  15: 4823-5561  16: 4555-5581
// The model picks c = 10, 13 and 13 there. Without the cache term it would pick c = 16 at 2^18,
// measured ~15% slower than c = 13.
WindowPlan msm_window_plan(size_t count, size_t threads, size_t bucket_bytes) {
  threads = std::max<size_t>(threads, 1);
  WindowPlan best{1, 256, 1};
  double best_cost = std::numeric_limits<double>::infinity();
  for (unsigned c = 1; c <= kMaxWindowBits; ++c) {
    const size_t windows = (256 + c - 1) / c;
    const size_t buckets = size_t{1} << (c - 1);
    const double b = static_cast<double>(buckets);
    const bool spills = buckets * bucket_bytes > kBucketCacheBytes;
    // More ranges than 4 per thread never pays: each adds a full bucket reduction.
    const size_t max_chunks = std::max<size_t>(1, std::min<size_t>(count, 4 * threads));
    for (size_t chunks = 1; chunks <= max_chunks; ++chunks) {
      const double m = static_cast<double>(count) / static_cast<double>(chunks);
      const double fill = 1.0 - std::exp(-m / b);
      const double accumulate = m - b * fill;
      const double reduce = b * (1.0 + fill) * kAddOverMadd;
      const double cache = spills ? (m + b) * kCacheMissMadds : 0.0;
      const double per_task = accumulate + reduce + cache + kTaskOverheadMadds;
      const size_t waves = (windows * chunks + threads - 1) / threads;
      const double cost = static_cast<double>(waves) * per_task;
      if (cost < best_cost) {
        best_cost = cost;
        best = {c, windows, chunks};
      }
    }
  }
  return best;
}

template <class C>
ec::Jacobian<C> msm(std::span<const ec::Affine<C>> bases, std::span<const ff::Limbs<4>> scalars, ScalarForm form,
                    const Density* density, ThreadPool& pool, const MsmOptions& options) {
  auto get = [scalars](size_t i) -> const Limbs<4>& { return scalars[i]; };
  return msm_impl<C>(bases, scalars.size(), get, form, density, pool, options);
}

template <class C>
ec::Jacobian<C> msm(std::span<const ec::Affine<C>> bases, std::span<const ff::Fr> scalars, const Density* density,
                    ThreadPool& pool, const MsmOptions& options) {
  auto get = [scalars](size_t i) -> const Limbs<4>& { return scalars[i].montgomery(); };
  return msm_impl<C>(bases, scalars.size(), get, ScalarForm::kMontgomery, density, pool, options);
}

template ec::Jacobian<ec::G1Config> msm<ec::G1Config>(std::span<const ec::G1Affine>, std::span<const ff::Limbs<4>>,
                                                      ScalarForm, const Density*, ThreadPool&, const MsmOptions&);
template ec::Jacobian<ec::G2Config> msm<ec::G2Config>(std::span<const ec::G2Affine>, std::span<const ff::Limbs<4>>,
                                                      ScalarForm, const Density*, ThreadPool&, const MsmOptions&);
template ec::Jacobian<ec::G1Config> msm<ec::G1Config>(std::span<const ec::G1Affine>, std::span<const ff::Fr>,
                                                      const Density*, ThreadPool&, const MsmOptions&);
template ec::Jacobian<ec::G2Config> msm<ec::G2Config>(std::span<const ec::G2Affine>, std::span<const ff::Fr>,
                                                      const Density*, ThreadPool&, const MsmOptions&);

}  // namespace cuzk::msm
