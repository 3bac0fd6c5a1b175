// Curve-independent steps of the GPU MSM (msm_scratch.cuh): classification of the scalars,
// signed-digit bucket pairs, their radix sort and run-length encoding (CUB), segment plans.
#include "backend/cuda/msm/msm_scratch.cuh"

#include <cub/cub.cuh>

#include <algorithm>
#include <bit>
#include <initializer_list>
#include <string>

#include "backend/cuda/runtime/device.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/arith/field_device.cuh"

namespace cuzk::backend::cuda {
namespace {

constexpr unsigned kThreads = 256;
constexpr uint32_t kNone = 0xffffffffu;

unsigned blocks_for(size_t n) { return static_cast<unsigned>(std::max<size_t>(1, (n + kThreads - 1) / kThreads)); }

__global__ void popcount_kernel(const uint64_t* d_words, size_t words, uint32_t* d_counts) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < words) d_counts[i] = static_cast<uint32_t>(__popcll(d_words[i]));
}

// Per position i: its scalar's base (the scalar's index v = i, or rev_L(i) for bit-reversed
// positions, log_n = L > 0; then v's rank among the density's set bits, or v), and whether it
// is 0, 1 or other. Bits past n in the last density word are never read (v < n).
__global__ void classify_kernel(const DeviceFr* d_scalars, size_t n, unsigned log_n, size_t num_bases,
                                const uint64_t* d_density, const uint32_t* d_word_offsets, uint32_t* d_base_index,
                                uint32_t* d_other_key, uint32_t* d_ones_key) {
  const size_t i = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const size_t v = log_n == 0 ? i : __brev(static_cast<uint32_t>(i)) >> (32 - log_n);
  uint32_t base = static_cast<uint32_t>(v);
  bool present = true;
  if (d_density != nullptr) {
    const uint64_t word = d_density[v / 64];
    const unsigned bit = v % 64;
    present = (word >> bit) & 1;
    base = d_word_offsets[v / 64] + static_cast<uint32_t>(__popcll(word & ((uint64_t{1} << bit) - 1)));
  }
  present = present && base < num_bases;
  uint32_t other = kNone, one = kNone;
  if (present) {
    const DeviceFr k = d_scalars[i];
    if (k.is_one()) {
      one = base;
    } else if (!k.is_zero()) {
      other = static_cast<uint32_t>(i);
    }
  }
  d_base_index[i] = base;
  d_other_key[i] = other;
  d_ones_key[i] = one;
}

// A scalar's plain value k folded below r/2 (msm_scratch.cuh, kDigitBits): k, or r − k with
// bit 31 of word 7 set to say that its point is negated (r/2 < 2^254 leaves that bit free).
struct alignas(16) FoldedScalar {
  uint32_t word[8];
  static constexpr uint32_t kNegated = 0x80000000u;  // in word[7]
};

// canon[j] = scalars[others[j]] as a plain integer, folded
__global__ void canonical_kernel(const DeviceFr* d_scalars, const uint32_t* d_others, size_t m,
                                 FoldedScalar* d_canon) {
  const size_t j = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (j >= m) return;
  const DeviceFr k = d_scalars[d_others[j]].to_canonical();
  using Modulus = DeviceFrParams::Modulus;
  FoldedScalar minus;  // r − k (0 < k < r: no borrow out)
  uint32_t borrow = 0;
#pragma unroll
  for (size_t w = 0; w < 8; ++w) {
    const uint64_t d = uint64_t{Modulus::word(w)} - k.word(w) - borrow;
    minus.word[w] = static_cast<uint32_t>(d);
    borrow = static_cast<uint32_t>(d >> 63);
  }
  // r − k < k ⇔ (r − k) − k borrows
  borrow = 0;
#pragma unroll
  for (size_t w = 0; w < 8; ++w) borrow = static_cast<uint32_t>((uint64_t{minus.word[w]} - k.word(w) - borrow) >> 63);
  FoldedScalar out;
#pragma unroll
  for (size_t w = 0; w < 8; ++w) out.word[w] = borrow != 0 ? minus.word[w] : k.word(w);
  if (borrow != 0) out.word[7] |= FoldedScalar::kNegated;
  d_canon[j] = out;
}

struct NotNone {
  __device__ __forceinline__ bool operator()(uint32_t v) const { return v != kNone; }
};

