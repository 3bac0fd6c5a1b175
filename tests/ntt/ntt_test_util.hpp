// Shared helpers for the NTT tests: printing, random vectors, and the naive oracle
// (Horner evaluation of the coefficient vector at each point: O(n²), independent of the
// transforms' twiddle tables and orderings).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <random>
#include <span>
#include <vector>

#include "ff/fr.hpp"
#include "ntt/domain.hpp"

namespace cuzk::ff {
template <class P, class W>
void PrintTo(const PrimeField<P, W>& x, std::ostream* os) {
  *os << "0x" << x.to_hex();
}
}  // namespace cuzk::ff

namespace cuzk::ntt::testing {

using ff::Fr;

inline std::vector<Fr> random_vector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> out(n);
  for (auto& v : out) v = Fr::random(rng);
  return out;
}

// Σ_j coeffs[j]·x^j
inline Fr evaluate(std::span<const Fr> coeffs, const Fr& x) {
  Fr acc = Fr::zero();
  for (size_t j = coeffs.size(); j-- > 0;) acc = acc * x + coeffs[j];
  return acc;
}

// The polynomial with these coefficients at shift·ω^i for every i < n.
inline std::vector<Fr> naive_evaluations(std::span<const Fr> coeffs, const Fr& omega, const Fr& shift) {
  std::vector<Fr> out(coeffs.size());
  Fr point = shift;
  for (auto& v : out) {
    v = evaluate(coeffs, point);
    point *= omega;
  }
  return out;
}

// Index of the first difference, or a.size() if the vectors are equal.
inline size_t first_mismatch(std::span<const Fr> a, std::span<const Fr> b) {
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i])) return i;
  }
  return a.size();
}

inline Fr pow_u64(const Fr& x, uint64_t e) { return x.pow(ff::Limbs<1>{e}); }

}  // namespace cuzk::ntt::testing
