// Points on a short Weierstrass curve y² = x³ + b (a = 0) over a field F, in three forms:
//   Affine<C>   (x, y) or infinity — storage, encodings, mixed additions
//   Jacobian<C> (X, Y, Z): x = X/Z², y = Y/Z³ — general arithmetic, scalar multiplication
//   Xyzz<C>     (X, Y, ZZ, ZZZ): x = X/ZZ, y = Y/ZZZ — cheapest mixed additions (MSM buckets)
// C is a curve configuration (g1.hpp, g2.hpp) providing Field, b() and generator().
// Formulas are the a = 0 cases from the Explicit-Formulas Database (hyperelliptic.org/EFD),
// named per function. Operations handle infinity and P = ±Q; none can fail.
#pragma once

#include <span>
#include <vector>

#include "ec/wnaf.hpp"
#include "ff/batch_inverse.hpp"

namespace cuzk::ec {

template <class C>
struct Jacobian;

template <class C>
struct Affine {
  using Field = typename C::Field;
  Field x, y;
  bool infinity = true;

  static Affine identity() { return {}; }
  static Affine from_xy(const Field& px, const Field& py) { return {px, py, false}; }

  bool is_identity() const { return infinity; }
  // y² = x³ + b (infinity is on the curve)
  bool is_on_curve() const { return infinity || y.square() == x.square() * x + C::b(); }
  Affine operator-() const { return infinity ? *this : Affine{x, -y, false}; }
  friend bool operator==(const Affine& a, const Affine& b) {
    if (a.infinity || b.infinity) return a.infinity == b.infinity;
    return a.x == b.x && a.y == b.y;
  }
  Jacobian<C> to_jacobian() const { return Jacobian<C>::from_affine(*this); }
};

template <class C>
struct Jacobian {
  using Field = typename C::Field;
  Field x, y, z;  // z = 0 ⇔ infinity

  static Jacobian identity() { return {Field::one(), Field::one(), Field::zero()}; }
  static Jacobian from_affine(const Affine<C>& p) {
    return p.infinity ? identity() : Jacobian{p.x, p.y, Field::one()};
  }
  static Jacobian generator() { return from_affine(C::generator()); }

  bool is_identity() const { return z.is_zero(); }
  Jacobian operator-() const { return {x, -y, z}; }
  // X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³
  friend bool operator==(const Jacobian& a, const Jacobian& b) {
    if (a.is_identity() || b.is_identity()) return a.is_identity() == b.is_identity();
    const Field z1z1 = a.z.square(), z2z2 = b.z.square();
    return a.x * z2z2 == b.x * z1z1 && a.y * z2z2 * b.z == b.y * z1z1 * a.z;
  }

  // dbl-2009-l: A = X1², B = Y1², C = B², D = 2((X1 + B)² − A − C), E = 3A, F = E²,
  //             X3 = F − 2D, Y3 = E(D − X3) − 8C, Z3 = 2Y1Z1
  Jacobian dbl() const {
    if (is_identity()) return *this;
    const Field a = x.square(), b = y.square(), c = b.square();
    const Field d = ((x + b).square() - a - c).dbl();
    const Field e = a.dbl() + a, f = e.square();
    Jacobian out;
    out.x = f - d.dbl();
    out.y = e * (d - out.x) - c.dbl().dbl().dbl();
    out.z = (y * z).dbl();
    return out;
  }

  // add-2007-bl: U1 = X1Z2², U2 = X2Z1², S1 = Y1Z2³, S2 = Y2Z1³, H = U2 − U1, I = (2H)²,
  //              J = HI, r = 2(S2 − S1), V = U1·I, X3 = r² − J − 2V,
  //              Y3 = r(V − X3) − 2S1·J, Z3 = ((Z1 + Z2)² − Z1² − Z2²)H
  friend Jacobian operator+(const Jacobian& p, const Jacobian& q) {
    if (p.is_identity()) return q;
    if (q.is_identity()) return p;
    const Field z1z1 = p.z.square(), z2z2 = q.z.square();
    const Field u1 = p.x * z2z2, u2 = q.x * z1z1;
    const Field s1 = p.y * q.z * z2z2, s2 = q.y * p.z * z1z1;
    const Field h = u2 - u1;
    const Field r = (s2 - s1).dbl();
    if (h.is_zero()) return r.is_zero() ? p.dbl() : identity();
    const Field i = h.dbl().square(), j = h * i, v = u1 * i;
    Jacobian out;
    out.x = r.square() - j - v.dbl();
    out.y = r * (v - out.x) - (s1 * j).dbl();
    out.z = ((p.z + q.z).square() - z1z1 - z2z2) * h;
    return out;
  }

