// Fq2 = Fq[u]/(u² + 1): elements c0 + c1·u. The first tower level; G2 coordinates live here.
#pragma once

#include <optional>

#include "ff/fq.hpp"
#include "ff/pow.hpp"

namespace cuzk::ff {

struct Fq2 {
  Fq c0, c1;

  static Fq2 zero() { return {}; }
  static Fq2 one() { return {Fq::one(), Fq::zero()}; }
  // Trusted Montgomery-form limbs (generated constants).
  static Fq2 from_montgomery(const Limbs<6> (&c)[2]) { return {Fq::from_montgomery(c[0]), Fq::from_montgomery(c[1])}; }

  bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  bool is_one() const { return c0.is_one() && c1.is_zero(); }
  friend bool operator==(const Fq2& a, const Fq2& b) = default;

  friend Fq2 operator+(const Fq2& a, const Fq2& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend Fq2 operator-(const Fq2& a, const Fq2& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  Fq2 operator-() const { return {-c0, -c1}; }
  // Karatsuba: (a0 + a1u)(b0 + b1u) = a0b0 − a1b1 + ((a0 + a1)(b0 + b1) − a0b0 − a1b1)u
  friend Fq2 operator*(const Fq2& a, const Fq2& b) {
    const Fq t0 = a.c0 * b.c0;
    const Fq t1 = a.c1 * b.c1;
    return {t0 - t1, (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1};
  }
  Fq2& operator+=(const Fq2& b) { return *this = *this + b; }
  Fq2& operator-=(const Fq2& b) { return *this = *this - b; }
  Fq2& operator*=(const Fq2& b) { return *this = *this * b; }

  Fq2 mul_by_fq(const Fq& s) const { return {c0 * s, c1 * s}; }
  // (a0 + a1u)² = (a0 + a1)(a0 − a1) + 2a0a1·u
  Fq2 square() const { return {(c0 + c1) * (c0 - c1), (c0 * c1).dbl()}; }
  Fq2 dbl() const { return {c0.dbl(), c1.dbl()}; }
  Fq2 half() const { return {c0.half(), c1.half()}; }
  Fq2 conjugate() const { return {c0, -c1}; }
  // ·(u + 1): (a0 − a1) + (a0 + a1)u — the non-residue ξ of the Fq6 extension
  Fq2 mul_by_nonresidue() const { return {c0 - c1, c0 + c1}; }
  // a^p = conjugate (p ≡ 3 mod 4); a^(p^k) = conjugate for odd k
  Fq2 frobenius(size_t power) const { return power % 2 ? conjugate() : *this; }
  // norm c0² + c1² ∈ Fq
  Fq norm() const { return c0.square() + c1.square(); }
  // 1/a = conj(a)/norm(a); zero maps to zero
  Fq2 inverse() const {
    const Fq inv_norm = norm().inverse();
    return {c0 * inv_norm, -(c1 * inv_norm)};
  }

  template <size_t M>
  Fq2 pow(const Limbs<M>& exp) const {
    return pow_vartime(*this, exp);
  }

  // Square root (either one) by Adj & Rodríguez-Henríquez, "Square root computation over
  // even extension fields", Algorithm 9 (p ≡ 3 mod 4); std::nullopt for a non-square.
  std::optional<Fq2> sqrt() const {
    if (is_zero()) return zero();
    const Fq2 a1 = pow(constants::kFqModulusMinusThreeQuarter);  // a^((p−3)/4)
    const Fq2 alpha = a1.square() * *this;                       // a^((p−1)/2)
    const Fq2 x0 = a1 * *this;                                   // a^((p+1)/4)
    Fq2 root;
    if (alpha == -one()) {
      root = {-x0.c1, x0.c0};  // x0·u
    } else {
      const Fq2 b = (alpha + one()).pow(constants::kFqModulusMinusOneHalf);  // (1 + α)^((p−1)/2)
      root = b * x0;
    }
    if (root.square() != *this) return std::nullopt;
    return root;
  }

  // zcash sign: compare c1 first, c0 when c1 = 0
  bool is_lexicographically_largest() const {
    return c1.is_zero() ? c0.is_lexicographically_largest() : c1.is_lexicographically_largest();
  }

  template <class Rng>
  static Fq2 random(Rng& rng) {
    const Fq a = Fq::random(rng);
    return {a, Fq::random(rng)};
  }
};

}  // namespace cuzk::ff
