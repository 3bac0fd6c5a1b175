// Shared helpers for the cuzk libFuzzer targets (fuzz/*.cpp).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

// An invariant the parser must keep. A violation prints the condition and aborts, which
// libFuzzer reports as a crash (and saves the input as crash-<sha1>).
#define FUZZ_CHECK(cond)                                                                      \
  do {                                                                                        \
    if (!(cond)) {                                                                            \
      std::fprintf(stderr, "FUZZ_CHECK failed: %s at %s:%d\n", #cond, __FILE__, __LINE__);   \
      std::abort();                                                                           \
    }                                                                                         \
  } while (0)

namespace cuzk::fuzz {

inline std::span<const uint8_t> bytes_of(const uint8_t* data, size_t size) { return {data, size}; }


}  // namespace cuzk::fuzz