  // madd-2007-bl: Z1Z1 = Z1², U2 = X2·Z1Z1, S2 = Y2·Z1·Z1Z1, H = U2 − X1, HH = H², I = 4HH,
  //               J = HI, r = 2(S2 − Y1), V = X1·I, X3 = r² − J − 2V,
  //               Y3 = r(V − X3) − 2Y1·J, Z3 = (Z1 + H)² − Z1Z1 − HH
  Jacobian add_mixed(const Affine<C>& q) const {
    if (q.infinity) return *this;
    if (is_identity()) return from_affine(q);
    const Field z1z1 = z.square();
    const Field u2 = q.x * z1z1, s2 = q.y * z * z1z1;
    const Field h = u2 - x;
    const Field r = (s2 - y).dbl();
    if (h.is_zero()) return r.is_zero() ? dbl() : identity();
    const Field hh = h.square(), i = hh.dbl().dbl(), j = h * i, v = x * i;
    Jacobian out;
    out.x = r.square() - j - v.dbl();
    out.y = r * (v - out.x) - (y * j).dbl();
    out.z = (z + h).square() - z1z1 - hh;
    return out;
  }

  friend Jacobian operator-(const Jacobian& p, const Jacobian& q) { return p + (-q); }
  Jacobian& operator+=(const Jacobian& q) { return *this = *this + q; }

  Affine<C> to_affine() const {
    if (is_identity()) return Affine<C>::identity();
    const Field zinv = z.inverse(), zinv2 = zinv.square();
    return Affine<C>::from_xy(x * zinv2, y * zinv2 * zinv);
  }

  // [k]P for a plain little-endian integer k of any width: width-5 wNAF over a table of odd
  // multiples P, 3P, …, 15P normalised to affine (one batched inversion) for mixed additions.
  template <size_t M>
  Jacobian mul(const ff::Limbs<M>& k) const {
    constexpr unsigned kWindow = 5;
    std::vector<Jacobian> odd(size_t{1} << (kWindow - 2));
    odd[0] = *this;
    const Jacobian twice = dbl();
    for (size_t i = 1; i < odd.size(); ++i) odd[i] = odd[i - 1] + twice;
    const std::vector<Affine<C>> table = batch_to_affine<C>(odd);
    const std::vector<int8_t> digits = wnaf_digits(k, kWindow);
    Jacobian acc = identity();
    for (size_t i = digits.size(); i-- > 0;) {
      acc = acc.dbl();
      const int d = digits[i];
      if (d > 0) acc = acc.add_mixed(table[static_cast<size_t>(d / 2)]);
      if (d < 0) acc = acc.add_mixed(-table[static_cast<size_t>(-d / 2)]);
    }
    return acc;
  }
};

// [k]P for a 64-bit k by double-and-add (cheap for sparse k such as the BLS parameter |x|).
template <class C>
Jacobian<C> mul_u64(const Jacobian<C>& p, uint64_t k) {
  Jacobian<C> acc = Jacobian<C>::identity();
  for (int bit = 63; bit >= 0; --bit) {
    acc = acc.dbl();
    if ((k >> bit) & 1) acc += p;
  }
  return acc;
}

// Jacobian → affine for many points with one field inversion (Montgomery's trick).
template <class C>
std::vector<Affine<C>> batch_to_affine(std::span<const Jacobian<C>> points) {
  using Field = typename C::Field;
  std::vector<Field> zinv(points.size());
  for (size_t i = 0; i < points.size(); ++i) zinv[i] = points[i].z;
  ff::batch_inverse<Field>(zinv);
  std::vector<Affine<C>> out(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    if (points[i].is_identity()) continue;  // stays infinity
    const Field zinv2 = zinv[i].square();
    out[i] = Affine<C>::from_xy(points[i].x * zinv2, points[i].y * zinv2 * zinv[i]);
  }
  return out;
}

template <class C>
struct Xyzz {
  using Field = typename C::Field;
  Field x, y, zz, zzz;  // zz = 0 ⇔ infinity

