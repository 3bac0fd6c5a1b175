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

  // Copies `bytes` from h_src to device memory d_dst; returns when they are on the device.
  Status upload(void* d_dst, const void* h_src, size_t bytes, ThreadPool& pool);
  // Sets `bytes` of device memory at d_dst to zero; returns when done.
  Status zero(void* d_dst, size_t bytes);

 private:
  struct Impl;
  explicit PinnedUploader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::backend::cuda
