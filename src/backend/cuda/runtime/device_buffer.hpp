// DeviceBuffer: owned, untyped global memory on the current CUDA device (RAII, move-only).
// C++ only (no CUDA types), so host code can hold device memory without seeing the runtime.
// Transfers here are synchronous (cudaMemcpy on the legacy default stream); stream-ordered
// transfers come with the Backend interface.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "common/status.hpp"

namespace cuzk::backend::cuda {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;  // empty: no memory, data() == nullptr
  // Frees the memory (errors ignored: a destructor cannot report them, and at process exit
  // the context may already be gone).
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  // `bytes` of uninitialised memory on the calling thread's current device (256-byte
  // aligned). Zero bytes gives an empty buffer without touching the driver.
  // Errors: kOutOfMemory, kDeviceError (no GPU, no driver).
  static Result<DeviceBuffer> allocate(size_t bytes);

  void* data() { return d_ptr_; }
  const void* data() const { return d_ptr_; }
  size_t size_bytes() const { return bytes_; }
  bool empty() const { return bytes_ == 0; }

  // Copies host → device at byte offset `offset`. kInvalidArgument if it would overrun.
  Status upload_bytes(std::span<const std::byte> host, size_t offset = 0);
  // Copies device → host from byte offset `offset`. kInvalidArgument if it would overrun.
  Status download_bytes(std::span<std::byte> host, size_t offset = 0) const;
  // Sets every byte to `value` (poisoning before a kernel that must overwrite everything).
  Status fill_bytes(uint8_t value);
  // Sets bytes [offset, offset + bytes) to zero. kInvalidArgument if it would overrun.
  Status zero_bytes(size_t offset, size_t bytes);
  // Copies bytes [from, from + bytes) to [to, to + bytes) within this buffer (the ranges must
  // not overlap). kInvalidArgument if either would overrun.
  Status copy_within(size_t to, size_t from, size_t bytes);

  // Typed views of the same transfers, for trivially copyable element types.
  template <class T>
  Status upload(std::span<const T> host, size_t offset_elements = 0) {
    static_assert(std::is_trivially_copyable_v<T>);
    return upload_bytes(std::as_bytes(host), offset_elements * sizeof(T));
  }
  template <class T>
  Status download(std::span<T> host, size_t offset_elements = 0) const {
    static_assert(std::is_trivially_copyable_v<T>);
    return download_bytes(std::as_writable_bytes(host), offset_elements * sizeof(T));
  }

 private:
  DeviceBuffer(void* d_ptr, size_t bytes) : d_ptr_(d_ptr), bytes_(bytes) {}
  void release();

  void* d_ptr_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace cuzk::backend::cuda
