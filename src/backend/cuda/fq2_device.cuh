// DeviceFq2: Fq2 = Fq[u]/(u² + 1) on the device, c0 + c1·u with DeviceFq coefficients. Same
// layout as the host ff::Fq2 (c0 then c1, each 12 words of Montgomery form), so host arrays
// copy unchanged. DeviceFq2Redundant: the same element with coefficients in Fq's redundant
// form [0, 2p) and inlined products, for the MSM's hot loop (see there). Header for .cu files
// inside backend/cuda only.
#pragma once

#include "backend/cuda/field_device.cuh"

namespace cuzk::backend::cuda {

namespace detail {
// The Fq2 product and square on coefficients of any field type Fq with the DeviceField
// operator names (DeviceFq, DeviceFqRedundant); out may alias the inputs.
// Karatsuba: (a0 + a1u)(b0 + b1u) = a0b0 − a1b1 + ((a0 + a1)(b0 + b1) − a0b0 − a1b1)u
template <class Fq>
__device__ __forceinline__ void fq2_mul(Fq& out0, Fq& out1, const Fq& a0, const Fq& a1, const Fq& b0, const Fq& b1) {
  Fq v0, v1, sa, sb, cross;
  Fq::mul(v0, a0, b0);
  Fq::mul(v1, a1, b1);
  Fq::add(sa, a0, a1);
  Fq::add(sb, b0, b1);
  Fq::mul(cross, sa, sb);
  Fq::sub(out0, v0, v1);
  Fq::sub(cross, cross, v0);
  Fq::sub(out1, cross, v1);
}
// (a0 + a1u)² = (a0 + a1)(a0 − a1) + 2a0a1·u
template <class Fq>
__device__ __forceinline__ void fq2_sqr(Fq& out0, Fq& out1, const Fq& a0, const Fq& a1) {
  Fq s, d, p;
  Fq::add(s, a0, a1);
  Fq::sub(d, a0, a1);
  Fq::mul(p, a0, a1);
  Fq::mul(out0, s, d);
  Fq::dbl(out1, p);
}
}  // namespace detail

struct alignas(16) DeviceFq2 {
  DeviceFq c0, c1;

  __device__ __forceinline__ static DeviceFq2 zero() { return {DeviceFq::zero(), DeviceFq::zero()}; }
  __device__ __forceinline__ static DeviceFq2 one() { return {DeviceFq::one(), DeviceFq::zero()}; }
  __device__ __forceinline__ bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  __device__ __forceinline__ friend bool operator==(const DeviceFq2& a, const DeviceFq2& b) {
    return a.c0 == b.c0 && a.c1 == b.c1;
  }

  __device__ __forceinline__ static void add(DeviceFq2& out, const DeviceFq2& a, const DeviceFq2& b) {
    DeviceFq::add(out.c0, a.c0, b.c0);
    DeviceFq::add(out.c1, a.c1, b.c1);
  }
  __device__ __forceinline__ static void sub(DeviceFq2& out, const DeviceFq2& a, const DeviceFq2& b) {
    DeviceFq::sub(out.c0, a.c0, b.c0);
    DeviceFq::sub(out.c1, a.c1, b.c1);
  }
  __device__ __forceinline__ static void dbl(DeviceFq2& out, const DeviceFq2& a) { add(out, a, a); }
  __device__ __forceinline__ static void neg(DeviceFq2& out, const DeviceFq2& a) {
    DeviceFq::neg(out.c0, a.c0);
    DeviceFq::neg(out.c1, a.c1);
  }
  // mul and sqr are calls, not inlined: a G2 addition holds ~40 Fq products. With the old
  // two-chain Fq product, inlining made the G2 kernels take 8.7 min to compile (10 s as calls)
  // and the G2 MSM slower (2^24 910 → 1042 ms); with the single-chain product it makes the G2
  // MSM faster (2^24 653 → 440 ms) but msm_g2.cu takes ≈ 19 min to compile on 2 cores
  // (docs/PERF.md, device field arithmetic), too long for CI. The MSM's mixed addition inlines
  // them once, through DeviceFq2Redundant (msm_curve.cuh).
  __device__ __noinline__ static void mul(DeviceFq2& out, const DeviceFq2& a, const DeviceFq2& b) {
    detail::fq2_mul(out.c0, out.c1, a.c0, a.c1, b.c0, b.c1);
  }
  __device__ __noinline__ static void sqr(DeviceFq2& out, const DeviceFq2& a) {
    detail::fq2_sqr(out.c0, out.c1, a.c0, a.c1);
  }
  // out = a·b − c·d (out may alias the inputs)
  __device__ __forceinline__ static void mul_sub(DeviceFq2& out, const DeviceFq2& a, const DeviceFq2& b,
                                                 const DeviceFq2& c, const DeviceFq2& d) {
    DeviceFq2 ab, cd;
    mul(ab, a, b);
    mul(cd, c, d);
    sub(out, ab, cd);
  }

  // (c0 + c1u)^(−1) = (c0 − c1u)/(c0² + c1²) (u² = −1; 0 maps to 0)
  __device__ DeviceFq2 inverse() const {
    const DeviceFq norm_inv = (c0.square() + c1.square()).inverse();
    DeviceFq2 out;
    DeviceFq::mul(out.c0, c0, norm_inv);
    DeviceFq::mul(out.c1, c1, norm_inv);
    DeviceFq::neg(out.c1, out.c1);
    return out;
  }

