// Shared pieces of the CUDA backend tests: the fixture that skips, loudly, without a GPU, and
// the bit reversal of an index (the device H's coefficient order).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>

#include "backend/cuda/runtime/device.hpp"

namespace cuzk::backend::cuda::test {

// True if this process sees at least one CUDA device (cached: the answer cannot change).
inline bool have_gpu() {
  static const bool kHaveGpu = !list_gpus().empty();
  return kHaveGpu;
}

// Base fixture for tests that need a GPU: skips each test with a visible reason when there is
// none (CPU-only CI machines), so a skip can never be mistaken for a pass. On the GPU machine
// scripts/gpu-check.sh treats any skip as a failure.
class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!have_gpu()) {
      GTEST_SKIP() << "no CUDA GPU: list_gpus() found no device (no driver, no GPU, or "
                      "CUDA_VISIBLE_DEVICES hides them); this test needs one. Run "
                      "scripts/gpu-check.sh on a GPU machine.";
    }
  }
};

// i reversed over its low `bits` bits (i < 2^bits).
inline size_t reverse_bits(size_t i, uint32_t bits) {
  size_t out = 0;
  for (uint32_t b = 0; b < bits; ++b) out |= ((i >> b) & 1) << (bits - 1 - b);
  return out;
}

}  // namespace cuzk::backend::cuda::test
