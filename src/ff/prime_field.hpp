// PrimeField<Params>: an element of Z/mZ kept in Montgomery form (v·R mod m, R = 2^(64N)).
// Fq and Fr are instances (fq.hpp, fr.hpp). The word-primitive policy W picks the arithmetic
// path: FastWords (unsigned __int128) by default, PortableWords for the reference path that
// tests compare against. Arithmetic never fails; parsing returns std::nullopt on bad input.
// Values are plain data: thread-compatible, trivially copyable.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ff/bigint_text.hpp"
#include "ff/montgomery.hpp"
#include "ff/pow.hpp"
#if CUZK_FF_HAVE_INT128
#include "ff/safegcd_inverse.hpp"
#endif

namespace cuzk::ff {

template <class Params, class W = FastWords>
class PrimeField {
 public:
  static constexpr size_t kLimbs = Params::kLimbs;
  static constexpr size_t kBytes = 8 * kLimbs;
  using Repr = Limbs<kLimbs>;
  static_assert(Params::kModulus[kLimbs - 1] < (uint64_t{1} << 63) - 1,
                "CIOS no-carry shortcut and lazy additions need a spare top bit");

  static constexpr MontgomeryModulus<kLimbs> kMont{Params::kModulus, Params::kInv};

  constexpr PrimeField() : v_{} {}  // zero

  static constexpr PrimeField zero() { return PrimeField(); }
  static constexpr PrimeField one() { return from_montgomery(Params::kOne); }
  // The modulus, as a plain integer.
  static constexpr const Repr& modulus() { return Params::kModulus; }

  // Wraps limbs that are already in Montgomery form and < m (trusted: constants, own buffers).
  static constexpr PrimeField from_montgomery(const Repr& mont) {
    PrimeField out;
    out.v_ = mont;
    return out;
  }
  // Plain integer < m → element; std::nullopt if value ≥ m.
  static std::optional<PrimeField> from_canonical(const Repr& value) {
    if (!less_than(value, Params::kModulus)) return std::nullopt;
    PrimeField out;
    mont_mul<W, kLimbs>(out.v_, value, Params::kRSquared, kMont);
    return out;
  }
  static PrimeField from_u64(uint64_t value) {
    Repr limbs{};
    limbs[0] = value;
    // every u64 is < m for both BLS12-381 moduli
    return *from_canonical(limbs);
  }

  const Repr& montgomery() const { return v_; }
  Repr to_canonical() const {
    Repr one_plain{};
    one_plain[0] = 1;
    Repr out;
    mont_mul<W, kLimbs>(out, v_, one_plain, kMont);
    return out;
  }

  bool is_zero() const { return is_zero_limbs(v_); }
  bool is_one() const { return v_ == Params::kOne; }
  friend bool operator==(const PrimeField& a, const PrimeField& b) { return a.v_ == b.v_; }

  friend PrimeField operator+(const PrimeField& a, const PrimeField& b) {
    PrimeField out{Uninitialized{}};
    mod_add<W, kLimbs>(out.v_, a.v_, b.v_, Params::kModulus);
    return out;
  }
  friend PrimeField operator-(const PrimeField& a, const PrimeField& b) {
    PrimeField out{Uninitialized{}};
    mod_sub<W, kLimbs>(out.v_, a.v_, b.v_, Params::kModulus);
    return out;
  }
  friend PrimeField operator*(const PrimeField& a, const PrimeField& b) {
    PrimeField out{Uninitialized{}};
    mont_mul<W, kLimbs>(out.v_, a.v_, b.v_, kMont);
    return out;
  }
  PrimeField operator-() const {
    PrimeField out;
    mod_neg<W, kLimbs>(out.v_, v_, Params::kModulus);
    return out;
  }
  PrimeField& operator+=(const PrimeField& b) { return *this = *this + b; }
  PrimeField& operator-=(const PrimeField& b) { return *this = *this - b; }
  PrimeField& operator*=(const PrimeField& b) { return *this = *this * b; }

  PrimeField square() const { return *this * *this; }
  PrimeField dbl() const { return *this + *this; }
  // this / 2
  PrimeField half() const {
    PrimeField out;
    mod_half<W, kLimbs>(out.v_, v_, Params::kModulus);
    return out;
  }

  // this^exp, exp a plain little-endian integer of any width (square-and-multiply).
  template <size_t M>
  PrimeField pow(const Limbs<M>& exp) const {
    return pow_vartime(*this, exp);
  }