// Signed digit of window w (c bits): d = b + bit(wc − 1) − 2^c·bit(wc + c − 1), b = bits
// [wc, wc + c); the digits telescope to k since k < 2^254 and Wc ≥ 255 (kDigitBits).
__device__ __forceinline__ int32_t signed_digit(const uint32_t (&k)[8], size_t w, unsigned c) {
  // c + 1 bits from bit wc − 1 (bit −1 reads as 0)
  const size_t low = w * c;
  const size_t start = low == 0 ? 0 : low - 1;
  const size_t word = start / 32, shift = start % 32;
  uint64_t v = k[word];
  if (word + 1 < 8) v |= uint64_t{k[word + 1]} << 32;
  v >>= shift;
  uint32_t raw = static_cast<uint32_t>(v & ((uint64_t{1} << (c + 1)) - 1));
  if (low == 0) raw = (raw << 1) & ((1u << (c + 1)) - 1);
  const uint32_t b = raw >> 1, carry_in = raw & 1, top = b >> (c - 1);
  return static_cast<int32_t>(b + carry_in) - static_cast<int32_t>(top << c);
}

__global__ void pairs_kernel(const FoldedScalar* d_canon, const uint32_t* d_others, const uint32_t* d_base_index,
                             size_t m, unsigned c, size_t w0, size_t wg, uint32_t* d_keys, uint32_t* d_vals) {
  const size_t j = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (j >= m) return;
  FoldedScalar k = d_canon[j];
  const bool negated = (k.word[7] & FoldedScalar::kNegated) != 0;
  k.word[7] &= ~FoldedScalar::kNegated;
  const uint32_t base = d_base_index[d_others[j]];
  const uint32_t half = 1u << (c - 1);
  const uint32_t sentinel = static_cast<uint32_t>(wg) * half;
  for (size_t w = 0; w < wg; ++w) {
    const int32_t d = signed_digit(k.word, w0 + w, c);
    const size_t slot = w * m + j;
    if (d == 0) {
      d_keys[slot] = sentinel;
      d_vals[slot] = 0;
    } else {
      const uint32_t magnitude = static_cast<uint32_t>(d < 0 ? -d : d);
      d_keys[slot] = static_cast<uint32_t>(w) * half + magnitude - 1;
      d_vals[slot] = base | ((d < 0) != negated ? 0x80000000u : 0u);
    }
  }
}

__global__ void segment_count_kernel(const uint32_t* d_key, uint32_t sentinel, const uint32_t* d_cnt, size_t runs,
                                     uint32_t* d_seg_cnt) {
  const size_t u = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (u >= runs) return;
  const bool skip = d_key != nullptr && d_key[u] == sentinel;
  d_seg_cnt[u] = skip ? 0 : (d_cnt[u] + kSegment - 1) / kSegment;
}

// CUB's two-phase calls: size query, then the run with scratch.cub_temp grown to fit.
template <class Call>
Status cub_call(MsmScratch& scratch, const char* what, Call&& call) {
  size_t bytes = 0;
  if (cudaError_t e = call(nullptr, bytes); e != cudaSuccess) return cuda_status(static_cast<int>(e), what, __FILE__, __LINE__);
  if (Status s = ensure_bytes(scratch.cub_temp, std::max<size_t>(bytes, 1)); !s.is_ok()) return s;
  bytes = scratch.cub_temp.size_bytes();
  return cuda_status(static_cast<int>(call(scratch.cub_temp.data(), bytes)), what, __FILE__, __LINE__);
}

Status read_count(MsmScratch& scratch, size_t index, cudaStream_t stream, size_t* out) {
  uint32_t value = 0;
  CUZK_CUDA_TRY(cudaMemcpyAsync(&value, as<uint32_t>(scratch.counts) + index, sizeof(value), cudaMemcpyDeviceToHost,
                                stream));
  CUZK_CUDA_TRY(cudaStreamSynchronize(stream));
  *out = value;
  return Status::ok();
}

unsigned bits_for(uint64_t max_value) {
  unsigned bits = 1;
  while (bits < 32 && (uint64_t{1} << bits) <= max_value) ++bits;
  return bits;
}

// Σ of the buffers' sizes in bytes
size_t total_bytes(std::initializer_list<const DeviceBuffer*> buffers) {
  size_t total = 0;
  for (const DeviceBuffer* b : buffers) total += b->size_bytes();
  return total;
}

}  // namespace

Status ensure_bytes(DeviceBuffer& buffer, size_t bytes) {
  if (buffer.size_bytes() >= bytes) return Status::ok();
  buffer = DeviceBuffer();  // free first: the old contents are not needed
  Result<DeviceBuffer> grown = DeviceBuffer::allocate(bytes);
  if (!grown.is_ok()) return grown.status();
  buffer = std::move(grown).value();
  return Status::ok();
}

