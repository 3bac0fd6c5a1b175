// WitnessStaging: the device side of a partition witness (witness::PartitionWitness: its inputs
// and packed aux, its fills, its A, B, C recorded). Per circuit it uploads the inputs and the
// packed aux (≈ 3 bits per bit-valued aux value, 32 bytes per other value:
// 101 MB for a 32 GiB PoRep partition instead of its 17 GB of aux and a, b, c), expands the aux
// into the MSMs' scalar vector w = inputs ‖ aux, runs its fills' device twins (the Poseidon
// fill: poseidon_fill_gpu.hpp), computes a, b, c = A·w, B·w, C·w (with the input rows where
// the convention has them, and the domain's zero padding) from the matrices resident on the device straight
// into the NTTs' buffers, and checks a_j·b_j = c_j on every row before anything is proved.
// C++ only.
//
// Threading: one caller at a time (the prover's staging thread); the device current then.
#pragma once

#include <cstdint>

#include "backend/cuda/witness/recorded_matrices_gpu.hpp"
#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/runtime/pinned_uploader.hpp"
#include "backend/cuda/witness/poseidon_fill_gpu.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::backend::cuda {

class WitnessStaging {
 public:
  // For `partition` whose matrices are `shape` (on the device): queues on `stream` what fills
  // d_w (inputs + aux values) and d_a, d_b, d_c (the domain's n each, bellperson's input rows
  // with `input_rows`) and checks a_j·b_j = c_j on every row, after copies through `uploader`
  // (host work on `pool`); returns once all is queued (rows_checked() gives the answer).
  // Errors: kInvalidArgument for sizes that are not the shape's, or a fill without a device
  // twin; kOutOfMemory; kDeviceError.
  Status stage(const witness::PartitionWitness& partition, const GpuRecordedMatrices& shape, bool input_rows,
               DeviceSpan<ff::Fr> d_w, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b, DeviceSpan<ff::Fr> d_c,
               PinnedUploader& uploader, ThreadPool& pool, const DeviceStream& stream);
  // After stage() on the same stream: waits for it; OK where every row holds. Errors:
  // kUnsatisfiable naming the first row with a·b ≠ c; kDeviceError.
  Status rows_checked(const GpuRecordedMatrices& shape, bool input_rows, const DeviceStream& stream);

 private:
  // the packed aux's arrays (grown, then reused) and the row check's answer
  DeviceArray<uint64_t> field_mask_, bit_values_, field_rank_;
  DeviceArray<ff::Fr> field_values_;
  DeviceArray<unsigned long long> first_failing_;
  GpuPoseidonFill poseidon_;
};

}  // namespace cuzk::backend::cuda
