// What the GPU prover keeps on its device between batches: each proving key's query bases,
// each circuit's recorded matrices with its A and B query densities, and the NTT domains. A
// key is keyed by the ProvingKey's address (the caller keeps the key alive and unchanged while
// it is resident, or releases it); recorded matrices by the host copy's address, which the set
// keeps alive, and they stay while anyone else holds that copy (release_unheld_matrices()).
// C++ only: no CUDA types.
//
// Threading: one caller at a time (the prover's worker thread), the device current then.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>

#include "backend/cuda/msm/msm_gpu.hpp"
#include "backend/cuda/ntt/ntt_gpu.hpp"
#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/witness/recorded_matrices_gpu.hpp"
#include "common/status.hpp"
#include "groth16/keys.hpp"
#include "groth16/prover_backend.hpp"
#include "r1cs/recorded_matrices.hpp"

namespace cuzk::backend::cuda {

// The device copy of one key's queries.
struct KeyBases {
  GpuBases<ec::G1Config> a, b_g1, l, h;
  GpuBases<ec::G2Config> b_g2;
  size_t bytes() const;
  bool matches(const groth16::ProvingKey& pk) const;
};

// A circuit's recorded matrices and its query densities over [inputs, aux] (A: every input has
// a base) on the device, with the host copy they were made from.
struct ResidentMatrices {
  std::shared_ptr<const r1cs::RecordedMatrices> host;
  GpuRecordedMatrices device;
  DeviceArray<uint64_t> density_a, density_b;
  size_t bytes() const;
};

class ResidentSet {
 public:
  // `pk`'s bases, uploaded on first use (again where another key now lives at its address).
  // Errors: kOutOfMemory, kDeviceError.
  Result<const KeyBases*> key(const groth16::ProvingKey& pk);
  // The device copy of `matrices`, uploaded on first use. Errors: as key().
  Result<const ResidentMatrices*> matrices(const std::shared_ptr<const r1cs::RecordedMatrices>& matrices);
  // The domain of at least `constraints` rows for `convention`, made on first use. Errors:
  // kInvalidArgument (too large), kOutOfMemory, kDeviceError.
  Result<const GpuDomain*> domain(size_t constraints, groth16::QapConvention convention);

  // Frees `pk`'s bases, if resident.
  void release(const groth16::ProvingKey& pk);
  // Frees the recorded matrices nobody else holds any more.
  void release_unheld_matrices();
  // Device bytes of the keys and matrices.
  size_t bytes() const;

 private:
  std::unordered_map<const groth16::ProvingKey*, KeyBases> keys_;
  std::unordered_map<const r1cs::RecordedMatrices*, ResidentMatrices> matrices_;
  std::map<std::pair<uint32_t, groth16::QapConvention>, GpuDomain> domains_;  // by log size and convention
};

}  // namespace cuzk::backend::cuda
