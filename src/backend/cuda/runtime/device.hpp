// CUDA devices as the rest of cuzk sees them: a plain description of each GPU, and the one
// place where a CUDA runtime error becomes a cuzk::Status. This header is C++ only: no CUDA
// type (cudaError_t, cudaStream_t) appears in it, so code above backend/ can include it from
// a .cpp file. The error codes it takes are cudaError_t values passed as int.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

// One CUDA device, as the runtime reports it.
struct GpuInfo {
  std::string name;           // e.g. "NVIDIA H200"
  int sm_major = 0;           // compute capability major (9 for Hopper)
  int sm_minor = 0;           // compute capability minor
  uint32_t multiprocessors = 0;
  uint64_t memory_bytes = 0;  // total global memory
};

// Every CUDA device visible to this process (CUDA_VISIBLE_DEVICES applies), in device-id
// order. An empty vector, not an error, when there is no driver, no GPU, or the driver is
// older than the runtime this binary was built with. Thread-safe.
std::vector<GpuInfo> list_gpus();

// The Status for a CUDA runtime result: OK for cudaSuccess; otherwise kOutOfMemory for an
// allocation failure and kDeviceError for everything else, with the message
// "<expression>@<file>:<line>: <cudaGetErrorName>: <cudaGetErrorString>".
// `error` is a cudaError_t value. Also clears the runtime's sticky last-error slot for
// non-sticky errors (cudaGetLastError), so one failure is reported once. Thread-safe.
Status cuda_status(int error, std::string_view expression, std::string_view file, int line);

}  // namespace cuzk::backend::cuda

// Evaluates a CUDA runtime call and returns its Status from the enclosing function (which
// must return Status) unless it succeeded. For .cu files inside backend/cuda only.
#define CUZK_CUDA_TRY(expression)                                                              \
  do {                                                                                         \
    ::cuzk::Status cuzk_cuda_try_status_ = ::cuzk::backend::cuda::cuda_status(                 \
        static_cast<int>(expression), #expression, __FILE__, __LINE__);                       \
    if (!cuzk_cuda_try_status_.is_ok()) return cuzk_cuda_try_status_;                          \
  } while (0)
