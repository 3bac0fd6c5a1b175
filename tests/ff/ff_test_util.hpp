// Shared helpers for the field-layer tests: readable printing of field elements, names for
// the word-primitive paths, per-field traits (vector file, modulus), cached oracle vectors,
// small independent limb helpers and the edge-value sets the property tests sweep.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "ff/fq12.hpp"
#include "ff/fr.hpp"
#include "support/print.hpp"
#include "support/vectors.hpp"


namespace cuzk::fftest {

// Fq and Fr on every arithmetic path, for typed tests.
using FieldTypes = ::testing::Types<ff::FqT<ff::PortableWords>, ff::FrT<ff::PortableWords>
#if CUZK_FF_HAVE_INT128
                                    ,
                                    ff::FqT<ff::Int128Words>, ff::FrT<ff::Int128Words>
#endif
#if CUZK_FF_HAVE_ADX
                                    ,
                                    ff::FqT<ff::AdxWords>, ff::FrT<ff::AdxWords>
#endif
                                    >;

using ff::Limbs;

inline constexpr uint64_t kSeed = 0x6375'7a6b'5f66'6600;  // "cuzk_ff\0"

// ---- word-primitive paths ---------------------------------------------------------------

template <class W>
inline constexpr const char* kWordsName = "Unknown";
template <>
inline constexpr const char* kWordsName<ff::PortableWords> = "Portable";
#if CUZK_FF_HAVE_INT128
template <>
inline constexpr const char* kWordsName<ff::Int128Words> = "Int128";
#endif
#if CUZK_FF_HAVE_ADX
template <>
inline constexpr const char* kWordsName<ff::AdxWords> = "Adx";
#endif

// ---- per-field traits -------------------------------------------------------------------

template <class F>
struct FieldInfo;

template <class W>
struct FieldInfo<ff::PrimeField<ff::FqParams, W>> {
  using Params = ff::FqParams;
  using Words = W;
  static constexpr const char* kField = "Fq";
  static constexpr const char* kVectors = "fq.json";
};

template <class W>
struct FieldInfo<ff::PrimeField<ff::FrParams, W>> {
  using Params = ff::FrParams;
  using Words = W;
  static constexpr const char* kField = "Fr";
  static constexpr const char* kVectors = "fr.json";
};

// Typed-test name generator: "Fq_Portable", "Fr_Adx", ...
struct FieldName {
  template <class F>
  static std::string GetName(int) {
    return std::string(FieldInfo<F>::kField) + "_" + kWordsName<typename FieldInfo<F>::Words>;
  }
};

// ---- vectors ----------------------------------------------------------------------------

// Each vector file is parsed once per test binary.
inline const nlohmann::json& cached_vectors(const std::string& name) {
  static std::map<std::string, nlohmann::json> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, test::load_vectors(name)).first;
  return it->second;
}

inline std::string as_string(const nlohmann::json& j) { return j.get<std::string>(); }

// Canonical hex from the vectors → element of any PrimeField instantiation.
template <class F>
F parse_hex(const nlohmann::json& j) {
  const std::string text = j.get<std::string>();
  const auto value = F::from_hex(text);
  if (!value) throw std::runtime_error("vector element does not parse: " + text);
  return *value;
}

// ---- independent limb helpers (not the code under test) ----------------------------------

template <size_t N>
Limbs<N> limbs_u64(uint64_t v) {
  Limbs<N> out{};
  out[0] = v;
  return out;
}

// 2^bit (bit < 64N)
template <size_t N>
Limbs<N> limbs_pow2(size_t bit) {
  Limbs<N> out{};
  out[bit / 64] = uint64_t{1} << (bit % 64);
  return out;
}

// a − s for a small s ≤ a (schoolbook borrow)
template <size_t N>
Limbs<N> limbs_minus(Limbs<N> a, uint64_t s) {
  for (size_t i = 0; i < N && s != 0; ++i) {
    const uint64_t before = a[i];
    a[i] -= s;
    s = before < s ? 1 : 0;
  }
  return a;
}