Status launch_status(const char* what) {
  return cuda_status(static_cast<int>(cudaGetLastError()), what, __FILE__, __LINE__);
}

Status classify_scalars(const DeviceMsmInput& input, MsmScratch& scratch, cudaStream_t stream, size_t* others,
                        size_t* ones) {
  const auto* d_scalars = static_cast<const DeviceFr*>(input.d_scalars);
  const size_t n = input.num_scalars;
  const uint64_t* d_density = input.d_density;
  // the L of n = 2^L for bit-reversed positions (0: natural order, also for n = 1)
  const unsigned log_n = input.scalars_bit_reversed ? static_cast<unsigned>(std::countr_zero(n)) : 0;
  const size_t words = (n + 63) / 64;
  for (DeviceBuffer* b : {&scratch.base_index, &scratch.other_key, &scratch.ones_key, &scratch.others, &scratch.ones}) {
    if (Status s = ensure_bytes(*b, n * sizeof(uint32_t)); !s.is_ok()) return s;
  }
  if (Status s = ensure_bytes(scratch.counts, 4 * sizeof(uint32_t)); !s.is_ok()) return s;
  if (d_density != nullptr) {
    if (Status s = ensure_bytes(scratch.word_offsets, words * sizeof(uint32_t)); !s.is_ok()) return s;
    popcount_kernel<<<blocks_for(words), kThreads, 0, stream>>>(d_density, words, as<uint32_t>(scratch.word_offsets));
    if (Status s = launch_status("popcount_kernel"); !s.is_ok()) return s;
    uint32_t* offsets = as<uint32_t>(scratch.word_offsets);
    if (Status s = cub_call(scratch, "cub::DeviceScan::ExclusiveSum(word offsets)",
                            [&](void* temp, size_t& bytes) {
                              return cub::DeviceScan::ExclusiveSum(temp, bytes, offsets, offsets,
                                                                   static_cast<int64_t>(words), stream);
                            });
        !s.is_ok()) {
      return s;
    }
  }
  classify_kernel<<<blocks_for(n), kThreads, 0, stream>>>(
      d_scalars, n, log_n, input.num_bases, d_density, as<uint32_t>(scratch.word_offsets),
      as<uint32_t>(scratch.base_index), as<uint32_t>(scratch.other_key), as<uint32_t>(scratch.ones_key));
  if (Status s = launch_status("classify_kernel"); !s.is_ok()) return s;
  uint32_t* counts = as<uint32_t>(scratch.counts);
  if (Status s = cub_call(scratch, "cub::DeviceSelect::If(others)",
                          [&](void* temp, size_t& bytes) {
                            return cub::DeviceSelect::If(temp, bytes, as<uint32_t>(scratch.other_key),
                                                         as<uint32_t>(scratch.others), counts,
                                                         static_cast<int64_t>(n), NotNone(), stream);
                          });
      !s.is_ok()) {
    return s;
  }
  if (Status s = cub_call(scratch, "cub::DeviceSelect::If(ones)",
                          [&](void* temp, size_t& bytes) {
                            return cub::DeviceSelect::If(temp, bytes, as<uint32_t>(scratch.ones_key),
                                                         as<uint32_t>(scratch.ones), counts + 1,
                                                         static_cast<int64_t>(n), NotNone(), stream);
                          });
      !s.is_ok()) {
    return s;
  }
  if (Status s = read_count(scratch, 0, stream, others); !s.is_ok()) return s;
  if (Status s = read_count(scratch, 1, stream, ones); !s.is_ok()) return s;
  if (*others > 0) {
    if (Status s = ensure_bytes(scratch.canon, *others * sizeof(FoldedScalar)); !s.is_ok()) return s;
    canonical_kernel<<<blocks_for(*others), kThreads, 0, stream>>>(d_scalars, as<uint32_t>(scratch.others), *others,
                                                                   as<FoldedScalar>(scratch.canon));
    if (Status s = launch_status("canonical_kernel"); !s.is_ok()) return s;
  }
  return Status::ok();
}

