// Differential test of the word-primitive paths: mont_mul, mod_add, mod_sub, mod_neg and
// mod_half on PortableWords, Int128Words and AdxWords (when built) must agree bit for bit,
// and with an independent textbook reference (separated-operand-scanning REDC on a
// double-width product, plain add/subtract with explicit comparison), for the Fr modulus
// (N = 4) and the Fq modulus (N = 6). Inputs: every pair of edge values, then 10 000 random
// pairs mixed with edge values.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ff_test_util.hpp"

namespace cuzk::fftest {
namespace {

using ff::MontgomeryModulus;

// ---- independent reference (portable 32×32 → 64 products, no shortcuts) -----------------

// lo/hi of a·b without a 128-bit type
void mul_wide(uint64_t a, uint64_t b, uint64_t* lo, uint64_t* hi) {
  const uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const uint64_t cross = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  *lo = (cross << 32) | (p00 & 0xffffffffu);
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (cross >> 32);
}

// t[pos..] += v, propagating the carry to the end of t
template <size_t L>
void add_at(std::array<uint64_t, L>& t, size_t pos, uint64_t v) {
  for (size_t i = pos; i < L && v != 0; ++i) {
    t[i] += v;
    v = t[i] < v ? 1 : 0;
  }
}

// a·b·2^(−64N) mod m: full product, then N word-wise REDC steps on a (2N+1)-word value.
template <size_t N>
Limbs<N> ref_mont_mul(const Limbs<N>& a, const Limbs<N>& b, const MontgomeryModulus<N>& mod) {
  std::array<uint64_t, 2 * N + 1> t{};
  for (size_t i = 0; i < N; ++i) {
    for (size_t j = 0; j < N; ++j) {
      uint64_t lo, hi;
      mul_wide(a[i], b[j], &lo, &hi);
      add_at(t, i + j, lo);
      add_at(t, i + j + 1, hi);
    }
  }
  for (size_t i = 0; i < N; ++i) {
    const uint64_t k = t[i] * mod.inv;
    for (size_t j = 0; j < N; ++j) {
      uint64_t lo, hi;
      mul_wide(k, mod.value[j], &lo, &hi);
      add_at(t, i + j, lo);
      add_at(t, i + j + 1, hi);
    }
    if (t[i] != 0) ADD_FAILURE() << "reference REDC did not clear word " << i;
  }
  // result = t >> 64N, an (N+1)-word value < 2m
  std::array<uint64_t, N + 1> r{};
  for (size_t i = 0; i <= N; ++i) r[i] = t[N + i];
  std::array<uint64_t, N + 1> m{};
  for (size_t i = 0; i < N; ++i) m[i] = mod.value[i];
  if (!limbs_less(r, m)) {
    uint64_t borrow = 0;
    for (size_t i = 0; i <= N; ++i) {
      const uint64_t d = r[i] - m[i] - borrow;
      borrow = (r[i] < m[i] || (r[i] == m[i] && borrow)) ? 1 : 0;
      r[i] = d;
    }
  }
  if (!limbs_less(r, m)) ADD_FAILURE() << "reference REDC result not reduced";
  Limbs<N> out;
  for (size_t i = 0; i < N; ++i) out[i] = r[i];
  return out;
}

// (N+1)-word helpers for the additive reference
template <size_t N>
std::array<uint64_t, N + 1> widen(const Limbs<N>& a) {
  std::array<uint64_t, N + 1> out{};
  for (size_t i = 0; i < N; ++i) out[i] = a[i];
  return out;
}
template <size_t L>
std::array<uint64_t, L> wide_add(const std::array<uint64_t, L>& a, const std::array<uint64_t, L>& b) {
  std::array<uint64_t, L> out{};
  uint64_t carry = 0;
  for (size_t i = 0; i < L; ++i) {
    const uint64_t s = a[i] + b[i];
    const uint64_t s2 = s + carry;
    carry = (s < a[i] || s2 < s) ? 1 : 0;
    out[i] = s2;
  }
  return out;
}
template <size_t L>
std::array<uint64_t, L> wide_sub(const std::array<uint64_t, L>& a, const std::array<uint64_t, L>& b) {  // a ≥ b
  std::array<uint64_t, L> out{};
  uint64_t borrow = 0;
  for (size_t i = 0; i < L; ++i) {
    out[i] = a[i] - b[i] - borrow;
    borrow = (a[i] < b[i] || (a[i] == b[i] && borrow)) ? 1 : 0;
  }
  return out;
}
template <size_t N>
Limbs<N> narrow(const std::array<uint64_t, N + 1>& a) {
  if (a[N] != 0) ADD_FAILURE() << "reference value does not fit N limbs";
  Limbs<N> out;
  for (size_t i = 0; i < N; ++i) out[i] = a[i];
  return out;
}

template <size_t N>
Limbs<N> ref_add(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
  auto s = wide_add(widen(a), widen(b));
  if (!limbs_less(s, widen(m))) s = wide_sub(s, widen(m));
  return narrow<N>(s);
}
template <size_t N>
Limbs<N> ref_sub(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
  if (limbs_less(a, b)) return narrow<N>(wide_sub(wide_add(widen(a), widen(m)), widen(b)));
  return narrow<N>(wide_sub(widen(a), widen(b)));
}
template <size_t N>
Limbs<N> ref_neg(const Limbs<N>& a, const Limbs<N>& m) {
  return ref_sub(Limbs<N>{}, a, m);
}
template <size_t N>
Limbs<N> ref_half(const Limbs<N>& a, const Limbs<N>& m) {
  auto s = widen(a);
  if (a[0] & 1) s = wide_add(s, widen(m));
  std::array<uint64_t, N + 1> out{};
  for (size_t i = 0; i < N; ++i) out[i] = (s[i] >> 1) | (s[i + 1] << 63);
  out[N] = s[N] >> 1;
  return narrow<N>(out);
}

// ---- the paths under test ---------------------------------------------------------------

template <class W, size_t N>
struct PathOps {
  static Limbs<N> mul(const Limbs<N>& a, const Limbs<N>& b, const MontgomeryModulus<N>& mod) {
    Limbs<N> out;
    ff::mont_mul<W, N>(out, a, b, mod);
    return out;
  }
  static Limbs<N> add(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
    Limbs<N> out;
    ff::mod_add<W, N>(out, a, b, m);
    return out;
  }
  static Limbs<N> sub(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
    Limbs<N> out;
    ff::mod_sub<W, N>(out, a, b, m);
    return out;
  }
  static Limbs<N> neg(const Limbs<N>& a, const Limbs<N>& m) {
    Limbs<N> out;
    ff::mod_neg<W, N>(out, a, m);
    return out;
  }
  static Limbs<N> half(const Limbs<N>& a, const Limbs<N>& m) {
    Limbs<N> out;
    ff::mod_half<W, N>(out, a, m);
    return out;
  }
};

// Checks one path W on (a, b) against the reference values; returns false on a mismatch so
// the caller can stop after the first few failures.
template <class W, size_t N>
bool check_path(const char* name, const Limbs<N>& a, const Limbs<N>& b, const MontgomeryModulus<N>& mod,
                const Limbs<N>& mul, const Limbs<N>& add, const Limbs<N>& sub, const Limbs<N>& neg,
                const Limbs<N>& half) {
  using Ops = PathOps<W, N>;
  const Limbs<N>& m = mod.value;
  bool ok = true;
  auto expect = [&](const char* op, const Limbs<N>& got, const Limbs<N>& want) {
    if (got != want) {
      ok = false;
      ADD_FAILURE() << name << " " << op << " N=" << N << "\n  a    = " << ::testing::PrintToString(a)
                    << "\n  b    = " << ::testing::PrintToString(b) << "\n  got  = " << ::testing::PrintToString(got)
                    << "\n  want = " << ::testing::PrintToString(want);
    }
  };
  expect("mont_mul", Ops::mul(a, b, mod), mul);
  expect("mod_add", Ops::add(a, b, m), add);
  expect("mod_sub", Ops::sub(a, b, m), sub);
  expect("mod_neg", Ops::neg(a, m), neg);
  expect("mod_half", Ops::half(a, m), half);
  return ok;
}

template <size_t N>
bool check_all_paths(const Limbs<N>& a, const Limbs<N>& b, const MontgomeryModulus<N>& mod) {
  const Limbs<N>& m = mod.value;
  const Limbs<N> mul = ref_mont_mul(a, b, mod);
  const Limbs<N> add = ref_add(a, b, m), sub = ref_sub(a, b, m), neg = ref_neg(a, m), half = ref_half(a, m);
  bool ok = check_path<ff::PortableWords, N>("Portable", a, b, mod, mul, add, sub, neg, half);
#if CUZK_FF_HAVE_INT128
  ok = check_path<ff::Int128Words, N>("Int128", a, b, mod, mul, add, sub, neg, half) && ok;
#endif
#if CUZK_FF_HAVE_ADX
  ok = check_path<ff::AdxWords, N>("Adx", a, b, mod, mul, add, sub, neg, half) && ok;
#endif
  return ok;
}

template <size_t N>
void run_differential(const MontgomeryModulus<N>& mod, const Limbs<N>& r_mod_m, const Limbs<N>& r2_mod_m,
                      uint64_t seed) {
  const std::vector<Limbs<N>> edges = edge_integers<N>(mod.value, r_mod_m, r2_mod_m);
  ASSERT_GE(edges.size(), 20u);
  int failures = 0;
  for (const auto& a : edges) {
    for (const auto& b : edges) {
      if (!check_all_paths(a, b, mod) && ++failures > 10) FAIL() << "stopping after 10 failing pairs";
    }
  }
  std::mt19937_64 rng(seed);
  constexpr int kPairs = 10000;
  for (int i = 0; i < kPairs; ++i) {
    // one in eight operands is an edge value, the rest uniform below m
    auto draw = [&]() -> Limbs<N> {
      if (rng() % 8 == 0) return edges[rng() % edges.size()];
      return random_below(rng, mod.value);
    };
    const Limbs<N> a = draw(), b = draw();
    if (!check_all_paths(a, b, mod) && ++failures > 10) FAIL() << "stopping after 10 failing pairs";
  }
}

TEST(WordPaths, DifferentialFr) {
  run_differential<4>(ff::FrT<>::kMont, ff::constants::kFrOne, ff::constants::kFrRSquared, kSeed + 4);
}

TEST(WordPaths, DifferentialFq) {
  run_differential<6>(ff::FqT<>::kMont, ff::constants::kFqOne, ff::constants::kFqRSquared, kSeed + 6);
}

// The reference itself: R² ·R⁻¹ = R (the Montgomery form of one), R ·R⁻¹ = 1.
TEST(WordPaths, ReferenceSanity) {
  EXPECT_EQ(ref_mont_mul<6>(ff::constants::kFqRSquared, limbs_u64<6>(1), ff::FqT<>::kMont), ff::constants::kFqOne);
  EXPECT_EQ(ref_mont_mul<6>(ff::constants::kFqOne, limbs_u64<6>(1), ff::FqT<>::kMont), limbs_u64<6>(1));
  EXPECT_EQ(ref_mont_mul<4>(ff::constants::kFrRSquared, limbs_u64<4>(1), ff::FrT<>::kMont), ff::constants::kFrOne);
  EXPECT_EQ(ref_mont_mul<4>(ff::constants::kFrOne, limbs_u64<4>(1), ff::FrT<>::kMont), limbs_u64<4>(1));
  // R³ = mont_mul(R², R²)
  EXPECT_EQ(ref_mont_mul<6>(ff::constants::kFqRSquared, ff::constants::kFqRSquared, ff::FqT<>::kMont),
            ff::constants::kFqRCubed);
  EXPECT_EQ(ref_mont_mul<4>(ff::constants::kFrRSquared, ff::constants::kFrRSquared, ff::FrT<>::kMont),
            ff::constants::kFrRCubed);
  // −m⁻¹ mod 2^64: m·inv ≡ −1
  EXPECT_EQ(ff::constants::kFqModulus[0] * ff::constants::kFqInv, ~uint64_t{0});
  EXPECT_EQ(ff::constants::kFrModulus[0] * ff::constants::kFrInv, ~uint64_t{0});
}

// mont_mul may be called with the output aliasing an input (the assembly documents it).
template <class W, size_t N>
void check_aliasing(const MontgomeryModulus<N>& mod, std::mt19937_64& rng) {
  for (int i = 0; i < 100; ++i) {
    const Limbs<N> a = random_below(rng, mod.value), b = random_below(rng, mod.value);
    const Limbs<N> want = ref_mont_mul(a, b, mod);
    Limbs<N> x = a;
    ff::mont_mul<W, N>(x, x, b, mod);
    EXPECT_EQ(x, want) << kWordsName<W> << " out == a";
    Limbs<N> y = b;
    ff::mont_mul<W, N>(y, a, y, mod);
    EXPECT_EQ(y, want) << kWordsName<W> << " out == b";
    Limbs<N> z = a;
    ff::mont_mul<W, N>(z, z, z, mod);
    EXPECT_EQ(z, ref_mont_mul(a, a, mod)) << kWordsName<W> << " out == a == b";
  }
}

TEST(WordPaths, MontMulOutputMayAliasInputs) {
  std::mt19937_64 rng(kSeed + 7);
  check_aliasing<ff::PortableWords, 4>(ff::FrT<>::kMont, rng);
  check_aliasing<ff::PortableWords, 6>(ff::FqT<>::kMont, rng);
#if CUZK_FF_HAVE_INT128
  check_aliasing<ff::Int128Words, 4>(ff::FrT<>::kMont, rng);
  check_aliasing<ff::Int128Words, 6>(ff::FqT<>::kMont, rng);
#endif
#if CUZK_FF_HAVE_ADX
  check_aliasing<ff::AdxWords, 4>(ff::FrT<>::kMont, rng);
  check_aliasing<ff::AdxWords, 6>(ff::FqT<>::kMont, rng);
#endif
}

// Word primitives directly: mac/adc/sbb of the two C++ paths agree on edge words.
TEST(WordPaths, WordPrimitivesAgree) {
#if CUZK_FF_HAVE_INT128
  const uint64_t kMax = ~uint64_t{0};
  std::vector<uint64_t> words = {0, 1, 2, kMax, kMax - 1, uint64_t{1} << 32, (uint64_t{1} << 32) - 1,
                                 uint64_t{1} << 63, (uint64_t{1} << 63) - 1, 0xffffffff00000001u};
  std::mt19937_64 rng(kSeed + 8);
  for (int i = 0; i < 20; ++i) words.push_back(rng());
  for (const uint64_t a : words) {
    for (const uint64_t b : words) {
      for (const uint64_t c : {uint64_t{0}, uint64_t{1}, kMax, a}) {
        for (const uint64_t d : {uint64_t{0}, kMax, b}) {
          uint64_t hp = 0, hi = 0;
          const uint64_t lp = ff::PortableWords::mac(a, b, c, d, &hp);
          const uint64_t li = ff::Int128Words::mac(a, b, c, d, &hi);
          ASSERT_EQ(lp, li) << a << " " << b << " " << c << " " << d;
          ASSERT_EQ(hp, hi) << a << " " << b << " " << c << " " << d;
        }
      }
      for (const uint64_t carry : {uint64_t{0}, uint64_t{1}}) {
        uint64_t cp = 9, ci = 9;
        ASSERT_EQ(ff::PortableWords::adc(a, b, carry, &cp), ff::Int128Words::adc(a, b, carry, &ci));
        ASSERT_EQ(cp, ci) << "adc " << a << " " << b << " " << carry;
        ASSERT_EQ(ff::PortableWords::sbb(a, b, carry, &cp), ff::Int128Words::sbb(a, b, carry, &ci));
        ASSERT_EQ(cp, ci) << "sbb " << a << " " << b << " " << carry;
      }
    }
  }
#else
  GTEST_SKIP() << "no unsigned __int128 on this compiler";
#endif
}

}  // namespace
}  // namespace cuzk::fftest
