// DeviceEvent: an owned CUDA event (RAII, move-only, no timing) that orders work across
// streams without the host: one stream records it, another waits for it, for C++ code that
// must not see CUDA types (streams travel as DeviceStream).
#pragma once

#include "backend/cuda/runtime/device_stream.hpp"
#include "common/status.hpp"

namespace cuzk::backend::cuda {

class DeviceEvent {
 public:
  DeviceEvent() = default;  // empty: record() and wait() fail with kInternal
  ~DeviceEvent();
  DeviceEvent(DeviceEvent&& other) noexcept;
  DeviceEvent& operator=(DeviceEvent&& other) noexcept;
  DeviceEvent(const DeviceEvent&) = delete;
  DeviceEvent& operator=(const DeviceEvent&) = delete;

  // An event on the calling thread's current device. Errors: kDeviceError.
  static Result<DeviceEvent> create();
  // Marks the point `stream` has reached (its work queued so far). Errors: kDeviceError.
  Status record(const DeviceStream& stream);
  // Makes work queued on `stream` from now on wait for the point last recorded; returns at once.
  // Errors: kDeviceError.
  Status wait(const DeviceStream& stream) const;

 private:
  void* event_ = nullptr;
};

}  // namespace cuzk::backend::cuda