Status sorted_bucket_runs(MsmScratch& scratch, size_t m, unsigned c, size_t w0, size_t wg, cudaStream_t stream,
                          size_t* runs) {
  const size_t pairs = m * wg;
  for (DeviceBuffer* b : {&scratch.keys_in, &scratch.keys_out, &scratch.vals_in, &scratch.vals_out, &scratch.run_key,
                          &scratch.run_len, &scratch.run_off}) {
    if (Status s = ensure_bytes(*b, pairs * sizeof(uint32_t)); !s.is_ok()) return s;
  }
  pairs_kernel<<<blocks_for(m), kThreads, 0, stream>>>(as<FoldedScalar>(scratch.canon), as<uint32_t>(scratch.others),
                                                       as<uint32_t>(scratch.base_index), m, c, w0, wg,
                                                       as<uint32_t>(scratch.keys_in), as<uint32_t>(scratch.vals_in));
  if (Status s = launch_status("pairs_kernel"); !s.is_ok()) return s;
  const unsigned key_bits = bits_for(uint64_t{wg} << (c - 1));  // the sentinel included
  if (Status s = cub_call(scratch, "cub::DeviceRadixSort::SortPairs",
                          [&](void* temp, size_t& bytes) {
                            return cub::DeviceRadixSort::SortPairs(
                                temp, bytes, as<uint32_t>(scratch.keys_in), as<uint32_t>(scratch.keys_out),
                                as<uint32_t>(scratch.vals_in), as<uint32_t>(scratch.vals_out),
                                static_cast<int64_t>(pairs), 0, static_cast<int>(key_bits), stream);
                          });
      !s.is_ok()) {
    return s;
  }
  uint32_t* counts = as<uint32_t>(scratch.counts);
  if (Status s = cub_call(scratch, "cub::DeviceRunLengthEncode::Encode",
                          [&](void* temp, size_t& bytes) {
                            return cub::DeviceRunLengthEncode::Encode(
                                temp, bytes, as<uint32_t>(scratch.keys_out), as<uint32_t>(scratch.run_key),
                                as<uint32_t>(scratch.run_len), counts + 2, static_cast<int64_t>(pairs), stream);
                          });
      !s.is_ok()) {
    return s;
  }
  if (Status s = read_count(scratch, 2, stream, runs); !s.is_ok()) return s;
  return cub_call(scratch, "cub::DeviceScan::ExclusiveSum(run offsets)", [&](void* temp, size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(temp, bytes, as<uint32_t>(scratch.run_len), as<uint32_t>(scratch.run_off),
                                         static_cast<int64_t>(*runs), stream);
  });
}

size_t MsmScratch::bytes() const {
  return total_bytes({&word_offsets, &base_index, &other_key, &ones_key, &others, &ones, &counts, &canon, &keys_in,
                      &keys_out, &vals_in, &vals_out, &run_key, &run_len, &run_off, &cnt_a, &off_a, &cnt_b, &off_b,
                      &level_a, &level_b, &buckets, &chunks_a, &chunks_b, &cub_temp});
}

size_t MsmScratch::pair_bytes() const {
  return total_bytes({&keys_in, &keys_out, &vals_in, &vals_out, &run_key, &run_len, &run_off, &level_a, &cub_temp});
}

Result<size_t> group_pairs_limit(const MsmScratch& scratch, size_t requested) {
  if (requested != 0) return requested;
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_RETURN_IF_ERROR(device_memory(&free_bytes, &total_bytes));
  // the pair buffers are regrown in place by a larger group, so what they hold counts as room
  return std::min(kMaxPairs, (free_bytes + scratch.pair_bytes()) / kScratchBytesPerPair);
}

Status plan_segments(MsmScratch& scratch, const uint32_t* d_key, uint32_t sentinel, const uint32_t* d_cnt,
                     size_t runs, uint32_t* d_seg_cnt, uint32_t* d_seg_off, cudaStream_t stream, size_t* total) {
  segment_count_kernel<<<blocks_for(runs), kThreads, 0, stream>>>(d_key, sentinel, d_cnt, runs, d_seg_cnt);
  if (Status s = launch_status("segment_count_kernel"); !s.is_ok()) return s;
  if (Status s = cub_call(scratch, "cub::DeviceScan::ExclusiveSum(segments)",
                          [&](void* temp, size_t& bytes) {
                            return cub::DeviceScan::ExclusiveSum(temp, bytes, d_seg_cnt, d_seg_off,
                                                                 static_cast<int64_t>(runs), stream);
                          });
      !s.is_ok()) {
    return s;
  }
  uint32_t last[2] = {0, 0};
  CUZK_CUDA_TRY(cudaMemcpyAsync(&last[0], d_seg_off + runs - 1, sizeof(uint32_t), cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_TRY(cudaMemcpyAsync(&last[1], d_seg_cnt + runs - 1, sizeof(uint32_t), cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_TRY(cudaStreamSynchronize(stream));
  *total = size_t{last[0]} + last[1];
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
