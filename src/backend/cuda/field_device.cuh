// Device-side Montgomery arithmetic for the BLS12-381 fields on 32-bit limbs:
// DeviceFr (8 words, r = 0x73eda753…00000001) and DeviceFq (12 words, p = 0x1a0111ea…aaab).
//
// Same representation as the host fields (src/ff): Montgomery form v·R mod m with
// R = 2^256 for Fr and R = 2^384 for Fq, fully reduced (< m), little-endian. A host element's
// 64-bit limbs are therefore, byte for byte, the device element's 32-bit words
// (word 2i = low half of limb i, word 2i+1 = high half, on a little-endian host), so arrays
// of ff::Fr / ff::Fq are copied to the device unchanged.
//
// Multiplication is CIOS (Koç, Acar, Kaliski 1996) on 32-bit words. Each row t += x·y_i is
// two PTX carry chains: the low halves lo(x_j·y_i) added at word j (mad.lo.cc / madc.lo.cc),
// then the high halves hi(x_j·y_i) added at word j+1 (mad.hi.cc / madc.hi.cc). The running
// value t needs N+1 words: with a, b < m and 2m < 2^(32N) every partial sum stays below
// 2m·2^32 < 2^(32(N+1)), so no chain ever carries out of word N, and t < 2m after each row.
//
// The carry flag lives between consecutive asm statements of one chain, as in sppark's
// mont_t and CGBN: each chain is a straight run of `asm volatile` statements (volatile keeps
// them in order) with no C++ arithmetic in between, and ptxas models the .cc dependency.
// The GPU-vs-CPU differential tests (tests/backend/cuda) check every operator at both widths.
//
// Header for .cu files inside backend/cuda only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "ff/constants.generated.hpp"

namespace cuzk::backend::cuda {

namespace detail {

// A multi-word constant as a pack of 32-bit words: word(i) with i known at compile time
// (every loop below is fully unrolled) folds to an immediate, so no constant memory is read.
template <uint32_t... kWords>
struct WordConstant {
  static constexpr size_t kSize = sizeof...(kWords);
  __host__ __device__ static constexpr uint32_t word(size_t i) {
    constexpr uint32_t kArray[] = {kWords...};
    return kArray[i];
  }
};

template <const auto& kLimbs64, class Indices>
struct SplitWords;
// word i of a little-endian 64-bit-limb integer: limb i/2, low half if i is even
template <const auto& kLimbs64, size_t... kI>
struct SplitWords<kLimbs64, std::index_sequence<kI...>> {
  using type = WordConstant<static_cast<uint32_t>(kLimbs64[kI / 2] >> (32 * (kI % 2)))...>;
};

// A constant of 64-bit limbs (src/ff/constants.generated.hpp), split into 32-bit words at
// compile time.
template <const auto& kLimbs64>
using Words32 = typename SplitWords<
    kLimbs64, std::make_index_sequence<2 * std::tuple_size_v<std::remove_cvref_t<decltype(kLimbs64)>>>>::type;

// t[0..N] += x[0..N−1]·y. Precondition: the true sum fits in N+1 words (see the file header),
// so the final carry out of t[N] is zero and is dropped.
template <size_t N>
__device__ __forceinline__ void mad_row(uint32_t (&t)[N + 1], const uint32_t (&x)[N], uint32_t y) {
  // t += Σ lo(x_j·y)·2^(32j)
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[0]) : "r"(x[0]), "r"(y));
#pragma unroll
  for (size_t j = 1; j < N; ++j) {
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[j]) : "r"(x[j]), "r"(y));
  }
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[N]));
  // t += Σ hi(x_j·y)·2^(32(j+1))
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[1]) : "r"(x[0]), "r"(y));
#pragma unroll
  for (size_t j = 1; j + 1 < N; ++j) {
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[j + 1]) : "r"(x[j]), "r"(y));
  }
  asm volatile("madc.hi.u32 %0, %1, %2, %0;" : "+r"(t[N]) : "r"(x[N - 1]), "r"(y));
}

// t[2i+1 .. ] += x_i·x[i+1..N)·2^(32(2i+1)) (a squaring's cross products of row i), carry
// rippled to the top of t[0..2N]; the true sum never exceeds 2^(64N).
template <size_t N>
__device__ __forceinline__ void mad_row_at(uint32_t (&t)[2 * N + 1], const uint32_t (&x)[N], size_t i) {
  const uint32_t y = x[i];
  // lo halves: x_j·y at word i + j, j = i+1..N−1
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[2 * i + 1]) : "r"(x[i + 1]), "r"(y));
#pragma unroll
  for (size_t j = i + 2; j < N; ++j) {
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j]) : "r"(x[j]), "r"(y));
  }
