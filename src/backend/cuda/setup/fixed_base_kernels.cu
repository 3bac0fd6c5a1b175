// The fixed-base kernel (fixed_base_device.hpp) for G1 (DeviceFq) and G2 (DeviceFq2).
#include <cuda_runtime.h>

#include "backend/cuda/arith/curve_device.cuh"
#include "backend/cuda/setup/fixed_base_device.hpp"
#include "backend/cuda/msm/msm_scratch.cuh"

namespace cuzk::backend::cuda {
namespace {

constexpr unsigned kThreads = 128;

// Stores a field element's words as 64-bit words (the records are only 8-byte aligned).
__device__ __forceinline__ void store_words(uint64_t* dst, const DeviceFq& f) {
#pragma unroll
  for (size_t j = 0; j < DeviceFq::kWords / 2; ++j) dst[j] = uint64_t{f.word(2 * j)} | uint64_t{f.word(2 * j + 1)} << 32;
}
__device__ __forceinline__ void store_words(uint64_t* dst, const DeviceFq2& f) {
  store_words(dst, f.c0);
  store_words(dst + DeviceFq::kWords / 2, f.c1);
}

template <class F>
__global__ void fixed_base_kernel(const DeviceAffine<F>* d_table, const DeviceFr* d_scalars, size_t count,
                                  unsigned char* d_out, size_t out_stride) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const DeviceFr k = d_scalars[i].to_canonical();
  DeviceXyzz<F> acc = DeviceXyzz<F>::identity();
  constexpr uint32_t kDigitMask = (1u << kFixedBaseWindowBits) - 1;
  constexpr unsigned kPerWord = 32 / kFixedBaseWindowBits;
#pragma unroll 1
  for (unsigned w = 0; w < kFixedBaseWindows; ++w) {
    const uint32_t digit = (k.word(w / kPerWord) >> (kFixedBaseWindowBits * (w % kPerWord))) & kDigitMask;
    if (digit != 0) acc.add_mixed(d_table[(size_t{w} << kFixedBaseWindowBits) + digit]);
  }
  auto* record = reinterpret_cast<uint64_t*>(d_out + i * out_stride);
  constexpr size_t kFieldWords64 = sizeof(F) / 8;
  if (acc.is_identity()) {
    for (size_t j = 0; j < 2 * kFieldWords64; ++j) record[j] = 0;
    record[2 * kFieldWords64] = 1;
    return;
  }
  // 1/ZZ = ZZZ·t and 1/ZZZ = ZZ·t for t = 1/(ZZ·ZZZ): one inversion
  const F t = (acc.zz * acc.zzz).inverse();
  store_words(record, acc.x * (acc.zzz * t));
  store_words(record + kFieldWords64, acc.y * (acc.zz * t));
  record[2 * kFieldWords64] = 0;
}

template <class F>
Status launch(const void* d_table, const void* d_scalars, size_t count, void* d_out, size_t out_stride,
              cudaStream_t stream) {
  if (count == 0) return Status::ok();
  const auto blocks = static_cast<unsigned>((count + kThreads - 1) / kThreads);
  fixed_base_kernel<F><<<blocks, kThreads, 0, stream>>>(static_cast<const DeviceAffine<F>*>(d_table),
                                                        static_cast<const DeviceFr*>(d_scalars), count,
                                                        static_cast<unsigned char*>(d_out), out_stride);
  return launch_status("fixed_base_kernel");
}

}  // namespace

Status launch_fixed_base(CurveKind curve, const void* d_table, const void* d_scalars, size_t count, void* d_out,
                         size_t out_stride, void* stream) {
  auto* s = static_cast<cudaStream_t>(stream);
  return curve == CurveKind::kG1 ? launch<DeviceFq>(d_table, d_scalars, count, d_out, out_stride, s)
                                 : launch<DeviceFq2>(d_table, d_scalars, count, d_out, out_stride, s);
}

}  // namespace cuzk::backend::cuda
