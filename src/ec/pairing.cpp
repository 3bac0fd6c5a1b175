// Optimal ate pairing: Miller loop with projective line functions and final exponentiation.
#include "ec/pairing.hpp"

#include <cassert>

namespace cuzk::ec {
namespace {

using ff::Fq;
using ff::Fq12;
using ff::Fq2;

// Homogeneous projective twist point: x = X/Z, y = Y/Z.
struct TwistPoint {
  Fq2 x, y, z;
};

// T ← 2T; returns the tangent line at T (scaled by −2YZ; Fq2 factors die in the final
// exponentiation). With b' = 4(u + 1):
//   A = XY/2, B = Y², C = Z², E = 3b'C, F = 3E, G = (B + F)/2, H = (Y + Z)² − B − C
//   X3 = A(B − F), Y3 = G² − 3E², Z3 = BH;   line = (E − B) + 3X²·xP·v − H·yP·vw
G2Prepared::Line doubling_step(TwistPoint& t) {
  const Fq2 a = (t.x * t.y).half();
  const Fq2 b = t.y.square(), c = t.z.square();
  const Fq2 e = c * Fq2::from_montgomery(ff::constants::kG2B3);
  const Fq2 f = e.dbl() + e;
  const Fq2 g = (b + f).half();
  const Fq2 h = (t.y + t.z).square() - (b + c);
  const Fq2 xx = t.x.square();
  const Fq2 e2 = e.square();
  G2Prepared::Line line{e - b, xx.dbl() + xx, -h};
  t.x = a * (b - f);
  t.y = g.square() - (e2.dbl() + e2);
  t.z = b * h;
  return line;
}

// T ← T + Q (Q affine); returns the chord line (scaled by λ = X − x2·Z):
//   θ = Y − y2Z, λ = X − x2Z, C = θ², D = λ², E = λD, F = ZC, G = XD, H = E + F − 2G
//   X3 = λH, Y3 = θ(G − H) − YE, Z3 = ZE;   line = (θx2 − λy2) − θ·xP·v + λ·yP·vw
G2Prepared::Line addition_step(TwistPoint& t, const G2Affine& q) {
  const Fq2 theta = t.y - q.y * t.z;
  const Fq2 lambda = t.x - q.x * t.z;
  const Fq2 c = theta.square(), d = lambda.square();
  const Fq2 e = lambda * d, f = t.z * c, g = t.x * d;
  const Fq2 h = e + f - g.dbl();
  G2Prepared::Line line{theta * q.x - lambda * q.y, -theta, lambda};
  t.x = lambda * h;
  t.y = theta * (g - h) - t.y * e;
  t.z = t.z * e;
  return line;
}

// Bits of |x| below the leading one, most significant first, drive the loop.
constexpr int kLoopTopBit = 62;  // |x| = 0xd201000000010000 has bit 63 set

Fq12 mul_by_line(const Fq12& f, const G2Prepared::Line& line, const G1Affine& p) {
  return f.mul_by_014(line.c0, line.c1.mul_by_fq(p.x), line.c4.mul_by_fq(p.y));
}

// f^|x| in the cyclotomic subgroup, conjugated: f^x for x < 0.
Fq12 cyclotomic_exp_by_x(const Fq12& f) {
  Fq12 acc = f;
  for (int bit = kLoopTopBit; bit >= 0; --bit) {
    acc = acc.cyclotomic_square();
    if ((ff::constants::kBlsXAbs >> bit) & 1) acc *= f;
  }
  return acc.conjugate();
}

}  // namespace

G2Prepared G2Prepared::from(const G2Affine& q) {
  G2Prepared out;
  if (q.infinity) return out;
  out.infinity = false;
  out.lines.reserve(70);
  TwistPoint t{q.x, q.y, Fq2::one()};
  for (int bit = kLoopTopBit; bit >= 0; --bit) {
    out.lines.push_back(doubling_step(t));
    if ((ff::constants::kBlsXAbs >> bit) & 1) out.lines.push_back(addition_step(t, q));
  }
  return out;
}

Fq12 miller_loop(std::span<const G1Affine> ps, std::span<const G2Prepared* const> qs) {
  assert(ps.size() == qs.size());
  Fq12 f = Fq12::one();
  std::vector<size_t> line_index(ps.size(), 0);
  bool first = true;
  for (int bit = kLoopTopBit; bit >= 0; --bit) {
    if (!first) f = f.square();
    first = false;
    const bool add = (ff::constants::kBlsXAbs >> bit) & 1;
    for (size_t i = 0; i < ps.size(); ++i) {
      if (ps[i].infinity || qs[i]->infinity) continue;
      f = mul_by_line(f, qs[i]->lines[line_index[i]++], ps[i]);
      if (add) f = mul_by_line(f, qs[i]->lines[line_index[i]++], ps[i]);
    }
  }
  static_assert(ff::constants::kBlsXIsNegative);
  return f.conjugate();
}

Fq12 final_exponentiation(const Fq12& f) {
  // easy part: f^((p^6 − 1)(p^2 + 1)) lands in the cyclotomic subgroup
  Fq12 t0 = f.conjugate() * f.inverse();  // f^(p^6 − 1)
  Fq12 t2 = t0.frobenius(2) * t0;         // ·^(p^2 + 1)
  // hard part: 3(p^4 − p^2 + 1)/r = (x − 1)²(x + p)(x² + p² − 1) + 3
  Fq12 t1 = t2.cyclotomic_square().conjugate();
  Fq12 t3 = cyclotomic_exp_by_x(t2);
  Fq12 t4 = t3.cyclotomic_square();
  Fq12 t5 = t1 * t3;
  t1 = cyclotomic_exp_by_x(t5);
  t0 = cyclotomic_exp_by_x(t1);
  Fq12 t6 = cyclotomic_exp_by_x(t0);
  t6 *= t4;
  t4 = cyclotomic_exp_by_x(t6);
  t5 = t5.conjugate();
  t4 *= t5 * t2;
  t5 = t2.conjugate();
  t1 *= t2;
  t1 = t1.frobenius(3);
  t6 *= t5;
  t6 = t6.frobenius(1);
  t3 *= t0;
  t3 = t3.frobenius(2);
  t3 *= t1;
  t3 *= t6;
  return t3 * t4;
}

Fq12 pairing(const G1Affine& p, const G2Affine& q) {
  const G2Affine qs[1] = {q};
  return multi_pairing(std::span<const G1Affine>(&p, 1), qs);
}

Fq12 multi_pairing(std::span<const G1Affine> ps, std::span<const G2Affine> qs) {
  assert(ps.size() == qs.size());
  std::vector<G2Prepared> prepared;
  prepared.reserve(qs.size());
  std::vector<const G2Prepared*> pointers;
  for (const G2Affine& q : qs) prepared.push_back(G2Prepared::from(q));
  for (const G2Prepared& q : prepared) pointers.push_back(&q);
  return final_exponentiation(miller_loop(ps, pointers));
}

}  // namespace cuzk::ec
