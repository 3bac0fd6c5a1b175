// CPU multi-scalar multiplication Σ k_i·P_i over G1 or G2 (Pippenger's bucket method with
// signed windows, multithreaded on a ThreadPool). Design note and tuning: msm.cpp.
//
// Scalars come in one of two forms (say which; nothing guesses): Fr's internal Montgomery limbs
// (what a witness in memory holds) or plain integers (what a file holds). A density bitmap
// (bellperson semantics) lets a prover skip variables that have no base, without compacting
// or copying the bases.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ec/curve.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fr.hpp"

namespace cuzk::msm {

// How the scalar limbs are to be read.
enum class ScalarForm {
  kMontgomery,  // Fr's internal limbs, k·2^256 mod r (Fr::montgomery()); must be < r
  kCanonical,   // plain little-endian integers k (Fr::to_canonical()); values ≥ r are reduced mod r
};

// A view of a density bitmap (not owned): bit i (word i / 64, bit i % 64, least significant
// first: bellperson's BitVec<u64, Lsb0> and r1cs::DensityBitmap) says whether variable i has a
// base. Bits at positions ≥ `bits` in the last word are ignored.
struct Density {
  std::span<const uint64_t> words;
  size_t bits = 0;  // number of variables covered; must equal the number of scalars
};

// Number of set bits among the first density.bits bits (= the number of bases it needs).
size_t density_count(const Density& density);

// Size contract of msm(), as a Status for callers holding untrusted sizes (e.g. from a file):
//   without density: num_bases == num_scalars;
//   with density: density->bits == num_scalars, density->words covers density->bits bits, and
//                 num_bases == density_count(*density).
// OK, or INVALID_ARGUMENT naming the mismatch.
Status check_msm_sizes(size_t num_bases, size_t num_scalars, const Density* density);

// Largest window the bucket method uses (2^(c−1) buckets of Xyzz per concurrent task: 6 MiB for
// G1, 12 MiB for G2 at c = 16).
inline constexpr unsigned kMaxWindowBits = 16;

// Knobs for tests and benchmarks; the defaults are what production callers want.
struct MsmOptions {
  unsigned window_bits = 0;      // 0 → msm_window_plan(); else 1..kMaxWindowBits
  size_t point_chunks = 0;       // 0 → msm_window_plan(); else split the points this many ways
  size_t small_threshold = 32;   // fewer non-trivial scalars than this → per-point wNAF, no buckets
};

// The bucket method's shape for `count` scalars that are neither 0 nor 1, on `threads` threads.
struct WindowPlan {
  unsigned window_bits;  // c: signed digits in [−2^(c−1), 2^(c−1)], 2^(c−1) buckets
  size_t windows;        // ⌈256 / c⌉
  size_t point_chunks;   // the points are split into this many ranges; tasks = windows × chunks
};
// Picks c and the number of point chunks by minimising a measured cost model (msm.cpp);
// bucket_bytes = sizeof(ec::Xyzz<C>) (192 for G1, 384 for G2) decides when buckets leave the cache.
WindowPlan msm_window_plan(size_t count, size_t threads, size_t bucket_bytes);

// Σ k_i·P_{j(i)} where j(i) = i without density, and with density j(i) = the number of set bits
// before i, for the i whose bit is set (variables with a clear bit are skipped, consuming no
// base). Returns the identity for no scalars / all-zero scalars.
// Preconditions (assert; check_msm_sizes() gives the same as a Status): the size contract above.
// Bases may be anything on the curve, including infinity and repeated or opposite points; the
// result is exactly Σ k_i·P_i with k_i as integers (canonical values ≥ r: see ScalarForm).
// Thread safety: reentrant; reads bases, scalars and density only; runs its work on `pool`
// (and the calling thread), which may be shared with other callers.
template <class C>
ec::Jacobian<C> msm(std::span<const ec::Affine<C>> bases, std::span<const ff::Limbs<4>> scalars,
                    ScalarForm form, const Density* density, ThreadPool& pool,
                    const MsmOptions& options = {});

// Same, scalars as Fr elements (Montgomery form).
template <class C>
ec::Jacobian<C> msm(std::span<const ec::Affine<C>> bases, std::span<const ff::Fr> scalars,
                    const Density* density, ThreadPool& pool, const MsmOptions& options = {});

extern template ec::Jacobian<ec::G1Config> msm<ec::G1Config>(std::span<const ec::G1Affine>,
                                                             std::span<const ff::Limbs<4>>, ScalarForm,
                                                             const Density*, ThreadPool&, const MsmOptions&);
extern template ec::Jacobian<ec::G2Config> msm<ec::G2Config>(std::span<const ec::G2Affine>,
                                                             std::span<const ff::Limbs<4>>, ScalarForm,
                                                             const Density*, ThreadPool&, const MsmOptions&);
extern template ec::Jacobian<ec::G1Config> msm<ec::G1Config>(std::span<const ec::G1Affine>,
                                                             std::span<const ff::Fr>, const Density*,
                                                             ThreadPool&, const MsmOptions&);
extern template ec::Jacobian<ec::G2Config> msm<ec::G2Config>(std::span<const ec::G2Affine>,
                                                             std::span<const ff::Fr>, const Density*,
                                                             ThreadPool&, const MsmOptions&);

}  // namespace cuzk::msm
