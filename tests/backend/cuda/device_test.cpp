// Device enumeration, CUDA-error → Status conversion, and DeviceBuffer. The tests without a
// GPU fixture run everywhere: on a machine without a GPU they check that every entry point
// reports a Status instead of crashing.
#include "backend/cuda/runtime/device.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backend/cuda/runtime/device_buffer.hpp"
#include "gpu_test_util.hpp"

namespace cuzk::backend::cuda {
namespace {

using test::GpuTest;
using test::have_gpu;

// cudaError_t values (driver_types.h; stable across CUDA releases), kept out of this C++ file.
constexpr int kCudaSuccess = 0;
constexpr int kCudaErrorInvalidValue = 1;
constexpr int kCudaErrorMemoryAllocation = 2;

TEST(CudaDevice, ListGpusDescribesEachDeviceOrNone) {
  const std::vector<GpuInfo> gpus = list_gpus();
  std::cout << "list_gpus(): " << gpus.size() << " device(s)\n";
  for (const GpuInfo& gpu : gpus) {
    std::cout << "  " << gpu.name << ", sm_" << gpu.sm_major << gpu.sm_minor << ", " << gpu.multiprocessors
              << " SMs, " << (gpu.memory_bytes >> 20) << " MiB\n";
    EXPECT_FALSE(gpu.name.empty());
    EXPECT_GE(gpu.sm_major, 3);
    EXPECT_GE(gpu.sm_minor, 0);
    EXPECT_GT(gpu.multiprocessors, 0u);
    EXPECT_GT(gpu.memory_bytes, uint64_t{1} << 28);
  }
  EXPECT_EQ(list_gpus().size(), gpus.size()) << "enumeration must be stable";
}

TEST(CudaDevice, CudaStatusOkForSuccess) {
  EXPECT_TRUE(cuda_status(kCudaSuccess, "cudaFree(nullptr)", __FILE__, __LINE__).is_ok());
}

TEST(CudaDevice, CudaStatusNamesExpressionFileAndLine) {
  const Status status =
      cuda_status(kCudaErrorInvalidValue, "cudaMemset(d_ptr, 0, n)", "/any/where/src/backend/cuda/x.cu", 42);
  EXPECT_EQ(status.code(), StatusCode::kDeviceError);
  // the path is cut to its part below src/, then the runtime's error name and description
  EXPECT_EQ(status.message().rfind("cudaMemset(d_ptr, 0, n)@backend/cuda/x.cu:42: cudaErrorInvalidValue: ", 0), 0u)
      << status.message();
}

TEST(CudaDevice, CudaStatusMapsAllocationFailureToOutOfMemory) {
  const Status status = cuda_status(kCudaErrorMemoryAllocation, "cudaMalloc(&d_ptr, bytes)", "device_buffer.cu", 7);
  EXPECT_EQ(status.code(), StatusCode::kOutOfMemory);
  EXPECT_EQ(status.message().rfind("cudaMalloc(&d_ptr, bytes)@device_buffer.cu:7: cudaErrorMemoryAllocation: ", 0), 0u)
      << status.message();
}

TEST(DeviceBuffer, EmptyBufferNeedsNoDevice) {
  Result<DeviceBuffer> buffer = DeviceBuffer::allocate(0);
  ASSERT_TRUE(buffer.is_ok()) << buffer.status().to_string();
  EXPECT_TRUE(buffer->empty());
  EXPECT_EQ(buffer->data(), nullptr);
  EXPECT_TRUE(buffer->upload(std::span<const uint32_t>()).is_ok());
  EXPECT_TRUE(buffer->fill_bytes(0xff).is_ok());
}

TEST(DeviceBuffer, TransfersOutsideTheBufferAreInvalidArguments) {
  Result<DeviceBuffer> buffer = DeviceBuffer::allocate(0);
  ASSERT_TRUE(buffer.is_ok());
  const std::array<uint32_t, 1> word{7};
  std::array<uint32_t, 1> back{};
  EXPECT_EQ(buffer->upload(std::span<const uint32_t>(word)).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(buffer->download(std::span<uint32_t>(back)).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(buffer->upload(std::span<const uint32_t>(), 1).code(), StatusCode::kInvalidArgument);
}

TEST(DeviceBuffer, AllocationWithoutGpuIsADeviceError) {
  if (have_gpu()) GTEST_SKIP() << "a GPU is present: this test covers machines without one";
  Result<DeviceBuffer> buffer = DeviceBuffer::allocate(64);
  ASSERT_FALSE(buffer.is_ok());
  EXPECT_EQ(buffer.status().code(), StatusCode::kDeviceError);
  EXPECT_NE(buffer.status().message().find("cudaMalloc(&d_ptr, bytes)@backend/cuda/runtime/device_buffer.cu:"),
            std::string::npos)
      << buffer.status().message();
}

class DeviceBufferGpu : public GpuTest {};

TEST_F(DeviceBufferGpu, RoundTripsBytesAtOffsets) {
  constexpr size_t kWords = 1000;
  Result<DeviceBuffer> buffer = DeviceBuffer::allocate(kWords * sizeof(uint32_t));
  ASSERT_TRUE(buffer.is_ok()) << buffer.status().to_string();
  EXPECT_EQ(buffer->size_bytes(), kWords * sizeof(uint32_t));
  ASSERT_TRUE(buffer->fill_bytes(0xa5).is_ok());

  std::vector<uint32_t> words(kWords / 2);
  for (size_t i = 0; i < words.size(); ++i) words[i] = static_cast<uint32_t>(i * 2654435761u);
  ASSERT_TRUE(buffer->upload(std::span<const uint32_t>(words), kWords / 2).is_ok());  // second half

  std::vector<uint32_t> back(kWords, 0);
  ASSERT_TRUE(buffer->download(std::span<uint32_t>(back)).is_ok());
  for (size_t i = 0; i < kWords / 2; ++i) ASSERT_EQ(back[i], 0xa5a5a5a5u) << "poison at " << i;
  for (size_t i = 0; i < words.size(); ++i) ASSERT_EQ(back[kWords / 2 + i], words[i]) << "word " << i;

  // one word past the end
  EXPECT_EQ(buffer->upload(std::span<const uint32_t>(words), kWords / 2 + 1).code(), StatusCode::kInvalidArgument);
}

TEST_F(DeviceBufferGpu, MoveTransfersOwnership) {
  Result<DeviceBuffer> allocated = DeviceBuffer::allocate(256);
  ASSERT_TRUE(allocated.is_ok()) << allocated.status().to_string();
  DeviceBuffer first = std::move(allocated).value();
  const void* d_ptr = first.data();
  ASSERT_NE(d_ptr, nullptr);

  DeviceBuffer second(std::move(first));
  EXPECT_EQ(second.data(), d_ptr);
  EXPECT_EQ(second.size_bytes(), 256u);
  EXPECT_TRUE(first.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
  EXPECT_EQ(first.data(), nullptr);

  Result<DeviceBuffer> other = DeviceBuffer::allocate(128);
  ASSERT_TRUE(other.is_ok());
  second = std::move(other).value();  // frees the 256 bytes
  EXPECT_EQ(second.size_bytes(), 128u);
}

}  // namespace
}  // namespace cuzk::backend::cuda
