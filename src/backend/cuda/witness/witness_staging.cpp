// WitnessStaging (witness_staging.hpp): uploads, the aux expansion, the fills, the product, the row check.
#include "backend/cuda/witness/witness_staging.hpp"

#include <limits>
#include <memory>
#include <string>

#include "backend/cuda/witness/witness_device.hpp"
#include "gadgets/poseidon_fill.hpp"

namespace cuzk::backend::cuda {

Status WitnessStaging::stage(const witness::PartitionWitness& partition, const GpuRecordedMatrices& shape, bool input_rows,
                              DeviceSpan<ff::Fr> d_w, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                              DeviceSpan<ff::Fr> d_c, PinnedUploader& uploader, ThreadPool& pool,
                              const DeviceStream& stream) {
  const r1cs::PackedAux& aux = partition.values.aux;
  const size_t inputs = partition.num_inputs();
  if (inputs != shape.num_inputs() || aux.size() != shape.num_aux() || d_w.size() != inputs + aux.size()) {
    return Status::invalid_argument("a witness of " + std::to_string(inputs) + " inputs and " +
                                    std::to_string(aux.size()) + " aux values for recorded matrices of " +
                                    std::to_string(shape.num_inputs()) + " and " + std::to_string(shape.num_aux()));
  }
  // the packed aux, then its expansion after the inputs
  const size_t words = aux.field_mask().size();
  CUZK_RETURN_IF_ERROR(reserve(field_mask_, words));
  CUZK_RETURN_IF_ERROR(reserve(bit_values_, words));
  CUZK_RETURN_IF_ERROR(reserve(field_rank_, words));
  CUZK_RETURN_IF_ERROR(reserve(field_values_, aux.field_values().size()));
  CUZK_RETURN_IF_ERROR(uploader.upload(field_mask_.span(), aux.field_mask(), pool));
  CUZK_RETURN_IF_ERROR(uploader.upload(bit_values_.span(), aux.bit_values(), pool));
  CUZK_RETURN_IF_ERROR(uploader.upload(field_rank_.span(), aux.field_rank(), pool));
  CUZK_RETURN_IF_ERROR(uploader.upload(field_values_.span(), aux.field_values(), pool));
  CUZK_RETURN_IF_ERROR(uploader.upload(d_w, std::span<const ff::Fr>(partition.values.inputs), pool));
  const DevicePackedAux packed{field_mask_.data(), bit_values_.data(), field_rank_.data(), field_values_.data(),
                               aux.size()};
  CUZK_RETURN_IF_ERROR(expand_packed_aux(packed, d_w.subspan(inputs, aux.size()).data(), stream.handle()));
  // the values the synthesis left to the prover, by each fill's device twin
  for (const std::unique_ptr<witness::WitnessFill>& fill : partition.fills) {
    const auto* hashes = dynamic_cast<const gadgets::PoseidonFill*>(fill.get());
    if (hashes == nullptr) {
      return Status::invalid_argument("the witness fill '" + std::string(fill->name()) +
                                      "' has no device implementation");
    }
    CUZK_RETURN_IF_ERROR(poseidon_.fill(*hashes, d_w, inputs, uploader, pool, stream));
  }

  // a, b, c from the recorded matrices, then every constraint's row checked (the input rows and
  // the padding hold by construction; matrices without C hold c = a·b)
  CUZK_RETURN_IF_ERROR(shape.evaluate(d_w, d_a, d_b, d_c, input_rows, stream.handle()));
  if (shape.c_from_product()) return Status::ok();
  CUZK_RETURN_IF_ERROR(reserve(first_failing_, 1));
  return first_failing_row(d_a.data(), d_b.data(), d_c.data(), shape.num_constraints(), first_failing_.data(),
                           stream.handle());
}

Status WitnessStaging::rows_checked(const GpuRecordedMatrices& shape, bool input_rows, const DeviceStream& stream) {
  CUZK_RETURN_IF_ERROR(stream.synchronize());
  if (shape.c_from_product()) return Status::ok();
  unsigned long long first_failing = 0;
  CUZK_RETURN_IF_ERROR(first_failing_.download(std::span(&first_failing, 1)));
  if (first_failing == std::numeric_limits<unsigned long long>::max()) return Status::ok();
  const uint64_t all_rows = shape.num_constraints() + (input_rows ? shape.num_inputs() : 0);
  return {StatusCode::kUnsatisfiable, "the witness does not satisfy constraint " + std::to_string(first_failing) +
                                          " of " + std::to_string(all_rows) + " (a·b ≠ c, checked on the device)"};
}

}  // namespace cuzk::backend::cuda
