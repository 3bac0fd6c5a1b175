// GpuPoseidonFill: the device twin of Poseidon's witness fill (gadgets::PoseidonFill): the
// hashes' internal values computed on the device. A witness-only synthesis that defers them leaves each hash's 310-597 internal
// values out of the packed aux (zero bits there); after the aux is expanded into w = inputs ‖
// aux on the device, fill() uploads the hashes' positions and preimage variables (8 bytes and
// 8 per preimage entry a hash, instead of 32 per internal value) and recomputes every internal
// value there, one thread per hash (poseidon_fill_kernels.cu). C++ only.
//
// The constants of each arity and domain tag are uploaded once and kept. Threading: one caller
// at a time (the prover's staging thread), its device current.
#pragma once

#include <utility>
#include <vector>

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/runtime/pinned_uploader.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "gadgets/poseidon_fill.hpp"

namespace cuzk::backend::cuda {

// The table the fill kernel reads for `constants` (its layout: poseidon_fill_kernels.cu).
std::vector<ff::Fr> poseidon_constants_table(const poseidon::OptimizedConstants& constants);

class GpuPoseidonFill {
 public:
  // d_w = inputs ‖ aux (num_inputs inputs) with every hash of `hashes` filled in. Kernels on
  // `stream`, asynchronously; the uploads (through `uploader`) are done when it returns, and
  // their buffers must not be reused before `stream` has run the kernels. Errors: kOutOfMemory,
  // kDeviceError; kInvalidArgument for a hash whose values lie outside d_w.
  Status fill(const gadgets::PoseidonFill& hashes, DeviceSpan<ff::Fr> d_w, size_t num_inputs,
              PinnedUploader& uploader, ThreadPool& pool, const DeviceStream& stream);

 private:
  std::vector<std::pair<const poseidon::OptimizedConstants*, DeviceArray<ff::Fr>>> constants_;
  DeviceArray<uint64_t> first_aux_, preimage_;  // every group's, one after another (grown, then reused)
};

}  // namespace cuzk::backend::cuda
