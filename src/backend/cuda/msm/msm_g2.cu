// The GPU MSM over G2: msm_curve.cuh instantiated for DeviceFq2.
#include "backend/cuda/msm/msm_curve.cuh"

namespace cuzk::backend::cuda {

Status run_msm_g2(const DeviceMsmInput& input, MsmScratch& scratch, cudaStream_t stream, DeviceMsmResult* result) {
  return msm_curve::run<DeviceFq2>(input, scratch, stream, result);
}

Status convert_bases_g2(const void* d_raw, size_t host_stride, size_t count, void* d_out, cudaStream_t stream) {
  return msm_curve::convert<DeviceFq2>(d_raw, host_stride, count, d_out, stream);
}

}  // namespace cuzk::backend::cuda