// a + s for a small s (no overflow out of the top limb expected)
template <size_t N>
Limbs<N> limbs_plus(Limbs<N> a, uint64_t s) {
  for (size_t i = 0; i < N && s != 0; ++i) {
    a[i] += s;
    s = a[i] < s ? 1 : 0;
  }
  return a;
}

template <size_t N>
Limbs<N> limbs_shr1(const Limbs<N>& a) {
  Limbs<N> out{};
  for (size_t i = 0; i < N; ++i) {
    out[i] = a[i] >> 1;
    if (i + 1 < N) out[i] |= a[i + 1] << 63;
  }
  return out;
}

template <size_t N>
bool limbs_less(const Limbs<N>& a, const Limbs<N>& b) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

// Uniform integer in [0, m) by rejection on the bit length of m.
template <size_t N>
Limbs<N> random_below(std::mt19937_64& rng, const Limbs<N>& m) {
  size_t top = 63;
  while (((m[N - 1] >> top) & 1) == 0) --top;
  const uint64_t mask = top == 63 ? ~uint64_t{0} : (uint64_t{2} << top) - 1;
  for (;;) {
    Limbs<N> v;
    for (auto& limb : v) limb = rng();
    v[N - 1] &= mask;
    if (limbs_less(v, m)) return v;
  }
}

// Plain integers < m at the edges of the arithmetic: small values, m − small, halves,
// powers of 2^64, 2^64 − 1 patterns, R mod m and R² mod m (r_mod_m and r2_mod_m given as
// integers), R − 1 mod m (= 2^(64N) − 1 reduced).
template <size_t N>
std::vector<Limbs<N>> edge_integers(const Limbs<N>& m, const Limbs<N>& r_mod_m, const Limbs<N>& r2_mod_m) {
  std::vector<Limbs<N>> out;
  out.push_back(limbs_u64<N>(0));
  out.push_back(limbs_u64<N>(1));
  out.push_back(limbs_u64<N>(2));
  out.push_back(limbs_u64<N>(3));
  out.push_back(limbs_minus(m, 1));
  out.push_back(limbs_minus(m, 2));
  out.push_back(limbs_minus(m, 3));
  out.push_back(limbs_shr1(limbs_minus(m, 1)));               // (m − 1)/2
  out.push_back(limbs_plus(limbs_shr1(limbs_minus(m, 1)), 1));  // (m + 1)/2
  out.push_back(r_mod_m);
  out.push_back(limbs_minus(r_mod_m, 1));  // 2^(64N) − 1 mod m (R mod m ≠ 0)
  out.push_back(r2_mod_m);
  for (size_t k = 1; k < N; ++k) {
    out.push_back(limbs_pow2<N>(64 * k));                // 2^(64k)
    out.push_back(limbs_minus(limbs_pow2<N>(64 * k), 1));  // 2^(64k) − 1
  }
  // m − 2^(64k): low limbs of m kept, one limb lowered
  for (size_t k = 1; k < N; ++k) {
    Limbs<N> v = m;
    bool borrow = true;
    for (size_t i = k; i < N && borrow; ++i) {
      borrow = v[i] == 0;
      v[i] -= 1;
    }
    out.push_back(v);
  }
  // all-ones below the top limb, top limb of m minus one
  {
    Limbs<N> v;
    v.fill(~uint64_t{0});
    v[N - 1] = m[N - 1] - 1;
    out.push_back(v);
  }
  for (const auto& v : out) {
    if (!limbs_less(v, m)) throw std::logic_error("edge value not reduced");
  }
  return out;
}

// The same edges as field elements.
template <class F>
std::vector<F> edge_elements() {
  using Params = typename FieldInfo<F>::Params;
  std::vector<F> out;
  for (const auto& v : edge_integers<F::kLimbs>(Params::kModulus, Params::kOne, Params::kRSquared)) {
    const auto x = F::from_canonical(v);
    if (!x) throw std::logic_error("edge value rejected by from_canonical");
    out.push_back(*x);
  }
  return out;
}

}  // namespace cuzk::fftest
