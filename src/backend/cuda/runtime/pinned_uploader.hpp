// PinnedUploader: host → device copies from ordinary (pageable) host memory through two reused
// pinned staging buffers on its own non-blocking stream: while one buffer's DMA runs, the host
// copies the next chunk into the other (that copy split over a ThreadPool). Faster than the
// driver's own pageable path, and it never waits for kernels on other streams, so it overlaps
// the previous circuit's compute. C++ only.
//
// Ownership: the staging buffers live as long as the uploader (reused across calls). Thread
// safety: one caller at a time; that caller's thread must have the uploader's device current.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "backend/cuda/runtime/device_array.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"

namespace cuzk::backend::cuda {

class PinnedUploader {
 public:
  // Two pinned buffers of chunk_bytes each, on the current device. Errors: kOutOfMemory,
  // kDeviceError.
  static Result<std::unique_ptr<PinnedUploader>> create(size_t chunk_bytes);
  ~PinnedUploader();
  PinnedUploader(const PinnedUploader&) = delete;
  PinnedUploader& operator=(const PinnedUploader&) = delete;

  // Copies h_src to the start of d_dst; returns when it is on the device. kInvalidArgument if
  // d_dst is shorter than h_src.
  template <class T>
  Status upload(DeviceSpan<T> d_dst, std::span<const T> h_src, ThreadPool& pool) {
    if (h_src.size() > d_dst.size()) {
      return Status::invalid_argument("upload of " + std::to_string(h_src.size()) + " elements into a device span of " +
                                      std::to_string(d_dst.size()));
    }
    return upload_bytes(d_dst.data(), h_src.data(), h_src.size_bytes(), pool);
  }
  // Sets every byte of d_dst to zero; returns when done.
  template <class T>
  Status zero(DeviceSpan<T> d_dst) {
    return zero_bytes(d_dst.data(), d_dst.size_bytes());
  }

 private:
  Status upload_bytes(void* d_dst, const void* h_src, size_t bytes, ThreadPool& pool);
  Status zero_bytes(void* d_dst, size_t bytes);

  struct Impl;
  explicit PinnedUploader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::backend::cuda
