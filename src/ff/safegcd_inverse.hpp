// Modular inversion by Bernstein–Yang "safegcd" divsteps (eprint 2019/266), variable-time
// variant with batches of 62 divsteps, in the signed 62-bit limb layout popularised by
// libsecp256k1's modinv64 (design only; this is an independent implementation for any
// odd modulus of N 64-bit limbs).
//
// Steps: f = m, g = x, d = 0, e = 1. Each batch computes, from the low 62 bits of f and g, a
// 2×2 integer matrix T with T·(f, g) ≡ 0 mod 2^62; then (f, g) ← T·(f, g)/2^62 exactly and
// (d, e) ← T·(d, e)/2^62 mod m (adding multiples of m to clear the low bits). When g reaches
// 0, f = ±1 and x^(−1) = ±d. Roughly 3-5× faster than Fermat's x^(m−2) for 381 bits.
// Variable time: the inputs are public field elements (never secret scalars).
#pragma once

#include <cstdint>

#include "ff/limb_arith.hpp"

namespace cuzk::ff {

namespace safegcd_detail {

using i128 = Int128;
inline constexpr uint64_t kMask62 = (uint64_t{1} << 62) - 1;

// Signed integer as Σ v[i]·2^(62i): limbs 0..L−2 in [0, 2^62), the top limb signed.
template <size_t L>
using Signed62 = std::array<int64_t, L>;

struct Transition {
  int64_t u, v, q, r;  // (f, g)·2^62 ← (u·f + v·g, q·f + r·g)
};

// 62 divsteps on the low bits of f and g (f odd). Returns the updated eta (= −delta).
inline int64_t divsteps_62(int64_t eta, uint64_t f, uint64_t g, Transition* t) {
  uint64_t u = 1, v = 0, q = 0, r = 1;
  int remaining = 62;
  for (;;) {
    // g even: g /= 2 for every trailing zero (sentinel bit stops at `remaining`)
    const int zeros = __builtin_ctzll(g | (~uint64_t{0} << remaining));
    g >>= zeros;
    u <<= zeros;
    v <<= zeros;
    eta -= zeros;
    remaining -= zeros;
    if (remaining == 0) break;
    int limit;
    uint64_t mask, w;
    if (eta < 0) {
      // delta > 0 and g odd: (f, g) ← (g, −f)
      eta = -eta;
      uint64_t tmp = f;
      f = g;
      g = 0 - tmp;
      tmp = u;
      u = q;
      q = 0 - tmp;
      tmp = v;
      v = r;
      r = 0 - tmp;
      // cancel up to 6 low bits of g with one multiple of f: w = −g/f mod 2^6
      limit = static_cast<int>(eta) + 1 > remaining ? remaining : static_cast<int>(eta) + 1;
      mask = (~uint64_t{0} >> (64 - limit)) & 63u;
      w = (f * g * (f * f - 2)) & mask;
    } else {
      // cancel up to 4 low bits: w = −g/f mod 2^4
      limit = static_cast<int>(eta) + 1 > remaining ? remaining : static_cast<int>(eta) + 1;
      mask = (~uint64_t{0} >> (64 - limit)) & 15u;
      w = f + (((f + 1) & 4) << 1);  // f^(−1) mod 16
      w = (0 - w * g) & mask;
    }
    g += f * w;
    q += u * w;
    r += v * w;
  }
  t->u = static_cast<int64_t>(u);
  t->v = static_cast<int64_t>(v);
  t->q = static_cast<int64_t>(q);
  t->r = static_cast<int64_t>(r);
  return eta;
}

// (f, g) ← T·(f, g) / 2^62 (exact)
template <size_t L>
inline void update_fg(Signed62<L>& f, Signed62<L>& g, const Transition& t) {
  i128 cf = static_cast<i128>(t.u) * f[0] + static_cast<i128>(t.v) * g[0];
  i128 cg = static_cast<i128>(t.q) * f[0] + static_cast<i128>(t.r) * g[0];
  cf >>= 62;
  cg >>= 62;
  for (size_t i = 1; i < L; ++i) {
    cf += static_cast<i128>(t.u) * f[i] + static_cast<i128>(t.v) * g[i];
    cg += static_cast<i128>(t.q) * f[i] + static_cast<i128>(t.r) * g[i];
    f[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(cf) & kMask62);
    g[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(cg) & kMask62);
    cf >>= 62;
    cg >>= 62;
  }
  f[L - 1] = static_cast<int64_t>(cf);
  g[L - 1] = static_cast<int64_t>(cg);
}

// (d, e) ← (T·(d, e) + m·(md, me)) / 2^62 with md, me chosen to clear the low 62 bits.
// d, e stay in (−2m, m).
template <size_t L>
inline void update_de(Signed62<L>& d, Signed62<L>& e, const Transition& t,
                      const Signed62<L>& m, uint64_t m_inv62) {
  const int64_t sd = d[L - 1] >> 63;  // −1 if d < 0
  const int64_t se = e[L - 1] >> 63;
  int64_t md = (t.u & sd) + (t.v & se);
  int64_t me = (t.q & sd) + (t.r & se);
  i128 cd = static_cast<i128>(t.u) * d[0] + static_cast<i128>(t.v) * e[0];
  i128 ce = static_cast<i128>(t.q) * d[0] + static_cast<i128>(t.r) * e[0];
  md -= static_cast<int64_t>((m_inv62 * static_cast<uint64_t>(cd) + static_cast<uint64_t>(md)) & kMask62);
  me -= static_cast<int64_t>((m_inv62 * static_cast<uint64_t>(ce) + static_cast<uint64_t>(me)) & kMask62);
  cd += static_cast<i128>(m[0]) * md;
  ce += static_cast<i128>(m[0]) * me;
  cd >>= 62;
  ce >>= 62;
  for (size_t i = 1; i < L; ++i) {
    cd += static_cast<i128>(t.u) * d[i] + static_cast<i128>(t.v) * e[i] + static_cast<i128>(m[i]) * md;
    ce += static_cast<i128>(t.q) * d[i] + static_cast<i128>(t.r) * e[i] + static_cast<i128>(m[i]) * me;
    d[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(cd) & kMask62);
    e[i - 1] = static_cast<int64_t>(static_cast<uint64_t>(ce) & kMask62);
    cd >>= 62;
    ce >>= 62;
  }
  d[L - 1] = static_cast<int64_t>(cd);
  e[L - 1] = static_cast<int64_t>(ce);
}

template <size_t L, size_t N>
inline Signed62<L> to_signed62(const Limbs<N>& a) {
  Signed62<L> out{};
  for (size_t i = 0; i < L; ++i) {
    const size_t bit = 62 * i;
    uint64_t word = 0;
    if (bit / 64 < N) word = a[bit / 64] >> (bit % 64);
    if (bit % 64 > 2 && bit / 64 + 1 < N) word |= a[bit / 64 + 1] << (64 - bit % 64);
    out[i] = static_cast<int64_t>(word & kMask62);
  }
  return out;
}

template <size_t L>
inline bool is_zero62(const Signed62<L>& a) {
  int64_t acc = 0;
  for (size_t i = 0; i < L; ++i) acc |= a[i];
  return acc == 0;
}

// Signed62 value v in (−3m, 3m) → v mod m as N plain limbs. Evaluates Σ v[i]·2^(62i) by
// Horner's rule in (N+1)-word two's complement, then adds or subtracts m into range.
template <size_t L, size_t N>
inline Limbs<N> reduce_signed62(const Signed62<L>& v, const Limbs<N>& m) {
  Limbs<N + 1> acc{};
  for (size_t i = L; i-- > 0;) {
    for (size_t w = N + 1; w-- > 0;) acc[w] = (acc[w] << 62) | (w ? acc[w - 1] >> 2 : 0);
    Limbs<N + 1> addend;
    addend.fill(static_cast<uint64_t>(v[i] >> 63));  // sign extension
    addend[0] = static_cast<uint64_t>(v[i]);
    add_limbs<PortableWords, N + 1>(acc, acc, addend);
  }
  Limbs<N + 1> mod_wide{};
  for (size_t i = 0; i < N; ++i) mod_wide[i] = m[i];
  while (static_cast<int64_t>(acc[N]) < 0) add_limbs<PortableWords, N + 1>(acc, acc, mod_wide);
  while (!less_than(acc, mod_wide)) sub_limbs<PortableWords, N + 1>(acc, acc, mod_wide);
  Limbs<N> out;
  for (size_t i = 0; i < N; ++i) out[i] = acc[i];
  return out;
}

}  // namespace safegcd_detail

// Returns x^(−1) mod m for plain (non-Montgomery) x with 0 < x < m; 0 for x = 0.
template <size_t N>
inline Limbs<N> safegcd_inverse(const Limbs<N>& x, const Limbs<N>& m, uint64_t m_inv62) {
  using namespace safegcd_detail;
  constexpr size_t L = (64 * N) / 62 + 1;
  const Signed62<L> modulus = to_signed62<L>(m);
  Signed62<L> f = modulus, g = to_signed62<L>(x), d{}, e{};
  e[0] = 1;
  int64_t eta = -1;
  while (!is_zero62(g)) {
    Transition t;
    eta = divsteps_62(eta, static_cast<uint64_t>(f[0]), static_cast<uint64_t>(g[0]), &t);
    update_de(d, e, t, modulus, m_inv62);
    update_fg(f, g, t);
  }
  // f = ±1: the inverse is sign(f)·d
  if (f[L - 1] < 0) {
    for (auto& limb : d) limb = -limb;
  }
  return reduce_signed62<L, N>(d, m);
}

}  // namespace cuzk::ff
