// The Poseidon fill kernel of poseidon_fill_device.hpp: one thread per deferred hash recomputes
// neptune's circuit natively with the optimized constants and writes every value the circuit
// allocates but the last (the hash, which the witness holds) — the device counterpart of
// poseidon/circuit_steps.hpp, step for step (tested GPU == CPU in tests/backend/cuda).
//
// The constants table (poseidon_fill_gpu.cpp builds it): the domain tag; the compressed round
// constants (width·2·half_full_rounds + partial_rounds); the MDS matrix and the pre-sparse
// matrix column by column ([j·width + i] = m[i][j]); per partial round its sparse matrix's
// column 0 (width values) and row 0 without its first entry (width − 1). Every thread reads
// the same entry at the same time, so the reads are broadcasts from L1.
#include <cuda_runtime.h>

#include <string>

#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/arith/field_device.cuh"
#include "backend/cuda/witness/poseidon_fill_device.hpp"

namespace cuzk::backend::cuda {
namespace {

constexpr unsigned kThreads = 128;
constexpr uint32_t kMaxWidth = 12;

// The loops stay rolled (the width is a run-time value, the state an indexed array): the kernel
// is a few milliseconds of a partition's staging, and unrolled per width it took cicc over ten
// minutes to compile.
__global__ void __launch_bounds__(kThreads) poseidon_fill_kernel(DevicePoseidonGroup group, DeviceFr* w,
                                                                  uint64_t num_inputs) {
  const uint64_t hash = uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (hash >= group.hashes) return;
  constexpr uint64_t kAuxTag = uint64_t{1} << 63;
  const uint32_t t = group.width, half = group.half_full_rounds, partial = group.partial_rounds;
  const DeviceFr* __restrict__ table = static_cast<const DeviceFr*>(group.constants);
  const DeviceFr* __restrict__ keys = table + 1;
  const DeviceFr* __restrict__ mds = keys + 2 * half * t + partial;
  const DeviceFr* __restrict__ pre_sparse = mds + t * t;
  const DeviceFr* __restrict__ sparse = pre_sparse + t * t;

  DeviceFr state[kMaxWidth], next[kMaxWidth];
  state[0] = table[0];
#pragma unroll 1
  for (uint32_t i = 1; i < t; ++i) {
    const uint64_t v = group.preimage[hash * (t - 1) + (i - 1)];
    state[i] = w[(v & kAuxTag) ? num_inputs + (v & ~kAuxTag) : v];
  }
  DeviceFr* __restrict__ out = w + num_inputs + group.first_aux[hash];

  // x ← x^5 (+ key), its l², l⁴ and result written; with `input`, x itself first.
  auto s_box = [&](DeviceFr& x, const DeviceFr* key, bool input) {
    if (input) *out++ = x;  // the combination allocated
    const DeviceFr l2 = x.square(), l4 = l2.square();
    x = l4 * x;
    if (key) x = x + *key;
    out[0] = l2;
    out[1] = l4;
    out[2] = x;
    out += 3;
  };
  uint32_t round = 0;
  auto mix = [&]() {
    if (round >= half && round < half + partial) {
      const DeviceFr* s = sparse + (round - half) * (2 * t - 1);
      DeviceFr first = s[0] * state[0];
#pragma unroll 1
      for (uint32_t i = 1; i < t; ++i) first = first + s[i] * state[i];
#pragma unroll 1
      for (uint32_t j = 1; j < t; ++j) state[j] = state[j] + state[0] * s[t + j - 1];
      state[0] = first;
    } else {
      const DeviceFr* column = round == half - 1 ? pre_sparse : mds;
#pragma unroll 1
      for (uint32_t j = 0; j < t; ++j, column += t) {
        DeviceFr acc = column[0] * state[0];
#pragma unroll 1
        for (uint32_t i = 1; i < t; ++i) acc = acc + column[i] * state[i];
        next[j] = acc;
      }
#pragma unroll 1
      for (uint32_t j = 0; j < t; ++j) state[j] = next[j];
    }
    ++round;
  };

  // First round: the tag's S-box is a constant; the preimage enters with a pre-added key.
  const DeviceFr tag = state[0] + keys[0];
  state[0] = tag.square().square() * tag + keys[t];
#pragma unroll 1
  for (uint32_t i = 1; i < t; ++i) {
    state[i] = state[i] + keys[i];
    s_box(state[i], &keys[t + i], false);
  }
  const DeviceFr* key = keys + 2 * t;
  mix();
  // The other full rounds, the partial rounds, then the last full round (no key).
  const uint32_t rounds = 2 * (half - 1) + partial;
#pragma unroll 1
  for (uint32_t r = 0; r < rounds; ++r) {
    const bool full = r < half - 1 || r >= half - 1 + partial;
    const uint32_t boxes = full ? t : 1;
#pragma unroll 1
    for (uint32_t i = 0; i < boxes; ++i) s_box(state[i], key + i, true);
    key += boxes;
    mix();
  }
#pragma unroll 1
  for (uint32_t i = 0; i < t; ++i) s_box(state[i], nullptr, true);
  // the last mix gives the hash, which the witness already holds
}

}  // namespace

Status fill_poseidon(const DevicePoseidonGroup& group, void* d_w, uint64_t num_inputs, void* stream) {
  if (group.hashes == 0) return Status::ok();
  if (group.width < 2 || group.width > kMaxWidth || group.half_full_rounds == 0) {
    return Status::invalid_argument("no Poseidon fill kernel for width " + std::to_string(group.width));
  }
  const auto blocks = static_cast<unsigned>((group.hashes + kThreads - 1) / kThreads);
  poseidon_fill_kernel<<<blocks, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      group, static_cast<DeviceFr*>(d_w), num_inputs);
  CUZK_CUDA_TRY(cudaGetLastError());
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
