// DeviceFq2: Fq2 = Fq[u]/(u² + 1) on the device, c0 + c1·u with DeviceFq coefficients. Same
// layout as the host ff::Fq2 (c0 then c1, each 12 words of Montgomery form), so host arrays
// copy unchanged. The G2 MSM accumulates in another form, an element on a pair of lanes
// (fq2_lane_device.cuh). Header for .cu files inside backend/cuda only.
#pragma once

#include "backend/cuda/arith/field_device.cuh"

namespace cuzk::backend::cuda {

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
  // mul and sqr are calls, not inlined: a G2 addition holds ~40 Fq products, and inlined in
  // every kernel that adds points they made the CUDA backend take far too long to compile
  // (docs/perf-log/2026-12-01.md, device field arithmetic). The MSM accumulates in DeviceFq2Lane
  // instead.
  // Karatsuba: (a0 + a1u)(b0 + b1u) = a0b0 − a1b1 + ((a0 + a1)(b0 + b1) − a0b0 − a1b1)u
  __device__ __noinline__ static void mul(DeviceFq2& out, const DeviceFq2& a, const DeviceFq2& b) {
    DeviceFq v0, v1, sa, sb, cross;
    DeviceFq::mul(v0, a.c0, b.c0);
    DeviceFq::mul(v1, a.c1, b.c1);
    DeviceFq::add(sa, a.c0, a.c1);
    DeviceFq::add(sb, b.c0, b.c1);
    DeviceFq::mul(cross, sa, sb);
    DeviceFq::sub(out.c0, v0, v1);
    DeviceFq::sub(cross, cross, v0);
    DeviceFq::sub(out.c1, cross, v1);
  }
  // (a0 + a1u)² = (a0 + a1)(a0 − a1) + 2a0a1·u
  __device__ __noinline__ static void sqr(DeviceFq2& out, const DeviceFq2& a) {
    DeviceFq s, d, p;
    DeviceFq::add(s, a.c0, a.c1);
    DeviceFq::sub(d, a.c0, a.c1);
    DeviceFq::mul(p, a.c0, a.c1);
    DeviceFq::mul(out.c0, s, d);
    DeviceFq::dbl(out.c1, p);
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

}  // namespace cuzk::backend::cuda
