// DeviceBuffer (device_buffer.hpp): cudaMalloc/cudaFree ownership and synchronous copies.
#include "backend/cuda/runtime/device_buffer.hpp"

#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "backend/cuda/runtime/device.hpp"

namespace cuzk::backend::cuda {

namespace {

// True if [offset, offset + count) lies inside a buffer of `size` bytes (no overflow).
bool in_range(size_t offset, size_t count, size_t size) { return offset <= size && count <= size - offset; }

Status range_error(const char* what, size_t offset, size_t count, size_t size) {
  return Status::invalid_argument(std::string(what) + ": bytes [" + std::to_string(offset) + ", +" +
                                  std::to_string(count) + ") outside a device buffer of " +
                                  std::to_string(size) + " bytes");
}

}  // namespace

DeviceBuffer::~DeviceBuffer() { release(); }

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : d_ptr_(std::exchange(other.d_ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    release();
    d_ptr_ = std::exchange(other.d_ptr_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

void DeviceBuffer::release() {
  if (d_ptr_ != nullptr) {
    if (cudaFree(d_ptr_) != cudaSuccess) static_cast<void>(cudaGetLastError());
    d_ptr_ = nullptr;
    bytes_ = 0;
  }
}

Result<DeviceBuffer> DeviceBuffer::allocate(size_t bytes) {
  if (bytes == 0) return DeviceBuffer();
  void* d_ptr = nullptr;
  Status status = cuda_status(cudaMalloc(&d_ptr, bytes), "cudaMalloc(&d_ptr, bytes)", __FILE__, __LINE__);
  if (!status.is_ok()) {
    return Status(status.code(), status.message() + " (" + std::to_string(bytes) + " bytes)");
  }
  return DeviceBuffer(d_ptr, bytes);
}

Status DeviceBuffer::upload_bytes(std::span<const std::byte> host, size_t offset) {
  if (!in_range(offset, host.size(), bytes_)) return range_error("upload", offset, host.size(), bytes_);
  if (host.empty()) return Status::ok();
  CUZK_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(d_ptr_) + offset, host.data(), host.size(),
                           cudaMemcpyHostToDevice));
  return Status::ok();
}

Status DeviceBuffer::download_bytes(std::span<std::byte> host, size_t offset) const {
  if (!in_range(offset, host.size(), bytes_)) return range_error("download", offset, host.size(), bytes_);
  if (host.empty()) return Status::ok();
  CUZK_CUDA_TRY(cudaMemcpy(host.data(), static_cast<const std::byte*>(d_ptr_) + offset, host.size(),
                           cudaMemcpyDeviceToHost));
  return Status::ok();
}

Status DeviceBuffer::fill_bytes(uint8_t value) {
  if (bytes_ == 0) return Status::ok();
  CUZK_CUDA_TRY(cudaMemset(d_ptr_, value, bytes_));
  return Status::ok();
}

Status DeviceBuffer::zero_bytes(size_t offset, size_t bytes) {
  if (!in_range(offset, bytes, bytes_)) return range_error("zero", offset, bytes, bytes_);
  if (bytes == 0) return Status::ok();
  CUZK_CUDA_TRY(cudaMemset(static_cast<std::byte*>(d_ptr_) + offset, 0, bytes));
  return Status::ok();
}

Status DeviceBuffer::copy_within(size_t to, size_t from, size_t bytes) {
  if (!in_range(to, bytes, bytes_)) return range_error("copy to", to, bytes, bytes_);
  if (!in_range(from, bytes, bytes_)) return range_error("copy from", from, bytes, bytes_);
  if (bytes == 0) return Status::ok();
  CUZK_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(d_ptr_) + to, static_cast<const std::byte*>(d_ptr_) + from, bytes,
                           cudaMemcpyDeviceToDevice));
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
