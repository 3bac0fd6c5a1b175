// DeviceFq2Lane: an element of Fq2 = Fq[u]/(u² + 1) held by a pair of adjacent lanes of a
// warp, the even lane holding c0 and the odd lane c1, each in Fq's redundant form [0, 2p)
// (DeviceFqRedundant). The G2 MSM accumulates in it (msm_curve.cuh): a point on two lanes
// needs half the registers of a point on one, so the hot kernels keep every value in
// registers (no stack frame) with every operation inlined.
//
// Sums and differences stay in the lane. A product fetches the partner lane's coefficients
// by warp shuffle and computes this lane's coefficient as one sum of Fq products under one
// Montgomery reduction (c0 = a0·b0 − a1·b1, c1 = a0·b1 + a1·b0: two products, one reduction),
// the operands picked by lane parity without a branch. Both lanes of a pair must run every
// operation together: the predicates (is_zero) answer for the element, so the curve formulas'
// branches (curve_device.cuh) are taken by both lanes alike.
//
// Needs one-dimensional blocks whose size is a multiple of 32 (lane = threadIdx.x mod 32).
// Header for .cu files inside backend/cuda only.
#pragma once

#include "backend/cuda/arith/field_device.cuh"

namespace cuzk::backend::cuda {

struct DeviceFq2Lane {
  using Fq = DeviceFq;
  Fq c;  // this lane's coefficient, in [0, 2p): c0 on the even lane, c1 on the odd one

  // 1 on the lane holding c1
  __device__ __forceinline__ static unsigned coefficient_index() { return threadIdx.x & 1u; }
  // the two lanes of this lane's pair
  __device__ __forceinline__ static unsigned pair_mask() { return 3u << (threadIdx.x & 30u); }
  __device__ __forceinline__ static Fq partner(const Fq& x) { return x.shuffled_xor(pair_mask(), 1); }

  __device__ __forceinline__ static DeviceFq2Lane zero() { return {Fq::zero()}; }
  __device__ __forceinline__ static DeviceFq2Lane one() {
    return {Fq::pick(coefficient_index() == 0, Fq::one(), Fq::zero())};
  }
  // ≡ 0 (mod p) in both coefficients
  __device__ __forceinline__ bool is_zero() const { return __all_sync(pair_mask(), c.is_zero_redundant()) != 0; }

  __device__ __forceinline__ static void add(DeviceFq2Lane& out, const DeviceFq2Lane& a, const DeviceFq2Lane& b) {
    Fq::add_redundant(out.c, a.c, b.c);
  }
  __device__ __forceinline__ static void sub(DeviceFq2Lane& out, const DeviceFq2Lane& a, const DeviceFq2Lane& b) {
    Fq::sub_redundant(out.c, a.c, b.c);
  }
  __device__ __forceinline__ static void dbl(DeviceFq2Lane& out, const DeviceFq2Lane& a) { add(out, a, a); }
  __device__ __forceinline__ static void neg(DeviceFq2Lane& out, const DeviceFq2Lane& a) {
    Fq::sub_redundant(out.c, Fq::zero(), a.c);
  }

  // An element with its partner lane's coefficient fetched (paired()): a formula that uses an
  // operand in several products shuffles it once.
  struct Paired {
    Fq c, other;
  };
  __device__ __forceinline__ static Paired paired(const DeviceFq2Lane& x) { return {x.c, partner(x.c)}; }

  // c0 = a0·b0 + (−a1)·b1 on the even lane, c1 = a1·b0 + a0·b1 on the odd one
  __device__ __forceinline__ static void mul(DeviceFq2Lane& out, const Paired& a, const Paired& b) {
    const bool odd = coefficient_index() != 0;
    Fq neg_a_other;
    Fq::sub_redundant(neg_a_other, Fq::zero(), a.other);
    Fq::dot2_redundant(out.c, a.c, Fq::pick(odd, b.other, b.c), Fq::pick(odd, a.other, neg_a_other),
                       Fq::pick(odd, b.c, b.other));
  }
  __device__ __forceinline__ static void mul(DeviceFq2Lane& out, const DeviceFq2Lane& a, const DeviceFq2Lane& b) {
    mul(out, paired(a), paired(b));
  }
  // c0 = (a0 + a1)(a0 − a1) on the even lane, c1 = (a1 + a1)·a0 on the odd one: one Fq product
  __device__ __forceinline__ static void sqr(DeviceFq2Lane& out, const DeviceFq2Lane& a) { sqr(out, paired(a)); }
  __device__ __forceinline__ static void sqr(DeviceFq2Lane& out, const Paired& pa) {
    const bool odd = coefficient_index() != 0;
    const DeviceFq2Lane a{pa.c};
    const Fq& a_other = pa.other;
    Fq x, difference;
    Fq::add_redundant(x, a.c, Fq::pick(odd, a.c, a_other));
    Fq::sub_redundant(difference, a.c, a_other);
    Fq::mul_redundant(out.c, x, Fq::pick(odd, a_other, difference));
  }
  // out = a·b − c·d, this lane's coefficient one sum of four Fq products under one reduction:
  //   even: c0 = a0·b0 + (−a1)·b1 + (−c0)·d0 + c1·d1
  //   odd:  c1 = a1·b0 + a0·b1 + (−c1)·d0 + (−c0)·d1
  __device__ __forceinline__ static void mul_sub(DeviceFq2Lane& out, const DeviceFq2Lane& a, const DeviceFq2Lane& b,
                                                 const DeviceFq2Lane& c, const DeviceFq2Lane& d) {
    mul_sub(out, paired(a), paired(b), paired(c), paired(d));
  }
  __device__ __forceinline__ static void mul_sub(DeviceFq2Lane& out, const Paired& pa, const Paired& pb,
                                                 const Paired& pc, const Paired& pd) {
    const bool odd = coefficient_index() != 0;
    const DeviceFq2Lane a{pa.c}, b{pb.c}, c{pc.c}, d{pd.c};
    const Fq &a_other = pa.other, &b_other = pb.other, &c_other = pc.other, &d_other = pd.other;
    Fq neg_a_other, neg_c, neg_c_other;
    Fq::sub_redundant(neg_a_other, Fq::zero(), a_other);
    Fq::sub_redundant(neg_c, Fq::zero(), c.c);
    Fq::sub_redundant(neg_c_other, Fq::zero(), c_other);
    Fq::dot4_redundant(out.c, a.c, Fq::pick(odd, b_other, b.c),                               //
                       Fq::pick(odd, a_other, neg_a_other), Fq::pick(odd, b.c, b_other),  //
                       neg_c, Fq::pick(odd, d_other, d.c),                                //
                       Fq::pick(odd, neg_c_other, c_other), Fq::pick(odd, d.c, d_other));
  }
};

static_assert(sizeof(DeviceFq2Lane) == 48 && std::is_trivially_copyable_v<DeviceFq2Lane>);

}  // namespace cuzk::backend::cuda
