// Domain: an NTT evaluation domain over Fr, {ω^i : i < n} with n = 2^k (1 ≤ k ≤ 28), plus the
// coset g·{ω^i} with g = 7 (the multiplicative generator, not a 2^32-th root: the coset is
// disjoint from the domain, so Z(x) = x^n − 1 is the non-zero constant g^n − 1 on it).
//
// A Domain owns the twiddle tables the transforms in ntt.hpp read (see ntt.cpp for the
// algorithm). Their size is bounded so that a 2^28 domain stays small:
//   * n ≤ 2^kDirectMaxLog ("direct" plan): ω_n^e and ω_n^(−e) for e < n (≤ 2·2^16·32 B = 4 MiB);
//   * larger n ("four-step" plan, n = R·C, R = 2^⌊k/2⌋, C = 2^⌈k/2⌉): ω_C^(±e) for e < C,
//     ω_n^(±c) for c < C, (g^C)^(±r) for r < R and a bit-reversal table of R u32:
//     ≤ 6·2^14·32 B + 64 KiB ≈ 3.1 MiB at 2^28 (a full ω_n table would be 8 GiB).
// Immutable after create(): safe to share between threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/status.hpp"
#include "ff/fr.hpp"

namespace cuzk::ntt {

namespace detail {

// Precomputed tables of one domain (read by ntt.cpp; not a stable API). All values are in
// Montgomery form.
struct Twiddles {
  // Sub-transform size M = 2^sub_log: n for the direct plan, C for the four-step plan.
  uint32_t sub_log = 0;
  std::vector<ff::Fr> sub_roots;      // ω_M^e, e < M
  std::vector<ff::Fr> sub_roots_inv;  // ω_M^(−e), e < M
  // Four-step only (empty for the direct plan): rows R = 2^row_log of C = 2^col_log elements.
  uint32_t row_log = 0;
  uint32_t col_log = 0;
  std::vector<ff::Fr> step_roots;      // ω_n^c, c < C (the twiddle between the two steps)
  std::vector<ff::Fr> step_roots_inv;  // ω_n^(−c), c < C
  std::vector<uint32_t> row_bitrev;    // bit-reversal of r < R over row_log bits
  std::vector<ff::Fr> coset_rows;      // G^r, r < R, G = g^C (the coset shift of row r)
  std::vector<ff::Fr> coset_rows_inv;  // G^(−r), r < R
  bool four_step() const { return row_log != 0; }
};

}  // namespace detail

class Domain {
 public:
  // Largest supported domain: 2^28 (the 32 GiB PoRep circuits need 2^27).
  static constexpr uint32_t kMaxLogSize = 28;
  // Domains up to 2^kDirectMaxLog run one in-cache radix-4 transform; larger ones the
  // four-step plan (the crossover measured on the 2-core VM: design note in ntt.cpp).
  static constexpr uint32_t kDirectMaxLog = 16;

  // The smallest power of two ≥ max(min_size, 2). Errors: invalid_argument if that exceeds
  // 2^kMaxLogSize (the message names min_size).
  static Result<Domain> create(size_t min_size);

  size_t size() const { return size_t{1} << log_size_; }
  uint32_t log_size() const { return log_size_; }
  const ff::Fr& omega() const { return omega_; }          // primitive n-th root of unity
  const ff::Fr& omega_inv() const { return omega_inv_; }  // ω^(−1)
  const ff::Fr& size_inv() const { return size_inv_; }    // 1/n
  const ff::Fr& coset_generator() const { return coset_generator_; }          // g = 7
  const ff::Fr& coset_generator_inv() const { return coset_generator_inv_; }  // 1/g

  // For the transforms in ntt.cpp.
  const detail::Twiddles& twiddles() const { return twiddles_; }

 private:
  Domain() = default;

  uint32_t log_size_ = 0;
  ff::Fr omega_, omega_inv_, size_inv_, coset_generator_, coset_generator_inv_;
  detail::Twiddles twiddles_;
};

}  // namespace cuzk::ntt
