// Device points of y² = x³ + b (a = 0) over DeviceFq (G1) or DeviceFq2 (G2): affine bases as
// the MSM stores them, and XYZZ accumulators (x = X/ZZ, y = Y/ZZZ) with the same formulas as
// the host ec::Xyzz (src/ec/curve.hpp, EFD a = 0 cases). b never appears in these formulas.
// The formulas take any field type with these operator names: the MSM runs them on its
// accumulating forms (DeviceFqRedundant, DeviceFq2Lane; msm_curve.cuh).
//
// Layouts:
//   DeviceAffine<F>  x, y; the point at infinity is stored as x = y = 0, which is not on
//                    the curve (0 ≠ b), so it cannot collide with a real point.
//   DeviceXyzz<F>    x, y, zz, zzz; infinity ⇔ zz = 0. Byte for byte the host ec::Xyzz<C>
//                    (four field elements, no flag), so results download unchanged; an
//                    all-zero buffer is a valid array of identities.
// Header for .cu files inside backend/cuda only.
#pragma once

#include "backend/cuda/arith/field_device.cuh"
#include "backend/cuda/arith/fq2_device.cuh"

namespace cuzk::backend::cuda {

// out = a·b − c·d (out distinct from the inputs; b may be overwritten): F's mul_sub, one
// reduction, where F has one (DeviceFq, and the MSM's accumulating forms); otherwise two
// products and a difference, the second product written over b. DeviceFq2 has no mul_sub:
// spelled as two calls of its outlined product into new locals, the G2 fixed-base kernel
// (fixed_base_kernels.cu) gave points off the curve on the device (nvcc 13.0, sm_90), while
// this sequence is exact there.
template <class F>
__device__ __forceinline__ void mul_sub_over(F& out, const F& a, F& b, const F& c, const F& d) {
  if constexpr (requires { F::mul_sub(out, a, b, c, d); }) {
    F::mul_sub(out, a, b, c, d);
  } else {
    F::mul(out, a, b);
    F::mul(b, c, d);
    F::sub(out, out, b);
  }
}

// x with what its field precomputes for an operand of several products (DeviceFq2Lane: the
// partner lane's coefficient, fetched once, DeviceFq2Lane::Paired); x itself for the others.
template <class F>
__device__ __forceinline__ auto paired(const F& x) {
  if constexpr (requires { F::paired(x); }) {
    return F::paired(x);
  } else {
    return x;
  }
}

// out = a·b − c·d as mul_sub_over, each operand as paired() gives it (b's plain value, which the
// fallback overwrites, beside it)
template <class F, class A, class B, class C, class D>
__device__ __forceinline__ void mul_sub_paired(F& out, const A& a, F& b, const B& b_paired, const C& c, const D& d) {
  if constexpr (requires { F::mul_sub(out, a, b_paired, c, d); }) {
    F::mul_sub(out, a, b_paired, c, d);
  } else {
    mul_sub_over(out, a, b, c, d);
  }
}

template <class F>
struct alignas(16) DeviceAffine {
  F x, y;

  __device__ __forceinline__ bool is_identity() const { return x.is_zero() && y.is_zero(); }
};

template <class F>
struct alignas(16) DeviceXyzz {
  F x, y, zz, zzz;

  __device__ __forceinline__ static DeviceXyzz identity() { return {F::zero(), F::zero(), F::zero(), F::zero()}; }
  __device__ __forceinline__ static DeviceXyzz from_affine(const DeviceAffine<F>& p) {
    if (p.is_identity()) return identity();
    return {p.x, p.y, F::one(), F::one()};
  }
  __device__ __forceinline__ bool is_identity() const { return zz.is_zero(); }

  // dbl-2008-s-1: U = 2Y1, V = U², W = UV, S = X1V, M = 3X1², X3 = M² − 2S,
  //               Y3 = M(S − X3) − W·Y1, ZZ3 = V·ZZ1, ZZZ3 = W·ZZZ1
  __device__ __forceinline__ DeviceXyzz dbl() const {
    if (is_identity()) return *this;
    F u, v, w, s, xx, m, t;
    F::dbl(u, y);
    F::sqr(v, u);
    F::mul(w, u, v);
    F::mul(s, x, v);
    F::sqr(xx, x);
    F::dbl(m, xx);
    F::add(m, m, xx);
    DeviceXyzz out;
    F::sqr(out.x, m);
    F::dbl(t, s);
    F::sub(out.x, out.x, t);
    F::sub(t, s, out.x);
    mul_sub_over(out.y, m, t, w, y);
    F::mul(out.zz, v, zz);
    F::mul(out.zzz, w, zzz);
    return out;
  }

  // Doubling of an affine point (ZZ = ZZZ = 1): mdbl-2008-s-1, U = 2Y, V = U², W = UV,
  // S = XV, M = 3X², X3 = M² − 2S, Y3 = M(S − X3) − W·Y, ZZ3 = V, ZZZ3 = W
  __device__ __forceinline__ static DeviceXyzz dbl_affine(const DeviceAffine<F>& p) {
    DeviceXyzz q{p.x, p.y, F::one(), F::one()};
    return q.dbl();
  }

