// SystemBlinding: rejection-sampled Fr elements from getrandom(2).
#include "groth16/blinding.hpp"

#include <sys/random.h>

#include <cstdlib>
#include <cstring>

namespace cuzk::groth16 {
namespace {

// A 64-bit word source over getrandom; aborts if the kernel CSPRNG is unavailable (a prover
// must never fall back to predictable blinding).
struct OsWords {
  uint64_t operator()() {
    uint64_t word = 0;
    size_t filled = 0;
    auto* bytes = reinterpret_cast<unsigned char*>(&word);
    while (filled < sizeof(word)) {
      const ssize_t got = getrandom(bytes + filled, sizeof(word) - filled, 0);
      if (got < 0) std::abort();
      filled += static_cast<size_t>(got);
    }
    return word;
  }
};

}  // namespace

std::pair<ff::Fr, ff::Fr> SystemBlinding::next() {
  OsWords words;
  const ff::Fr r = ff::Fr::random(words);
  const ff::Fr s = ff::Fr::random(words);
  return {r, s};
}

}  // namespace cuzk::groth16
