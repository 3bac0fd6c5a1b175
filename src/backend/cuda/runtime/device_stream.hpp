// DeviceStream: an owned CUDA stream (RAII, move-only) and the device-selection helpers the
// prover needs, for C++ code that must not see CUDA types: the stream travels as void*
// (a cudaStream_t) into the backend's launch functions.
#pragma once

#include <cstddef>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

class DeviceStream {
 public:
  DeviceStream() = default;  // empty: handle() is null, the legacy default stream
  ~DeviceStream();           // destroys the stream (errors ignored)
  DeviceStream(DeviceStream&& other) noexcept;
  DeviceStream& operator=(DeviceStream&& other) noexcept;
  DeviceStream(const DeviceStream&) = delete;
  DeviceStream& operator=(const DeviceStream&) = delete;

  // A stream on the calling thread's current device. It synchronises with the legacy default
  // stream (which DeviceBuffer's transfers use), so work queued here sees completed uploads.
  // Errors: kDeviceError.
  static Result<DeviceStream> create();
  void* handle() const { return stream_; }
  // Waits for everything queued on the stream. Errors: kDeviceError (a kernel fault).
  Status synchronize() const;

 private:
  void* stream_ = nullptr;
};

// Makes `device` current for the calling thread. Errors: kInvalidArgument (no such device),
// kDeviceError.
Status set_current_device(int device);

// Free and total memory of the current device, in bytes.
Status device_memory(size_t* free_bytes, size_t* total_bytes);

}  // namespace cuzk::backend::cuda
