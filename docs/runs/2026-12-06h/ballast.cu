// Holds GiB of device memory until killed, so that a larger card plans like a smaller one
// (call 4 of 2026-12-06h: an H200 made to look like an 80 GB H100 for the staging plans).
//   nvcc -o ballast ballast.cu && ./ballast 61 &
#include <cuda_runtime.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const size_t gib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  void* p = nullptr;
  if (cudaMalloc(&p, gib << 30) != cudaSuccess) {
    std::fprintf(stderr, "ballast: cannot hold %zu GiB\n", gib);
    return 1;
  }
  std::printf("ballast: holding %zu GiB\n", gib);
  std::fflush(stdout);
  for (;;) pause();
}
