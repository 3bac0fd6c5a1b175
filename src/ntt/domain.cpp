// Domain construction: the roots of unity and the twiddle tables of the chosen plan.
#include "ntt/domain.hpp"

#include <string>

namespace cuzk::ntt {

namespace {

using ff::Fr;

// table[e] = base^e for e < count.
std::vector<Fr> powers(const Fr& base, size_t count) {
  std::vector<Fr> table(count);
  Fr acc = Fr::one();
  for (size_t e = 0; e < count; ++e) {
    table[e] = acc;
    acc *= base;
  }
  return table;
}

// x^(2^k)
Fr square_times(Fr x, uint32_t k) {
  for (uint32_t i = 0; i < k; ++i) x = x.square();
  return x;
}

uint32_t reverse_bits(uint32_t x, uint32_t bits) {
  uint32_t out = 0;
  for (uint32_t i = 0; i < bits; ++i) out |= ((x >> i) & 1u) << (bits - 1 - i);
  return out;
}

}  // namespace

Result<Domain> Domain::create(size_t min_size) {
  constexpr size_t kMaxSize = size_t{1} << kMaxLogSize;
  if (min_size > kMaxSize) {
    return Status::invalid_argument("NTT domain for " + std::to_string(min_size) +
                                    " points exceeds the largest supported size 2^28 = " +
                                    std::to_string(kMaxSize));
  }
  uint32_t log_n = 1;
  while ((size_t{1} << log_n) < min_size) ++log_n;

  Domain domain;
  domain.log_size_ = log_n;
  // ω_n = ω_{2^32}^(2^(32−k)): kRootOfUnity is a primitive 2^32-th root.
  domain.omega_ = square_times(Fr::from_montgomery(ff::FrParams::kRootOfUnity), ff::FrParams::kTwoAdicity - log_n);
  domain.omega_inv_ = domain.omega_.inverse();
  domain.size_inv_ = Fr::from_u64(uint64_t{1} << log_n).inverse();
  domain.coset_generator_ = Fr::from_montgomery(ff::FrParams::kGenerator);
  domain.coset_generator_inv_ = domain.coset_generator_.inverse();

  detail::Twiddles& tw = domain.twiddles_;
  if (log_n <= kDirectMaxLog) {
    tw.sub_log = log_n;
  } else {
    tw.row_log = log_n / 2;
    tw.col_log = log_n - tw.row_log;
    tw.sub_log = tw.col_log;  // C ≥ R: one table serves both sub-transform sizes
    const size_t cols = size_t{1} << tw.col_log, rows = size_t{1} << tw.row_log;
    tw.step_roots = powers(domain.omega_, cols);
    tw.step_roots_inv = powers(domain.omega_inv_, cols);
    tw.row_bitrev.resize(rows);
    for (size_t r = 0; r < rows; ++r) tw.row_bitrev[r] = reverse_bits(static_cast<uint32_t>(r), tw.row_log);
    const Fr g_cols = square_times(domain.coset_generator_, tw.col_log);  // G = g^C
    tw.coset_rows = powers(g_cols, rows);
    tw.coset_rows_inv = powers(g_cols.inverse(), rows);
  }
  // ω_M = ω_n^(n/M)
  const Fr sub_root = square_times(domain.omega_, log_n - tw.sub_log);
  tw.sub_roots = powers(sub_root, size_t{1} << tw.sub_log);
  tw.sub_roots_inv = powers(sub_root.inverse(), size_t{1} << tw.sub_log);
  return domain;
}

}  // namespace cuzk::ntt