  static Xyzz identity() { return {Field::one(), Field::one(), Field::zero(), Field::zero()}; }
  static Xyzz from_affine(const Affine<C>& p) {
    return p.infinity ? identity() : Xyzz{p.x, p.y, Field::one(), Field::one()};
  }
  bool is_identity() const { return zz.is_zero(); }

  // dbl-2008-s-1: U = 2Y1, V = U², W = UV, S = X1V, M = 3X1², X3 = M² − 2S,
  //               Y3 = M(S − X3) − W·Y1, ZZ3 = V·ZZ1, ZZZ3 = W·ZZZ1
  Xyzz dbl() const {
    if (is_identity()) return *this;
    const Field u = y.dbl(), v = u.square(), w = u * v, s = x * v;
    const Field xx = x.square(), m = xx.dbl() + xx;
    Xyzz out;
    out.x = m.square() - s.dbl();
    out.y = m * (s - out.x) - w * y;
    out.zz = v * zz;
    out.zzz = w * zzz;
    return out;
  }

  // madd-2008-s: U2 = X2·ZZ1, S2 = Y2·ZZZ1, P = U2 − X1, R = S2 − Y1, PP = P², PPP = P·PP,
  //              Q = X1·PP, X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − Y1·PPP,
  //              ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP
  Xyzz add_mixed(const Affine<C>& q) const {
    if (q.infinity) return *this;
    if (is_identity()) return from_affine(q);
    const Field p = q.x * zz - x, r = q.y * zzz - y;
    if (p.is_zero()) return r.is_zero() ? from_affine(q).dbl() : identity();
    const Field pp = p.square(), ppp = p * pp, qq = x * pp;
    Xyzz out;
    out.x = r.square() - ppp - qq.dbl();
    out.y = r * (qq - out.x) - y * ppp;
    out.zz = zz * pp;
    out.zzz = zzz * ppp;
    return out;
  }

  // add-2008-s: U1 = X1·ZZ2, U2 = X2·ZZ1, S1 = Y1·ZZZ2, S2 = Y2·ZZZ1, P = U2 − U1,
  //             R = S2 − S1, PP = P², PPP = P·PP, Q = U1·PP, X3 = R² − PPP − 2Q,
  //             Y3 = R(Q − X3) − S1·PPP, ZZ3 = ZZ1·ZZ2·PP, ZZZ3 = ZZZ1·ZZZ2·PPP
  friend Xyzz operator+(const Xyzz& a, const Xyzz& b) {
    if (a.is_identity()) return b;
    if (b.is_identity()) return a;
    const Field u1 = a.x * b.zz, u2 = b.x * a.zz, s1 = a.y * b.zzz, s2 = b.y * a.zzz;
    const Field p = u2 - u1, r = s2 - s1;
    if (p.is_zero()) return r.is_zero() ? a.dbl() : identity();
    const Field pp = p.square(), ppp = p * pp, qq = u1 * pp;
    Xyzz out;
    out.x = r.square() - ppp - qq.dbl();
    out.y = r * (qq - out.x) - s1 * ppp;
    out.zz = a.zz * b.zz * pp;
    out.zzz = a.zzz * b.zzz * ppp;
    return out;
  }

  // Same point in Jacobian form, no inversion: with t = ZZ·ZZZ take Z' = t,
  // X' = X·ZZ·ZZZ² (X'/Z'² = X/ZZ), Y' = Y·ZZ³·ZZZ² (Y'/Z'³ = Y/ZZZ).
  Jacobian<C> to_jacobian() const {
    if (is_identity()) return Jacobian<C>::identity();
    const Field zzz2 = zzz.square();
    return {x * zz * zzz2, y * zz.square() * zz * zzz2, zz * zzz};
  }

  // One inversion: t = 1/(ZZ·ZZZ), 1/ZZ = t·ZZZ, 1/ZZZ = t·ZZ.
  Affine<C> to_affine() const {
    if (is_identity()) return Affine<C>::identity();
    const Field t = (zz * zzz).inverse();
    return Affine<C>::from_xy(x * t * zzz, y * t * zz);
  }
};

}  // namespace cuzk::ec
