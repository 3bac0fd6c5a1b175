// Poseidon's witness fill on the GPU (backend/cuda/poseidon_fill_gpu): plain
// program, CUDA builds only.
//
//   poseidon_fill_gpu_bench [--hashes N] [--arity A] [--runs R]   (defaults: 234900 hashes of
//                                                                  arity 8 — a 32 GiB WindowPoSt
//                                                                  partition's — and 5 runs)
//
// Lays out N hashes as a witness would (each hash's preimage, fresh random aux values, then its
// internal values), uploads w once, then times R fills on one stream after a warm-up, and checks
// the first and last 64 hashes against the CPU fill. Prints min / median / max milliseconds and
// the rates. Exit status 1 on an error or a mismatch, 2 on bad arguments.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <random>
#include <string_view>
#include <vector>

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/runtime/pinned_uploader.hpp"
#include "backend/cuda/witness/poseidon_fill_gpu.hpp"
#include "common/thread_pool.hpp"
#include "gadgets/poseidon_fill.hpp"
#include "poseidon/circuit_steps.hpp"

namespace {

using namespace cuzk;
using ff::Fr;

bool parse_count(std::string_view text, size_t& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && out > 0;
}

int fail(const Status& status) {
  std::fprintf(stderr, "poseidon_fill_gpu_bench: %s\n", status.to_string().c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  size_t hashes = 234900, arity = 8, runs = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    size_t* target = flag == "--hashes" ? &hashes : flag == "--arity" ? &arity : flag == "--runs" ? &runs : nullptr;
    if (target == nullptr || !parse_count(argv[i + 1], *target) ||
        (target == &arity && arity != 2 && arity != 4 && arity != 8 && arity != 11)) {
      std::fprintf(stderr, "usage: poseidon_fill_gpu_bench [--hashes N] [--arity 2|4|8|11] [--runs R]\n");
      return 2;
    }
  }
  const poseidon::OptimizedConstants& c = poseidon::OptimizedConstants::for_arity(arity);
  const size_t internal = poseidon::circuit_allocations(c) - 1, per_hash = arity + internal;
  // w = ONE ‖ aux; hash h: preimage at aux [h·per_hash, +arity), internal values after it
  std::mt19937_64 rng(3);
  std::vector<Fr> w(1 + hashes * per_hash);
  w[0] = Fr::one();
  for (size_t i = 1; i < w.size(); ++i) w[i] = Fr::random(rng);
  gadgets::PoseidonFill hashes_filled;
  std::vector<r1cs::Variable> preimage(arity);
  for (size_t h = 0; h < hashes; ++h) {
    for (size_t i = 0; i < arity; ++i) preimage[i] = {h * per_hash + i, r1cs::VariableKind::kAux};
    hashes_filled.add(c, h * per_hash + arity, preimage);
  }
  ThreadPool& pool = ThreadPool::shared();
  auto uploader = backend::cuda::PinnedUploader::create(size_t{64} << 20);
  if (!uploader.is_ok()) return fail(uploader.status());
  auto stream = backend::cuda::DeviceStream::create();
  if (!stream.is_ok()) return fail(stream.status());
  auto d_w = backend::cuda::DeviceArray<Fr>::allocate(w.size());
  if (!d_w.is_ok()) return fail(d_w.status());
  if (const Status s = d_w->upload(w); !s.is_ok()) return fail(s);
  backend::cuda::GpuPoseidonFill fill;
  std::vector<double> ms;
  for (size_t r = 0; r <= runs; ++r) {  // run 0 warms up (constants uploaded, kernel loaded)
    const auto t0 = std::chrono::steady_clock::now();
    if (const Status s = fill.fill(hashes_filled, d_w->span(), 1, **uploader, pool, *stream); !s.is_ok()) return fail(s);
    if (const Status s = stream->synchronize(); !s.is_ok()) return fail(s);
    if (r > 0) ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::vector<Fr> got(w.size());
  if (const Status s = d_w->download(got); !s.is_ok()) return fail(s);
  // the CPU fill of the checked hashes alone, into w (the GPU's result is in `got`)
  std::vector<size_t> checked;
  for (size_t h = 0; h < hashes; ++h) {
    if (h == 64 && hashes > 128) h = hashes - 64;
    checked.push_back(h);
  }
  gadgets::PoseidonFill reference;
  for (const size_t h : checked) {
    for (size_t i = 0; i < arity; ++i) preimage[i] = {h * per_hash + i, r1cs::VariableKind::kAux};
    reference.add(c, h * per_hash + arity, preimage);
  }
  reference.fill(std::span<const Fr>(w.data(), 1), std::span<Fr>(w).subspan(1), &pool);
  for (const size_t h : checked) {
    const size_t first = 1 + h * per_hash + arity;
    if (!std::equal(w.begin() + first, w.begin() + first + internal, got.begin() + first)) {
      std::fprintf(stderr, "poseidon_fill_gpu_bench: hash %zu differs from the CPU fill\n", h);
      return 1;
    }
  }
  std::sort(ms.begin(), ms.end());
  const double median = ms[ms.size() / 2];
  std::printf("Poseidon fill, %zu hashes of arity %zu (%zu values each): min %.3f / median %.3f / max %.3f ms "
              "(uploads of the positions and preimages included), %.1f M hashes/s, %.2f G values/s\n",
              hashes, arity, internal, ms.front(), median, ms.back(), double(hashes) / median / 1e3,
              double(hashes * internal) / median / 1e6);
  return 0;
}
