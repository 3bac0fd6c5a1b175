// DeviceStream and the device-selection helpers (device_stream.hpp).
#include "backend/cuda/runtime/device_stream.hpp"

#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "backend/cuda/runtime/device.hpp"

namespace cuzk::backend::cuda {

DeviceStream::~DeviceStream() {
  if (stream_ != nullptr) static_cast<void>(cudaStreamDestroy(static_cast<cudaStream_t>(stream_)));
}

DeviceStream::DeviceStream(DeviceStream&& other) noexcept : stream_(std::exchange(other.stream_, nullptr)) {}

DeviceStream& DeviceStream::operator=(DeviceStream&& other) noexcept {
  if (this != &other) {
    if (stream_ != nullptr) static_cast<void>(cudaStreamDestroy(static_cast<cudaStream_t>(stream_)));
    stream_ = std::exchange(other.stream_, nullptr);
  }
  return *this;
}

Result<DeviceStream> DeviceStream::create() {
  cudaStream_t stream = nullptr;
  CUZK_CUDA_TRY(cudaStreamCreate(&stream));
  DeviceStream out;
  out.stream_ = stream;
  return Result<DeviceStream>(std::move(out));
}

Status DeviceStream::synchronize() const {
  CUZK_CUDA_TRY(cudaStreamSynchronize(static_cast<cudaStream_t>(stream_)));
  return Status::ok();
}

Status set_current_device(int device) {
  int count = 0;
  CUZK_CUDA_TRY(cudaGetDeviceCount(&count));
  if (device < 0 || device >= count) {
    return Status::invalid_argument("CUDA device " + std::to_string(device) + " does not exist (" +
                                    std::to_string(count) + " visible)");
  }
  CUZK_CUDA_TRY(cudaSetDevice(device));
  return Status::ok();
}

Status device_memory(size_t* free_bytes, size_t* total_bytes) {
  CUZK_CUDA_TRY(cudaMemGetInfo(free_bytes, total_bytes));
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
