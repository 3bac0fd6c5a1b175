// DeviceEvent (device_event.hpp).
#include "backend/cuda/runtime/device_event.hpp"

#include <cuda_runtime.h>

#include <utility>

#include "backend/cuda/runtime/device.hpp"

namespace cuzk::backend::cuda {

DeviceEvent::~DeviceEvent() {
  if (event_ != nullptr) static_cast<void>(cudaEventDestroy(static_cast<cudaEvent_t>(event_)));
}

DeviceEvent::DeviceEvent(DeviceEvent&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}

DeviceEvent& DeviceEvent::operator=(DeviceEvent&& other) noexcept {
  if (this != &other) {
    if (event_ != nullptr) static_cast<void>(cudaEventDestroy(static_cast<cudaEvent_t>(event_)));
    event_ = std::exchange(other.event_, nullptr);
  }
  return *this;
}

Result<DeviceEvent> DeviceEvent::create() {
  cudaEvent_t event = nullptr;
  CUZK_CUDA_TRY(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  DeviceEvent out;
  out.event_ = event;
  return Result<DeviceEvent>(std::move(out));
}

Status DeviceEvent::record(const DeviceStream& stream) {
  if (event_ == nullptr) return Status::internal("record() on an empty DeviceEvent");
  CUZK_CUDA_TRY(cudaEventRecord(static_cast<cudaEvent_t>(event_), static_cast<cudaStream_t>(stream.handle())));
  return Status::ok();
}

Status DeviceEvent::wait(const DeviceStream& stream) const {
  if (event_ == nullptr) return Status::internal("wait() on an empty DeviceEvent");
  CUZK_CUDA_TRY(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream.handle()), static_cast<cudaEvent_t>(event_), 0));
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