#pragma unroll
  for (size_t j = i + N; j < 2 * N; ++j) asm volatile("addc.cc.u32 %0, %0, 0;" : "+r"(t[j]));
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[2 * N]));
  // hi halves: x_j·y at word i + j + 1
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[2 * i + 2]) : "r"(x[i + 1]), "r"(y));
#pragma unroll
  for (size_t j = i + 2; j < N; ++j) {
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j + 1]) : "r"(x[j]), "r"(y));
  }
#pragma unroll
  for (size_t j = i + N + 1; j < 2 * N; ++j) asm volatile("addc.cc.u32 %0, %0, 0;" : "+r"(t[j]));
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[2 * N]));
}

// t[0..M) = 2·t[0..M) (the top bit shifted out is zero: t < 2^(32M−1) for the cross products).
template <size_t M>
__device__ __forceinline__ void double_words(uint32_t (&t)[M + 1]) {
#pragma unroll
  for (size_t j = M - 1; j > 0; --j) t[j] = __funnelshift_l(t[j - 1], t[j], 1);
  t[0] <<= 1;
}

// t[0..2N] += Σ x_i²·2^(64i)
template <size_t N>
__device__ __forceinline__ void add_squares(uint32_t (&t)[2 * N + 1], const uint32_t (&x)[N]) {
  asm volatile("mad.lo.cc.u32 %0, %1, %1, %0;" : "+r"(t[0]) : "r"(x[0]));
  asm volatile("madc.hi.cc.u32 %0, %1, %1, %0;" : "+r"(t[1]) : "r"(x[0]));
#pragma unroll
  for (size_t i = 1; i < N; ++i) {
    asm volatile("madc.lo.cc.u32 %0, %1, %1, %0;" : "+r"(t[2 * i]) : "r"(x[i]));
    asm volatile("madc.hi.cc.u32 %0, %1, %1, %0;" : "+r"(t[2 * i + 1]) : "r"(x[i]));
  }
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[2 * N]));
}

// t += k·m·2^(32i), carry rippled to the top of t[0..2N] (SOS reduction row i).
template <size_t N>
__device__ __forceinline__ void reduce_row(uint32_t (&t)[2 * N + 1], const uint32_t (&m)[N], uint32_t k, size_t i) {
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[i]) : "r"(m[0]), "r"(k));
#pragma unroll
  for (size_t j = 1; j < N; ++j) asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j]) : "r"(m[j]), "r"(k));
#pragma unroll
  for (size_t j = i + N; j < 2 * N; ++j) asm volatile("addc.cc.u32 %0, %0, 0;" : "+r"(t[j]));
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[2 * N]));
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + 1]) : "r"(m[0]), "r"(k));
#pragma unroll
  for (size_t j = 1; j < N; ++j) asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t[i + j + 1]) : "r"(m[j]), "r"(k));
#pragma unroll
  for (size_t j = i + N + 1; j < 2 * N; ++j) asm volatile("addc.cc.u32 %0, %0, 0;" : "+r"(t[j]));
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(t[2 * N]));
}

// out = x − m if x ≥ m, else x (x < 2m, as words).
template <class Modulus, size_t N>
__device__ __forceinline__ void reduce_once(uint32_t (&out)[N], const uint32_t (&x)[N]) {
  uint32_t diff[N];
  uint32_t borrow_mask;  // 0xffffffff if x < m
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(diff[0]) : "r"(x[0]), "r"(Modulus::word(0)));
#pragma unroll
  for (size_t j = 1; j < N; ++j) {
    asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(diff[j]) : "r"(x[j]), "r"(Modulus::word(j)));
  }
  asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow_mask));
#pragma unroll
  for (size_t j = 0; j < N; ++j) out[j] = (x[j] & borrow_mask) | (diff[j] & ~borrow_mask);
}

}  // namespace detail

// Fr: −r^(−1) mod 2^32 is the low word of −r^(−1) mod 2^64 (kFrInv).
struct DeviceFrParams {
  static constexpr size_t kWords = 8;
  using Modulus = detail::Words32<ff::constants::kFrModulus>;
  using One = detail::Words32<ff::constants::kFrOne>;  // R mod r, R = 2^256
  static constexpr uint32_t kInv = static_cast<uint32_t>(ff::constants::kFrInv);  // −r^(−1) mod 2^32
};

// Fq: −p^(−1) mod 2^32 is the low word of −p^(−1) mod 2^64 (kFqInv).
struct DeviceFqParams {
  static constexpr size_t kWords = 12;
  using Modulus = detail::Words32<ff::constants::kFqModulus>;
  using One = detail::Words32<ff::constants::kFqOne>;  // R mod p, R = 2^384
  static constexpr uint32_t kInv = static_cast<uint32_t>(ff::constants::kFqInv);  // −p^(−1) mod 2^32
};

