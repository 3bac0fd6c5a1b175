// PinnedUploader (pinned_uploader.hpp): a two-buffer ring of pinned host memory, an event per
// buffer, one non-blocking stream.
#include "backend/cuda/runtime/pinned_uploader.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>

#include "backend/cuda/runtime/device.hpp"

namespace cuzk::backend::cuda {

// Host bytes per parallel_for task of the staging copy.
constexpr size_t kCopyGrain = size_t{4} << 20;

struct PinnedUploader::Impl {
  size_t chunk = 0;
  void* h_buffer[2] = {nullptr, nullptr};
  cudaEvent_t done[2] = {nullptr, nullptr};  // the DMA out of buffer k finished
  cudaStream_t stream = nullptr;

  ~Impl() {
    for (int k = 0; k < 2; ++k) {
      if (done[k] != nullptr) static_cast<void>(cudaEventDestroy(done[k]));
      if (h_buffer[k] != nullptr) static_cast<void>(cudaFreeHost(h_buffer[k]));
    }
    if (stream != nullptr) static_cast<void>(cudaStreamDestroy(stream));
  }
};

PinnedUploader::PinnedUploader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PinnedUploader::~PinnedUploader() = default;

Result<std::unique_ptr<PinnedUploader>> PinnedUploader::create(size_t chunk_bytes) {
  auto impl = std::make_unique<Impl>();
  impl->chunk = std::max<size_t>(chunk_bytes, 1);
  CUZK_CUDA_TRY(cudaStreamCreateWithFlags(&impl->stream, cudaStreamNonBlocking));
  for (int k = 0; k < 2; ++k) {
    CUZK_CUDA_TRY(cudaHostAlloc(&impl->h_buffer[k], impl->chunk, cudaHostAllocDefault));
    CUZK_CUDA_TRY(cudaEventCreateWithFlags(&impl->done[k], cudaEventDisableTiming));
    CUZK_CUDA_TRY(cudaEventRecord(impl->done[k], impl->stream));
  }
  return std::unique_ptr<PinnedUploader>(new PinnedUploader(std::move(impl)));
}

Status PinnedUploader::upload_bytes(void* d_dst, const void* h_src, size_t bytes, ThreadPool& pool) {
  Impl& s = *impl_;
  const auto* src = static_cast<const std::byte*>(h_src);
  auto* dst = static_cast<std::byte*>(d_dst);
  for (size_t offset = 0, k = 0; offset < bytes; offset += s.chunk, k ^= 1) {
    const size_t take = std::min(s.chunk, bytes - offset);
    CUZK_CUDA_TRY(cudaEventSynchronize(s.done[k]));  // buffer k is free again
    auto* staging = static_cast<std::byte*>(s.h_buffer[k]);
    pool.parallel_for((take + kCopyGrain - 1) / kCopyGrain, [&](size_t first, size_t last) {
      const size_t begin = first * kCopyGrain, end = std::min(take, last * kCopyGrain);
      std::memcpy(staging + begin, src + offset + begin, end - begin);
    });
    CUZK_CUDA_TRY(cudaMemcpyAsync(dst + offset, staging, take, cudaMemcpyHostToDevice, s.stream));
    CUZK_CUDA_TRY(cudaEventRecord(s.done[k], s.stream));
  }
  CUZK_CUDA_TRY(cudaStreamSynchronize(s.stream));
  return Status::ok();
}

Status PinnedUploader::zero_bytes(void* d_dst, size_t bytes) {
  if (bytes == 0) return Status::ok();
  CUZK_CUDA_TRY(cudaMemsetAsync(d_dst, 0, bytes, impl_->stream));
  CUZK_CUDA_TRY(cudaStreamSynchronize(impl_->stream));
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
