// Device enumeration and the CUDA-error → Status conversion (device.hpp).
#include "backend/cuda/runtime/device.hpp"

#include <cuda_runtime.h>

namespace cuzk::backend::cuda {

namespace {

// "/abs/path/to/repo/src/backend/cuda/x.cu" → "backend/cuda/x.cu": messages stay short and
// do not depend on where the tree was built.
std::string_view source_relative(std::string_view file) {
  constexpr std::string_view kSrc = "/src/";
  const size_t at = file.rfind(kSrc);
  return at == std::string_view::npos ? file : file.substr(at + kSrc.size());
}

}  // namespace

Status cuda_status(int error, std::string_view expression, std::string_view file, int line) {
  const auto code = static_cast<cudaError_t>(error);
  if (code == cudaSuccess) return Status::ok();
  // Reset the runtime's last-error slot (a no-op for sticky errors, which poison the context).
  static_cast<void>(cudaGetLastError());
  std::string message(expression);
  message += '@';
  message += source_relative(file);
  message += ':';
  message += std::to_string(line);
  message += ": ";
  message += cudaGetErrorName(code);
  message += ": ";
  message += cudaGetErrorString(code);
  const StatusCode status_code =
      code == cudaErrorMemoryAllocation ? StatusCode::kOutOfMemory : StatusCode::kDeviceError;
  return Status(status_code, std::move(message));
}

std::vector<GpuInfo> list_gpus() {
  std::vector<GpuInfo> gpus;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    // No driver (cudaErrorInsufficientDriver), no device (cudaErrorNoDevice), or a broken
    // installation: all mean "no usable GPU" here, so clear the error and report none.
    static_cast<void>(cudaGetLastError());
    return gpus;
  }
  gpus.reserve(static_cast<size_t>(count));
  for (int device = 0; device < count; ++device) {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
      static_cast<void>(cudaGetLastError());
      continue;
    }
    GpuInfo info;
    info.name = prop.name;
    info.sm_major = prop.major;
    info.sm_minor = prop.minor;
    info.multiprocessors = static_cast<uint32_t>(prop.multiProcessorCount);
    info.memory_bytes = static_cast<uint64_t>(prop.totalGlobalMem);
    gpus.push_back(std::move(info));
  }
  return gpus;
}

}  // namespace cuzk::backend::cuda