// An element of Z/mZ in Montgomery form on 32-bit words. Plain data (trivially copyable),
// 16-byte aligned so that loads and stores are 128-bit. All operations take and return
// fully reduced values and never fail.
template <class Params>
class alignas(16) DeviceField {
 public:
  static constexpr size_t kWords = Params::kWords;
  using Modulus = typename Params::Modulus;
  static_assert(Modulus::kSize == kWords && Params::One::kSize == kWords);
  // The no-overflow argument in the file header needs 2m < 2^(32N).
  static_assert(Modulus::word(kWords - 1) < 0x80000000u, "modulus needs a spare top bit");
  // −m^(−1) mod 2^32 really is the negated inverse: m·inv ≡ −1 (mod 2^32).
  static_assert(static_cast<uint32_t>(Modulus::word(0) * Params::kInv) == 0xffffffffu);

  DeviceField() = default;  // uninitialised, like any plain array

  __device__ __forceinline__ static DeviceField zero() {
    DeviceField out;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = 0;
    return out;
  }
  // R mod m: the Montgomery form of 1
  __device__ __forceinline__ static DeviceField one() {
    DeviceField out;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) out.word_[j] = Params::One::word(j);
    return out;
  }

  __device__ __forceinline__ uint32_t word(size_t j) const { return word_[j]; }

  __device__ __forceinline__ bool is_zero() const {
    uint32_t acc = 0;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) acc |= word_[j];
    return acc == 0;
  }
  __device__ __forceinline__ friend bool operator==(const DeviceField& a, const DeviceField& b) {
    uint32_t acc = 0;
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) acc |= a.word_[j] ^ b.word_[j];
    return acc == 0;
  }

  // out = a + b mod m
  __device__ __forceinline__ static void add(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    uint32_t sum[kWords];  // a + b < 2m < 2^(32N): no carry out
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(sum[0]) : "r"(a.word_[0]), "r"(b.word_[0]));
#pragma unroll
    for (size_t j = 1; j + 1 < kWords; ++j) {
      asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(sum[j]) : "r"(a.word_[j]), "r"(b.word_[j]));
    }
    asm volatile("addc.u32 %0, %1, %2;" : "=r"(sum[kWords - 1]) : "r"(a.word_[kWords - 1]), "r"(b.word_[kWords - 1]));
    detail::reduce_once<Modulus>(out.word_, sum);
  }

  // out = a − b mod m: d = a − b, plus m if that borrowed
  __device__ __forceinline__ static void sub(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    uint32_t diff[kWords];
    uint32_t borrow_mask;  // 0xffffffff if a < b
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(diff[0]) : "r"(a.word_[0]), "r"(b.word_[0]));
#pragma unroll
    for (size_t j = 1; j < kWords; ++j) {
      asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(diff[j]) : "r"(a.word_[j]), "r"(b.word_[j]));
    }
    asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow_mask));
    uint32_t addend[kWords];  // m if a − b borrowed, else 0
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) addend[j] = Modulus::word(j) & borrow_mask;
    // out = d + addend mod 2^(32N)
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(out.word_[0]) : "r"(diff[0]), "r"(addend[0]));
#pragma unroll
    for (size_t j = 1; j + 1 < kWords; ++j) {
      asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(out.word_[j]) : "r"(diff[j]), "r"(addend[j]));
    }
    asm volatile("addc.u32 %0, %1, %2;" : "=r"(out.word_[kWords - 1]) : "r"(diff[kWords - 1]), "r"(addend[kWords - 1]));
  }

  // out = a·b·R^(−1) mod m (CIOS; out may alias a or b)
  __device__ __forceinline__ static void mul(DeviceField& out, const DeviceField& a, const DeviceField& b) {
    uint32_t modulus[kWords];
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) modulus[j] = Modulus::word(j);
    uint32_t t[kWords + 1];
#pragma unroll
    for (size_t j = 0; j <= kWords; ++j) t[j] = 0;
