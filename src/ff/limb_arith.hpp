// Multi-precision arithmetic on little-endian 64-bit limbs: the word primitives (a portable
// path built on 32-bit halves and a fast path on unsigned __int128, which x86-64 compiles to
// mul/mulx + adc) and the fixed-width helpers the Montgomery core is built from.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::ff {

template <size_t N>
using Limbs = std::array<uint64_t, N>;

// Word primitives without any 128-bit type: usable on every compiler and target.
struct PortableWords {
  // returns lo(a·b + c + d), *hi = hi(a·b + c + d); the sum always fits in 128 bits.
  static inline uint64_t mac(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t* hi) {
    const uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
    const uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    // mid < 3·2^32: the three 32-bit pieces of weight 2^32
    const uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t lo = (mid << 32) | (p00 & 0xffffffffu);
    uint64_t h = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    lo += c;
    h += lo < c;
    lo += d;
    h += lo < d;
    *hi = h;
    return lo;
  }
  // returns a + b + carry_in, *carry_out ∈ {0, 1}
  static inline uint64_t adc(uint64_t a, uint64_t b, uint64_t carry_in, uint64_t* carry_out) {
    const uint64_t s = a + b;
    const uint64_t r = s + carry_in;
    *carry_out = (s < a) | (r < s);
    return r;
  }
  // returns a − b − borrow_in, *borrow_out ∈ {0, 1}
  static inline uint64_t sbb(uint64_t a, uint64_t b, uint64_t borrow_in, uint64_t* borrow_out) {
    const uint64_t d = a - b;
    const uint64_t r = d - borrow_in;
    *borrow_out = (a < b) | (d < borrow_in);
    return r;
  }
};

#if defined(__SIZEOF_INT128__)
#define CUZK_FF_HAVE_INT128 1
__extension__ typedef unsigned __int128 UInt128;  // __extension__: not ISO C++, silences -pedantic
__extension__ typedef __int128 Int128;
// Word primitives on the compiler's 128-bit integer: mul + add/adc on x86-64.
struct Int128Words {
  using u128 = UInt128;
  static inline uint64_t mac(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t* hi) {
    const u128 r = static_cast<u128>(a) * b + c + d;
    *hi = static_cast<uint64_t>(r >> 64);
    return static_cast<uint64_t>(r);
  }
  static inline uint64_t adc(uint64_t a, uint64_t b, uint64_t carry_in, uint64_t* carry_out) {
    const u128 r = static_cast<u128>(a) + b + carry_in;
    *carry_out = static_cast<uint64_t>(r >> 64);
    return static_cast<uint64_t>(r);
  }
  static inline uint64_t sbb(uint64_t a, uint64_t b, uint64_t borrow_in, uint64_t* borrow_out) {
    const u128 r = static_cast<u128>(a) - b - borrow_in;
    *borrow_out = static_cast<uint64_t>(r >> 64) & 1;
    return static_cast<uint64_t>(r);
  }
};
#else
#define CUZK_FF_HAVE_INT128 0
#endif

// The generated BMI2/ADX assembly (mont_mul_adx.generated.hpp) needs an x86-64 GCC/Clang;
// the build enables it with CUZK_FF_ENABLE_ADX (every x86-64 CPU cuzk targets has ADX,
// checked at run time by `cuzk selftest`).
#if defined(__x86_64__) && defined(__GNUC__) && defined(CUZK_FF_ENABLE_ADX) && CUZK_FF_HAVE_INT128
#define CUZK_FF_HAVE_ADX 1
#else
#define CUZK_FF_HAVE_ADX 0
#endif

// out = a + b; returns the carry out of the top limb.
template <class W, size_t N>
inline uint64_t add_limbs(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& b) {
  uint64_t carry = 0;
  for (size_t i = 0; i < N; ++i) out[i] = W::adc(a[i], b[i], carry, &carry);
  return carry;
}

// out = a − b; returns the borrow out of the top limb.
template <class W, size_t N>
inline uint64_t sub_limbs(Limbs<N>& out, const Limbs<N>& a, const Limbs<N>& b) {
  uint64_t borrow = 0;
  for (size_t i = 0; i < N; ++i) out[i] = W::sbb(a[i], b[i], borrow, &borrow);
  return borrow;
}

// a < b as unsigned integers
template <size_t N>
inline bool less_than(const Limbs<N>& a, const Limbs<N>& b) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

template <size_t N>
inline bool is_zero_limbs(const Limbs<N>& a) {
  uint64_t acc = 0;
  for (size_t i = 0; i < N; ++i) acc |= a[i];
  return acc == 0;
}

// a >>= 1, shifting top_bit into the most significant position
template <size_t N>
inline void shift_right_one(Limbs<N>& a, uint64_t top_bit) {
  for (size_t i = 0; i + 1 < N; ++i) a[i] = (a[i] >> 1) | (a[i + 1] << 63);
  a[N - 1] = (a[N - 1] >> 1) | (top_bit << 63);
}

// bit i of a (i < 64·N)
template <size_t N>
inline bool bit_at(const Limbs<N>& a, size_t i) {
  return (a[i / 64] >> (i % 64)) & 1;
}

// index of the highest set bit plus one; 0 for a = 0
template <size_t N>
inline size_t bit_length(const Limbs<N>& a) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != 0) return 64 * i + 64 - static_cast<size_t>(__builtin_clzll(a[i]));
  }
  return 0;
}

}  // namespace cuzk::ff
