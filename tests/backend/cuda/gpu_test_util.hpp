// Shared pieces of the CUDA backend tests: the fixture that skips, loudly, without a GPU.
#pragma once

#include <gtest/gtest.h>

#include "backend/cuda/device.hpp"

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

}  // namespace cuzk::backend::cuda::test
