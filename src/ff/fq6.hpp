// Fq6 = Fq2[v]/(v³ − ξ), ξ = u + 1: elements c0 + c1·v + c2·v².
#pragma once

#include "ff/fq2.hpp"

namespace cuzk::ff {

struct Fq6 {
  Fq2 c0, c1, c2;

  static Fq6 zero() { return {}; }
  static Fq6 one() { return {Fq2::one(), Fq2::zero(), Fq2::zero()}; }

  bool is_zero() const { return c0.is_zero() && c1.is_zero() && c2.is_zero(); }
  friend bool operator==(const Fq6& a, const Fq6& b) = default;

  friend Fq6 operator+(const Fq6& a, const Fq6& b) { return {a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2}; }
  friend Fq6 operator-(const Fq6& a, const Fq6& b) { return {a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2}; }
  Fq6 operator-() const { return {-c0, -c1, -c2}; }
  // Karatsuba over the cubic extension (6 Fq2 products):
  //   c0 = a0b0 + ξ((a1 + a2)(b1 + b2) − a1b1 − a2b2)
  //   c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1 + ξ·a2b2
  //   c2 = (a0 + a2)(b0 + b2) − a0b0 − a2b2 + a1b1
  friend Fq6 operator*(const Fq6& a, const Fq6& b) {
    const Fq2 t0 = a.c0 * b.c0, t1 = a.c1 * b.c1, t2 = a.c2 * b.c2;
    return {((a.c1 + a.c2) * (b.c1 + b.c2) - t1 - t2).mul_by_nonresidue() + t0,
            (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1 + t2.mul_by_nonresidue(),
            (a.c0 + a.c2) * (b.c0 + b.c2) - t0 - t2 + t1};
  }
  Fq6& operator+=(const Fq6& b) { return *this = *this + b; }
  Fq6& operator-=(const Fq6& b) { return *this = *this - b; }
  Fq6& operator*=(const Fq6& b) { return *this = *this * b; }

  // Chung–Hasan SQR2: s0 = a0², s1 = 2a0a1, s2 = (a0 − a1 + a2)², s3 = 2a1a2, s4 = a2²
  //   c0 = ξs3 + s0, c1 = ξs4 + s1, c2 = s1 + s2 + s3 − s0 − s4
  Fq6 square() const {
    const Fq2 s0 = c0.square(), s1 = (c0 * c1).dbl(), s2 = (c0 - c1 + c2).square();
    const Fq2 s3 = (c1 * c2).dbl(), s4 = c2.square();
    return {s3.mul_by_nonresidue() + s0, s4.mul_by_nonresidue() + s1, s1 + s2 + s3 - s0 - s4};
  }
  // ·v: (a0, a1, a2) → (ξa2, a0, a1)
  Fq6 mul_by_nonresidue() const { return {c2.mul_by_nonresidue(), c0, c1}; }
  Fq6 mul_by_fq2(const Fq2& s) const { return {c0 * s, c1 * s, c2 * s}; }
  // · (b0 + b1·v)  (5 Fq2 products)
  Fq6 mul_by_01(const Fq2& b0, const Fq2& b1) const {
    const Fq2 t0 = c0 * b0, t1 = c1 * b1;
    return {(c2 * b1).mul_by_nonresidue() + t0, (c0 + c1) * (b0 + b1) - t0 - t1, t1 + c2 * b0};
  }
  // · (b1·v)
  Fq6 mul_by_1(const Fq2& b1) const { return {(c2 * b1).mul_by_nonresidue(), c0 * b1, c1 * b1}; }

  Fq6 frobenius(size_t power) const {
    return {c0.frobenius(power), c1.frobenius(power) * Fq2::from_montgomery(constants::kFq6FrobeniusC1[power % 6]),
            c2.frobenius(power) * Fq2::from_montgomery(constants::kFq6FrobeniusC2[power % 6])};
  }

  // 1/a: t0 = a0² − ξa1a2, t1 = ξa2² − a0a1, t2 = a1² − a0a2,
  //      1/a = (t0, t1, t2) / (a0t0 + ξ(a2t1 + a1t2)); zero maps to zero
  Fq6 inverse() const {
    const Fq2 t0 = c0.square() - (c1 * c2).mul_by_nonresidue();
    const Fq2 t1 = c2.square().mul_by_nonresidue() - c0 * c1;
    const Fq2 t2 = c1.square() - c0 * c2;
    const Fq2 inv = (c0 * t0 + (c2 * t1 + c1 * t2).mul_by_nonresidue()).inverse();
    return {t0 * inv, t1 * inv, t2 * inv};
  }

  template <class Rng>
  static Fq6 random(Rng& rng) {
    Fq6 out;
    out.c0 = Fq2::random(rng);
    out.c1 = Fq2::random(rng);
    out.c2 = Fq2::random(rng);
    return out;
  }
};

}  // namespace cuzk::ff
