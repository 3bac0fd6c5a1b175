// Typed device memory for host code: DeviceSpan<T> (a view: device address and element count)
// and DeviceArray<T> (owned, RAII, move-only, over an untyped DeviceBuffer). Host code passes
// spans of the right element type instead of void* and byte offsets; the kernel launchers
// (ntt_device.hpp, msm_device.hpp) stay the one place where an address becomes untyped. C++
// only. The untyped DeviceBuffer remains for the MSM's scratch, which sizes its buffers in
// bytes for several element types.
#pragma once

#include <cassert>
#include <cstddef>
#include <span>
#include <string>
#include <type_traits>

#include "backend/cuda/runtime/device_buffer.hpp"
#include "common/status.hpp"

namespace cuzk::backend::cuda {

// `size` elements of T at device address `data` (not owned). Subviews assert their range.
template <class T>
class DeviceSpan {
 public:
  DeviceSpan() = default;
  DeviceSpan(T* data, size_t size) : data_(data), size_(size) {}
  // A read-only view of a writable one.
  template <class U>
    requires std::is_same_v<const U, T>
  DeviceSpan(DeviceSpan<U> other) : data_(other.data()), size_(other.size()) {}

  T* data() const { return data_; }
  size_t size() const { return size_; }
  size_t size_bytes() const { return size_ * sizeof(T); }
  bool empty() const { return size_ == 0; }
  // Elements [offset, offset + count).
  DeviceSpan subspan(size_t offset, size_t count) const {
    assert(offset <= size_ && count <= size_ - offset);
    return {data_ + offset, count};
  }
  DeviceSpan first(size_t count) const { return subspan(0, count); }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
};

template <class T>
class DeviceArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  DeviceArray() = default;  // empty
  // `count` uninitialised elements on the calling thread's current device. Errors:
  // kOutOfMemory, kDeviceError.
  static Result<DeviceArray> allocate(size_t count) {
    CUZK_ASSIGN_OR_RETURN(DeviceBuffer buffer, DeviceBuffer::allocate(count * sizeof(T)));
    DeviceArray out;
    out.buffer_ = std::move(buffer);
    out.count_ = count;
    return out;
  }

  size_t size() const { return count_; }
  size_t size_bytes() const { return buffer_.size_bytes(); }
  bool empty() const { return count_ == 0; }
  T* data() { return static_cast<T*>(buffer_.data()); }
  const T* data() const { return static_cast<const T*>(buffer_.data()); }
  DeviceSpan<T> span() { return {data(), count_}; }
  DeviceSpan<const T> span() const { return {data(), count_}; }

  // Synchronous copies at element offset `offset` (DeviceBuffer's). kInvalidArgument if they
  // would overrun.
  Status upload(std::span<const T> host, size_t offset = 0) { return buffer_.upload(host, offset); }
  Status download(std::span<T> host, size_t offset = 0) const { return buffer_.download(host, offset); }
  // Sets every byte to `value`.
  Status fill_bytes(uint8_t value) { return buffer_.fill_bytes(value); }

 private:
  DeviceBuffer buffer_;
  size_t count_ = 0;
};

// Grows `array` to at least `count` elements (contents lost; a large enough array is kept).
template <class T>
Status reserve(DeviceArray<T>& array, size_t count) {
  if (array.size() >= count) return Status::ok();
  array = DeviceArray<T>();  // free first: the old contents are not needed
  CUZK_ASSIGN_OR_RETURN(array, DeviceArray<T>::allocate(count));
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
