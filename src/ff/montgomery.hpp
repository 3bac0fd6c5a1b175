// Montgomery arithmetic modulo an odd m of N 64-bit limbs, parameterised by the word
// primitives (PortableWords or FastWords) so both paths share one algorithm and are tested
// against each other.
//
// Multiplication is CIOS (Koç, Acar, Kaliski 1996) with the "no-carry" shortcut: when the
// top limb of m is below 2^63 − 1 the running product never needs an (N+1)-th word
// (gnark-crypto, "Faster Montgomery multiplication", 2021). Both BLS12-381 moduli qualify
// (Fq: top limb 0x1a01…, Fr: 0x73ed…); the static_assert in PrimeField enforces it.
// All inputs and outputs are fully reduced (< m).
#pragma once

#include <type_traits>

#include "ff/limb_arith.hpp"
#if CUZK_FF_HAVE_ADX
#include <immintrin.h>

#include "ff/mont_mul_adx.generated.hpp"
#endif

namespace cuzk::ff {

// A Montgomery modulus: the odd value m and inv = −m^(−1) mod 2^64, laid out contiguously
// (the assembly path reads inv at offset 8N).
template <size_t N>
struct MontgomeryModulus {
  Limbs<N> value;
  uint64_t inv;
};

#if CUZK_FF_HAVE_ADX
// x86-64 with BMI2 + ADX: the generated mulx/adcx/adox multiplication; every other
// operation is the __int128 one.
struct AdxWords : Int128Words {
  // adc/sbb through the intrinsics: GCC emits one adc/sbb chain (the __int128 form spills)
  static inline uint64_t adc(uint64_t a, uint64_t b, uint64_t carry_in, uint64_t* carry_out) {
    unsigned long long r;
    *carry_out = _addcarry_u64(static_cast<unsigned char>(carry_in), a, b, &r);
    return r;
  }
  static inline uint64_t sbb(uint64_t a, uint64_t b, uint64_t borrow_in, uint64_t* borrow_out) {
    unsigned long long r;
    *borrow_out = _subborrow_u64(static_cast<unsigned char>(borrow_in), a, b, &r);
    return r;
  }
};
using FastWords = AdxWords;
#elif CUZK_FF_HAVE_INT128
using FastWords = Int128Words;
#else
using FastWords = PortableWords;
#endif

// out = condition ? if_set : if_clear, without a branch (condition ∈ {0, 1}).
template <size_t N>
inline void select_limbs(Limbs<N>& out, uint64_t condition, const Limbs<N>& if_set, const Limbs<N>& if_clear) {
  const uint64_t mask = 0 - condition;
  for (size_t i = 0; i < N; ++i) {
    uint64_t word = if_clear[i] ^ ((if_clear[i] ^ if_set[i]) & mask);
    // keep each word in a general register: vectorising this select through the stack
    // costs a store-forwarding stall per call
    asm("" : "+r"(word));
    out[i] = word;
  }
}

// out = a·b·2^(−64N) mod m.
template <class W, size_t N>
inline void mont_mul(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& b, const MontgomeryModulus<N>& mod) {
#if CUZK_FF_HAVE_ADX
  if constexpr (std::is_same_v<W, AdxWords> && N == 4) {
    adx::mont_mul_4(out.data(), a.data(), b.data(), mod.value.data());
    return;
  } else if constexpr (std::is_same_v<W, AdxWords> && N == 6) {
    adx::mont_mul_6(out.data(), a.data(), b.data(), mod.value.data());
    return;
  }
#endif
  const Limbs<N>& m = mod.value;
  const uint64_t inv = mod.inv;
  Limbs<N> t{};
#pragma GCC unroll 8
  for (size_t i = 0; i < N; ++i) {
    uint64_t carry_ab;  // carry of the row t + a·b[i]
    uint64_t carry_m;   // carry of the reduction row t + k·m
    t[0] = W::mac(a[0], b[i], t[0], 0, &carry_ab);
    const uint64_t k = t[0] * inv;  // t + k·m ≡ 0 mod 2^64
    W::mac(k, m[0], t[0], 0, &carry_m);
#pragma GCC unroll 8
    for (size_t j = 1; j < N; ++j) {
      t[j] = W::mac(a[j], b[i], t[j], carry_ab, &carry_ab);
      t[j - 1] = W::mac(k, m[j], t[j], carry_m, &carry_m);  // shift down one word
    }
    t[N - 1] = carry_m + carry_ab;  // no overflow: top limb of m < 2^63 − 1
  }
  // t < 2m: one conditional subtraction
  Limbs<N> reduced;
  const uint64_t borrow = sub_limbs<W, N>(reduced, t, m);
  select_limbs(out, borrow, t, reduced);
}

// out = a + b mod m (a, b < m, 2m < 2^(64N))
template <class W, size_t N>
inline void mod_add(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
#if CUZK_FF_HAVE_ADX
  if constexpr (std::is_same_v<W, AdxWords> && N == 4) {
    adx::mod_add_4(out.data(), a.data(), b.data(), m.data());
    return;
  } else if constexpr (std::is_same_v<W, AdxWords> && N == 6) {
    adx::mod_add_6(out.data(), a.data(), b.data(), m.data());
    return;
  }
#endif
  Limbs<N> sum, reduced;
  add_limbs<W, N>(sum, a, b);
  const uint64_t borrow = sub_limbs<W, N>(reduced, sum, m);
  select_limbs(out, borrow, sum, reduced);
}

// out = a − b mod m
template <class W, size_t N>
inline void mod_sub(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& m) {
#if CUZK_FF_HAVE_ADX
  if constexpr (std::is_same_v<W, AdxWords> && N == 4) {
    adx::mod_sub_4(out.data(), a.data(), b.data(), m.data());
    return;
  } else if constexpr (std::is_same_v<W, AdxWords> && N == 6) {
    adx::mod_sub_6(out.data(), a.data(), b.data(), m.data());
    return;
  }
#endif
  Limbs<N> diff, wrapped;
  const uint64_t borrow = sub_limbs<W, N>(diff, a, b);
  add_limbs<W, N>(wrapped, diff, m);
  select_limbs(out, borrow, wrapped, diff);
}

// out = −a mod m
template <class W, size_t N>
inline void mod_neg(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& m) {
  Limbs<N> diff;
  sub_limbs<W, N>(diff, m, a);
  select_limbs(out, is_zero_limbs(a), a, diff);
}

// out = a / 2 mod m: (a + (a odd ? m : 0)) >> 1, with the carry shifted back in
template <class W, size_t N>
inline void mod_half(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& m) {
  Limbs<N> addend{};
  const uint64_t odd_mask = 0 - (a[0] & 1);
  for (size_t i = 0; i < N; ++i) addend[i] = m[i] & odd_mask;
  const uint64_t carry = add_limbs<W, N>(out, a, addend);
  shift_right_one(out, carry);
}

}  // namespace cuzk::ff