#pragma unroll
    for (size_t i = 0; i < kWords; ++i) {
      detail::mad_row<kWords>(t, a.word_, b.word_[i]);  // t += a·b_i
      const uint32_t k = t[0] * Params::kInv;             // t + k·m ≡ 0 mod 2^32
      detail::mad_row<kWords>(t, modulus, k);             // t += k·m
#pragma unroll
      for (size_t j = 0; j < kWords; ++j) t[j] = t[j + 1];  // t /= 2^32 (t[0] is now 0)
      t[kWords] = 0;
    }
    // t < 2m: one conditional subtraction
    uint32_t product[kWords];
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) product[j] = t[j];
    detail::reduce_once<Modulus>(out.word_, product);
  }

  // out = a² mod m: the cross products x_i·x_j (i < j) once, doubled, plus the squares
  // x_i², then N Montgomery reduction rows (SOS; Koç, Acar, Kaliski 1996, §4). Saves
  // N(N−1)/2 of the N² word products of mul(); the reduction is the same N² as in CIOS.
  __device__ __forceinline__ static void sqr(DeviceField& out, const DeviceField& a) {
    uint32_t t[2 * kWords + 1];
#pragma unroll
    for (size_t j = 0; j <= 2 * kWords; ++j) t[j] = 0;
    // t = Σ_{i<j} x_i·x_j·2^(32(i+j)): row i adds x_i·x[i+1..N) at word 2i+1
#pragma unroll
    for (size_t i = 0; i + 1 < kWords; ++i) detail::mad_row_at<kWords>(t, a.word_, i);
    // t = 2t + Σ x_i²·2^(64i)
    detail::double_words<2 * kWords>(t);
    detail::add_squares<kWords>(t, a.word_);
    // N reduction rows: t += k·m·2^(32i), k = t_i·(−m^(−1)) mod 2^32, carries rippled up
    uint32_t modulus[kWords];
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) modulus[j] = Modulus::word(j);
#pragma unroll
    for (size_t i = 0; i < kWords; ++i) {
      const uint32_t k = t[i] * Params::kInv;
      detail::reduce_row<kWords>(t, modulus, k, i);
    }
    // t / 2^(32N) < 2m: one conditional subtraction
    uint32_t product[kWords];
#pragma unroll
    for (size_t j = 0; j < kWords; ++j) product[j] = t[kWords + j];
    detail::reduce_once<Modulus>(out.word_, product);
  }

  // out = 2a mod m
  __device__ __forceinline__ static void dbl(DeviceField& out, const DeviceField& a) { add(out, a, a); }
  // out = −a mod m (0 stays 0)
  __device__ __forceinline__ static void neg(DeviceField& out, const DeviceField& a) { sub(out, zero(), a); }

  // The plain integer a·R^(−1) mod m that this Montgomery form stands for (a Montgomery
  // product with the plain integer 1), as words.
  __device__ __forceinline__ DeviceField to_canonical() const {
    DeviceField plain_one = zero();
    plain_one.word_[0] = 1;
    DeviceField out;
    mul(out, *this, plain_one);
    return out;
  }
  __device__ __forceinline__ bool is_one() const { return *this == one(); }

  // a^(m−2) = a^(−1) mod m by Fermat (0 maps to 0): square-and-multiply over the bits of
  // m − 2 from the top, ~32N squarings and ~16N products. For one-off normalisations (the
  // fixed-base setup), not for inner loops.
  __device__ DeviceField inverse() const {
    DeviceField acc = one();
#pragma unroll 1
    for (int i = static_cast<int>(kWords) - 1; i >= 0; --i) {
      const uint32_t e = Modulus::word(static_cast<size_t>(i)) - (i == 0 ? 2u : 0u);  // m is odd and > 2: no borrow
#pragma unroll 1
      for (int bit = 31; bit >= 0; --bit) {
        sqr(acc, acc);
        if ((e >> bit) & 1u) mul(acc, acc, *this);
      }
    }
    return acc;
  }

  __device__ __forceinline__ friend DeviceField operator+(const DeviceField& a, const DeviceField& b) {
    DeviceField out;
    add(out, a, b);
    return out;
  }
  __device__ __forceinline__ friend DeviceField operator-(const DeviceField& a, const DeviceField& b) {
    DeviceField out;
    sub(out, a, b);
    return out;
  }
  __device__ __forceinline__ friend DeviceField operator*(const DeviceField& a, const DeviceField& b) {
    DeviceField out;
    mul(out, a, b);
    return out;
  }
  __device__ __forceinline__ DeviceField square() const {
    DeviceField out;
    sqr(out, *this);
    return out;
  }

 private:
  uint32_t word_[kWords];  // little-endian, Montgomery form, < m
};

using DeviceFr = DeviceField<DeviceFrParams>;
using DeviceFq = DeviceField<DeviceFqParams>;

static_assert(sizeof(DeviceFr) == 32 && std::is_trivially_copyable_v<DeviceFr>);
static_assert(sizeof(DeviceFq) == 48 && std::is_trivially_copyable_v<DeviceFq>);

}  // namespace cuzk::backend::cuda