  // 1/this by safegcd (Fermat where the compiler lacks __int128); zero maps to zero.
  PrimeField inverse() const {
    if (is_zero()) return zero();
#if CUZK_FF_HAVE_INT128
    // (vR)^(−1) as an integer is v^(−1)R^(−1); one Montgomery product with R^3 gives v^(−1)R.
    const Repr integer_inverse = safegcd_inverse<kLimbs>(v_, Params::kModulus, Params::kInv62);
    PrimeField out;
    mont_mul<W, kLimbs>(out.v_, integer_inverse, Params::kRCubed, kMont);
    return out;
#else
    return inverse_fermat();
#endif
  }
  // 1/this by Fermat, this^(m−2): the slow reference the fast inverse is tested against.
  PrimeField inverse_fermat() const { return pow(Params::kModulusMinusTwo); }

  // Legendre symbol: 0 for zero, 1 for a non-zero square, −1 otherwise.
  int legendre() const {
    const PrimeField s = pow(Params::kModulusMinusOneHalf);
    if (s.is_zero()) return 0;
    return s.is_one() ? 1 : -1;
  }

  // A square root (either one), or std::nullopt for a non-residue.
  std::optional<PrimeField> sqrt() const {
    PrimeField root;
    if constexpr (requires { Params::kSqrtExponent; }) {
      root = pow(Params::kSqrtExponent);  // m ≡ 3 mod 4: root = a^((m+1)/4)
    } else {
      root = tonelli_shanks();
    }
    if (root.square() != *this) return std::nullopt;
    return root;
  }

  // True if the canonical value is > (m−1)/2 (the zcash "sign" of a coordinate).
  bool is_lexicographically_largest() const {
    return less_than(Params::kModulusMinusOneHalf, to_canonical());
  }

  // Canonical (plain) value as bytes.
  void to_bytes_be(std::span<uint8_t, kBytes> out) const { limbs_to_bytes_be<kLimbs>(to_canonical(), out); }
  void to_bytes_le(std::span<uint8_t, kBytes> out) const { limbs_to_bytes_le<kLimbs>(to_canonical(), out); }
  static std::optional<PrimeField> from_bytes_be(std::span<const uint8_t, kBytes> in) {
    return from_canonical(limbs_from_bytes_be<kLimbs>(in));
  }
  static std::optional<PrimeField> from_bytes_le(std::span<const uint8_t, kBytes> in) {
    return from_canonical(limbs_from_bytes_le<kLimbs>(in));
  }

  // Canonical decimal / hex text; values ≥ m are rejected, not reduced.
  static std::optional<PrimeField> from_decimal(std::string_view text) {
    const auto limbs = parse_decimal_limbs<kLimbs>(text);
    return limbs ? from_canonical(*limbs) : std::nullopt;
  }
  static std::optional<PrimeField> from_hex(std::string_view text) {
    const auto limbs = parse_hex_limbs<kLimbs>(text);
    return limbs ? from_canonical(*limbs) : std::nullopt;
  }
  std::string to_decimal() const { return limbs_to_decimal<kLimbs>(to_canonical()); }
  std::string to_hex() const { return limbs_to_hex<kLimbs>(to_canonical()); }

  // Uniform element from a source of 64-bit words (rejection sampling); rng() → uint64_t.
  template <class Rng>
  static PrimeField random(Rng& rng) {
    const size_t top_bits = bit_length(Params::kModulus) - 64 * (kLimbs - 1);
    const uint64_t top_mask = top_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << top_bits) - 1;
    for (;;) {
      Repr candidate;
      for (auto& limb : candidate) limb = static_cast<uint64_t>(rng());
      candidate[kLimbs - 1] &= top_mask;
      if (less_than(candidate, Params::kModulus)) return from_montgomery(candidate);
    }
  }

 private:
  // Tonelli–Shanks for m − 1 = 2^s·t (t odd), with z a primitive 2^s-th root of unity.
  PrimeField tonelli_shanks() const {
    if (is_zero()) return zero();
    PrimeField w = pow(Params::kTraceMinusOneHalf);  // a^((t−1)/2)
    PrimeField x = *this * w;                         // a^((t+1)/2)
    PrimeField b = x * w;                             // a^t
    PrimeField z = from_montgomery(Params::kRootOfUnity);
    uint32_t v = Params::kTwoAdicity;
    while (!b.is_one()) {
      uint32_t k = 0;
      for (PrimeField b2k = b; !b2k.is_one(); b2k = b2k.square()) {
        if (++k == v) return zero();  // non-residue: caller's check fails
      }
      w = z;
      for (uint32_t j = 0; j + k + 1 < v; ++j) w = w.square();  // z^(2^(v−k−1))
      z = w.square();
      b *= z;
      x *= w;
      v = k;
    }
    return x;
  }

  // Result slot of an operation that writes every limb: skips the zero-fill.
  struct Uninitialized {};
  explicit PrimeField(Uninitialized) {}  // NOLINT(cppcoreguidelines-pro-type-member-init)

  Repr v_;
};

}  // namespace cuzk::ff
