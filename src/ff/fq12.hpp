// Fq12 = Fq6[w]/(w² − v): elements c0 + c1·w. The pairing's target group GT lives here.
#pragma once

#include <utility>

#include "ff/fq6.hpp"

namespace cuzk::ff {

struct Fq12 {
  Fq6 c0, c1;

  static Fq12 zero() { return {}; }
  static Fq12 one() { return {Fq6::one(), Fq6::zero()}; }

  bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  bool is_one() const { return *this == one(); }
  friend bool operator==(const Fq12& a, const Fq12& b) = default;

  friend Fq12 operator+(const Fq12& a, const Fq12& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend Fq12 operator-(const Fq12& a, const Fq12& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  Fq12 operator-() const { return {-c0, -c1}; }
  // Karatsuba: c0 = a0b0 + v·a1b1, c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1
  friend Fq12 operator*(const Fq12& a, const Fq12& b) {
    const Fq6 t0 = a.c0 * b.c0, t1 = a.c1 * b.c1;
    return {t0 + t1.mul_by_nonresidue(), (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1};
  }
  Fq12& operator*=(const Fq12& b) { return *this = *this * b; }

  // Complex squaring: t = a0a1; c0 = (a0 + a1)(a0 + v·a1) − t − v·t, c1 = 2t
  Fq12 square() const {
    const Fq6 t = c0 * c1;
    return {(c0 + c1) * (c0 + c1.mul_by_nonresidue()) - t - t.mul_by_nonresidue(), t + t};
  }
  // a^(p^6): conjugation, the inverse for unitary elements
  Fq12 conjugate() const { return {c0, -c1}; }
  // 1/a = (a0 − a1·w)/(a0² − v·a1²); zero maps to zero
  Fq12 inverse() const {
    const Fq6 inv = (c0.square() - c1.square().mul_by_nonresidue()).inverse();
    return {c0 * inv, -(c1 * inv)};
  }
  Fq12 frobenius(size_t power) const {
    const Fq2 gamma = Fq2::from_montgomery(constants::kFq12FrobeniusC1[power % 12]);
    return {c0.frobenius(power), c1.frobenius(power).mul_by_fq2(gamma)};
  }

  // Multiplication by a sparse line value s0 + s1·v + s4·v·w (coefficients 0, 1 and 4 in
  // the flattened basis 1, v, v², w, vw, v²w): 13 Fq2 products instead of 18.
  Fq12 mul_by_014(const Fq2& s0, const Fq2& s1, const Fq2& s4) const {
    const Fq6 t0 = c0.mul_by_01(s0, s1);
    const Fq6 t1 = c1.mul_by_1(s4);
    return {t1.mul_by_nonresidue() + t0, (c0 + c1).mul_by_01(s0, s1 + s4) - t0 - t1};
  }

  // Squaring in the cyclotomic subgroup (a^(p^6+1)(p^2+1)... = 1 after the easy part of the final
  // exponentiation), Granger–Scott, "Faster squaring in the cyclotomic subgroup of sixth degree
  // extensions" (2010): three Fq4 squarings instead of a full Fq12 squaring.
  Fq12 cyclotomic_square() const {
    Fq2 z0 = c0.c0, z4 = c0.c1, z3 = c0.c2, z2 = c1.c0, z1 = c1.c1, z5 = c1.c2;
    auto [t0, t1] = fq4_square(z0, z1);
    z0 = t0 - z0;  // A = 3t − 2z (conjugate part)
    z0 = z0 + z0 + t0;
    z1 = t1 + z1;
    z1 = z1 + z1 + t1;
    auto [t2, t3] = fq4_square(z2, z3);
    auto [t4, t5] = fq4_square(z4, z5);
    z4 = t2 - z4;  // C
    z4 = z4 + z4 + t2;
    z5 = t3 + z5;
    z5 = z5 + z5 + t3;
    const Fq2 t = t5.mul_by_nonresidue();  // B
    z2 = t + z2;
    z2 = z2 + z2 + t;
    z3 = t4 - z3;
    z3 = z3 + z3 + t4;
    return {{z0, z4, z3}, {z2, z1, z5}};
  }

  template <size_t M>
  Fq12 pow(const Limbs<M>& exp) const {
    return pow_vartime(*this, exp);
  }

  template <class Rng>
  static Fq12 random(Rng& rng) {
    Fq12 out;
    out.c0 = Fq6::random(rng);
    out.c1 = Fq6::random(rng);
    return out;
  }

 private:
  // (a + b·s)² in Fq4 = Fq2[s]/(s² − ξ): returns (a² + ξb², 2ab) via (a + b)² − a² − b²
  static std::pair<Fq2, Fq2> fq4_square(const Fq2& a, const Fq2& b) {
    const Fq2 a2 = a.square(), b2 = b.square();
    return {b2.mul_by_nonresidue() + a2, (a + b).square() - a2 - b2};
  }
};

}  // namespace cuzk::ff