  __device__ __forceinline__ friend DeviceFq2 operator+(const DeviceFq2& a, const DeviceFq2& b) {
    DeviceFq2 out;
    add(out, a, b);
    return out;
  }
  __device__ __forceinline__ friend DeviceFq2 operator-(const DeviceFq2& a, const DeviceFq2& b) {
    DeviceFq2 out;
    sub(out, a, b);
    return out;
  }
  __device__ __forceinline__ friend DeviceFq2 operator*(const DeviceFq2& a, const DeviceFq2& b) {
    DeviceFq2 out;
    mul(out, a, b);
    return out;
  }
  __device__ __forceinline__ DeviceFq2 square() const {
    DeviceFq2 out;
    sqr(out, *this);
    return out;
  }
};

static_assert(sizeof(DeviceFq2) == 96 && std::is_trivially_copyable_v<DeviceFq2>);

// A DeviceFq2 whose coefficients are in the redundant form [0, 2p) (DeviceFqRedundant), with
// the DeviceFq2 operator names and every operation inlined, so the curve formulas
// (curve_device.cuh) run on it unchanged. Each coefficient operation takes and returns values
// in [0, 2p), so the Karatsuba steps stay in range. Same layout as DeviceFq2; from(x) takes
// any reduced value as it is.
struct alignas(16) DeviceFq2Redundant {
  DeviceFqRedundant c0, c1;
  // The mixed addition's rare doubling is a call (curve_device.cuh): inlined, it made the G2
  // accumulation spill 900 bytes instead of 600 and compile in 75 s instead of 46.
  static constexpr bool kOutlineRareDoubling = true;

  __device__ __forceinline__ static DeviceFq2Redundant from(const DeviceFq2& x) {
    return {DeviceFqRedundant::from(x.c0), DeviceFqRedundant::from(x.c1)};
  }
  __device__ __forceinline__ DeviceFq2 reduced() const { return {c0.reduced(), c1.reduced()}; }

  __device__ __forceinline__ static DeviceFq2Redundant zero() {
    return {DeviceFqRedundant::zero(), DeviceFqRedundant::zero()};
  }
  __device__ __forceinline__ static DeviceFq2Redundant one() {
    return {DeviceFqRedundant::one(), DeviceFqRedundant::zero()};
  }
  // ≡ 0 (mod p) in both coefficients
  __device__ __forceinline__ bool is_zero() const { return c0.is_zero() && c1.is_zero(); }

  __device__ __forceinline__ static void add(DeviceFq2Redundant& out, const DeviceFq2Redundant& a,
                                             const DeviceFq2Redundant& b) {
    DeviceFqRedundant::add(out.c0, a.c0, b.c0);
    DeviceFqRedundant::add(out.c1, a.c1, b.c1);
  }
  __device__ __forceinline__ static void sub(DeviceFq2Redundant& out, const DeviceFq2Redundant& a,
                                             const DeviceFq2Redundant& b) {
    DeviceFqRedundant::sub(out.c0, a.c0, b.c0);
    DeviceFqRedundant::sub(out.c1, a.c1, b.c1);
  }
  __device__ __forceinline__ static void dbl(DeviceFq2Redundant& out, const DeviceFq2Redundant& a) { add(out, a, a); }
  __device__ __forceinline__ static void neg(DeviceFq2Redundant& out, const DeviceFq2Redundant& a) {
    DeviceFqRedundant::neg(out.c0, a.c0);
    DeviceFqRedundant::neg(out.c1, a.c1);
  }
  __device__ __forceinline__ static void mul(DeviceFq2Redundant& out, const DeviceFq2Redundant& a,
                                             const DeviceFq2Redundant& b) {
    detail::fq2_mul(out.c0, out.c1, a.c0, a.c1, b.c0, b.c1);
  }
  __device__ __forceinline__ static void sqr(DeviceFq2Redundant& out, const DeviceFq2Redundant& a) {
    detail::fq2_sqr(out.c0, out.c1, a.c0, a.c1);
  }
  // out = a·b − c·d, each coefficient one sum of four Fq products under one reduction (two
  // reductions where two Karatsuba products and a difference take six):
  //   c0 = a0b0 − a1b1 − c0d0 + c1d1,  c1 = a0b1 + a1b0 − c0d1 − c1d0
  __device__ __forceinline__ static void mul_sub(DeviceFq2Redundant& out, const DeviceFq2Redundant& a,
                                                 const DeviceFq2Redundant& b, const DeviceFq2Redundant& c,
                                                 const DeviceFq2Redundant& d) {
    DeviceFqRedundant neg_a1, neg_c0, neg_c1;
    DeviceFqRedundant::neg(neg_a1, a.c1);
    DeviceFqRedundant::neg(neg_c0, c.c0);
    DeviceFqRedundant::neg(neg_c1, c.c1);
    DeviceFqRedundant out0, out1;
    DeviceFq::dot4_redundant(out0.v, a.c0.v, b.c0.v, neg_a1.v, b.c1.v, neg_c0.v, d.c0.v, c.c1.v, d.c1.v);
    DeviceFq::dot4_redundant(out1.v, a.c0.v, b.c1.v, a.c1.v, b.c0.v, neg_c0.v, d.c1.v, neg_c1.v, d.c0.v);
    out.c0 = out0;
    out.c1 = out1;
  }
};

static_assert(sizeof(DeviceFq2Redundant) == 96 && std::is_trivially_copyable_v<DeviceFq2Redundant>);

}  // namespace cuzk::backend::cuda