  // madd-2008-s: U2 = X2·ZZ1, S2 = Y2·ZZZ1, P = U2 − X1, R = S2 − Y1, PP = P², PPP = P·PP,
  //              Q = X1·PP, X3 = R² − PPP − 2Q, Y3 = R(Q − X3) − Y1·PPP,
  //              ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP
  __device__ __forceinline__ void add_mixed(const DeviceAffine<F>& q) {
    if (q.is_identity()) return;
    if (is_identity()) {
      *this = from_affine(q);
      return;
    }
    F p, r, pp, ppp, qq;
    const auto zz_paired = paired(zz), zzz_paired = paired(zzz);
    F::mul(p, paired(q.x), zz_paired);
    F::sub(p, p, x);
    F::mul(r, paired(q.y), zzz_paired);
    F::sub(r, r, y);
    if (p.is_zero()) {
      *this = r.is_zero() ? dbl_affine(q) : identity();
      return;
    }
    const auto p_paired = paired(p);
    F::sqr(pp, p_paired);
    const auto pp_paired = paired(pp);
    F::mul(ppp, p_paired, pp_paired);
    F::mul(qq, paired(x), pp_paired);
    const auto ppp_paired = paired(ppp);
    DeviceXyzz out;
    sum_xy(out, r, ppp, ppp_paired, qq, y);
    F::mul(out.zz, zz_paired, pp_paired);
    F::mul(out.zzz, zzz_paired, ppp_paired);
    *this = out;
  }

  // add-2008-s: U1 = X1·ZZ2, U2 = X2·ZZ1, S1 = Y1·ZZZ2, S2 = Y2·ZZZ1, P = U2 − U1,
  //             R = S2 − S1, PP = P², PPP = P·PP, Q = U1·PP, X3 = R² − PPP − 2Q,
  //             Y3 = R(Q − X3) − S1·PPP, ZZ3 = ZZ1·ZZ2·PP, ZZZ3 = ZZZ1·ZZZ2·PPP
  __device__ __forceinline__ void add(const DeviceXyzz& b) {
    if (b.is_identity()) return;
    if (is_identity()) {
      *this = b;
      return;
    }
    F u1, u2, s1, s2, p, r, pp, ppp, qq;
    F::mul(u1, x, b.zz);
    F::mul(u2, b.x, zz);
    F::mul(s1, y, b.zzz);
    F::mul(s2, b.y, zzz);
    F::sub(p, u2, u1);
    F::sub(r, s2, s1);
    if (p.is_zero()) {
      *this = r.is_zero() ? dbl() : identity();
      return;
    }
    F::sqr(pp, p);
    F::mul(ppp, p, pp);
    F::mul(qq, u1, pp);
    DeviceXyzz out;
    sum_xy(out, r, ppp, paired(ppp), qq, s1);
    F::mul(out.zz, zz, b.zz);
    F::mul(out.zz, out.zz, pp);
    F::mul(out.zzz, zzz, b.zzz);
    F::mul(out.zzz, out.zzz, ppp);
    *this = out;
  }

  // The X3, Y3 shared by madd-2008-s and add-2008-s: X3 = R² − PPP − 2Q,
  // Y3 = R(Q − X3) − S·PPP (S = Y1 for the mixed addition, S1 = Y1·ZZZ2 for the full one);
  // ppp_paired = paired(ppp).
  template <class P>
  __device__ __forceinline__ static void sum_xy(DeviceXyzz& out, const F& r, const F& ppp, const P& ppp_paired,
                                                const F& qq, const F& s) {
    F t;
    const auto r_paired = paired(r);
    F::sqr(out.x, r_paired);
    F::sub(out.x, out.x, ppp);
    F::dbl(t, qq);
    F::sub(out.x, out.x, t);
    F::sub(t, qq, out.x);
    mul_sub_paired(out.y, r_paired, t, paired(t), paired(s), ppp_paired);
  }

  // [k]·this for a small k (< 2^32), by double-and-add from the top bit.
  __device__ __forceinline__ DeviceXyzz times(uint32_t k) const {
    DeviceXyzz acc = identity();
    for (int bit = 31; bit >= 0; --bit) {
      acc = acc.dbl();
      if ((k >> bit) & 1u) acc.add(*this);
    }
    return acc;
  }
};

using DeviceG1Affine = DeviceAffine<DeviceFq>;
using DeviceG2Affine = DeviceAffine<DeviceFq2>;
using DeviceG1Xyzz = DeviceXyzz<DeviceFq>;
using DeviceG2Xyzz = DeviceXyzz<DeviceFq2>;

static_assert(sizeof(DeviceG1Affine) == 96 && sizeof(DeviceG2Affine) == 192);
static_assert(sizeof(DeviceG1Xyzz) == 192 && sizeof(DeviceG2Xyzz) == 384);

}  // namespace cuzk::backend::cuda
