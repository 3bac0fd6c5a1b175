// Where the MSM's bucket kernels read their points (msm_curve.cuh, msm_affine.cuh): the sorted
// (bucket, point) pairs' values over the bases, or the points an earlier batch-affine round
// wrote. Both give the point of item i and its x alone (the affine rounds' fast path).
// Internal to backend/cuda (.cu files only).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backend/cuda/curve_device.cuh"

namespace cuzk::backend::cuda {

// Item i is vals[i] = base index | sign·2^31 (a set sign negates the base).
template <class F>
struct SignedBases {
  const DeviceAffine<F>* bases;
  const uint32_t* vals;
  __device__ __forceinline__ F x(size_t i) const { return bases[vals[i] & 0x7fffffffu].x; }
  __device__ __forceinline__ DeviceAffine<F> point(size_t i) const {
    const uint32_t v = vals[i];
    const DeviceAffine<F> p = bases[v & 0x7fffffffu];
    return (v >> 31) ? p.negated() : p;
  }
};

// Item i is points[i].
template <class F>
struct PointArray {
  const DeviceAffine<F>* points;
  __device__ __forceinline__ F x(size_t i) const { return points[i].x; }
  __device__ __forceinline__ DeviceAffine<F> point(size_t i) const { return points[i]; }
};

}  // namespace cuzk::backend::cuda
