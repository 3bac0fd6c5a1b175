// GpuPoseidonFill (poseidon_fill_gpu.hpp): the constants table, the uploads and the launches.
#include "backend/cuda/witness/poseidon_fill_gpu.hpp"

#include <algorithm>
#include <string>

#include "backend/cuda/witness/poseidon_fill_device.hpp"
#include "poseidon/circuit_steps.hpp"

namespace cuzk::backend::cuda {

std::vector<ff::Fr> poseidon_constants_table(const poseidon::OptimizedConstants& c) {
  std::vector<ff::Fr> out{c.domain_tag};
  out.insert(out.end(), c.compressed_round_constants.begin(), c.compressed_round_constants.end());
  out.insert(out.end(), c.mds_columns.begin(), c.mds_columns.end());
  out.insert(out.end(), c.pre_sparse_columns.begin(), c.pre_sparse_columns.end());
  for (const poseidon::SparseMatrix& s : c.sparse) {
    out.insert(out.end(), s.w_hat.begin(), s.w_hat.end());
    out.insert(out.end(), s.v_rest.begin(), s.v_rest.end());
  }
  return out;
}

Status GpuPoseidonFill::fill(const gadgets::PoseidonFill& hashes, DeviceSpan<ff::Fr> d_w, size_t num_inputs,
                             PinnedUploader& uploader, ThreadPool& pool, const DeviceStream& stream) {
  if (hashes.num_hashes() == 0) return Status::ok();
  size_t first_total = 0, preimage_total = 0;
  for (const gadgets::PoseidonFillGroup& g : hashes.groups()) {
    first_total += g.first_aux.size();
    preimage_total += g.preimage.size();
    // Bounds: the kernel trusts positions and preimage variables.
    const uint64_t aux = d_w.size() - num_inputs;
    const uint64_t internal = poseidon::circuit_allocations(*g.constants) - 1;
    const bool positions_fit = std::ranges::all_of(g.first_aux, [&](uint64_t f) { return f <= aux && internal <= aux - f; });
    const bool preimage_fits = std::ranges::all_of(g.preimage, [&](uint64_t v) {
      return (v & gadgets::PoseidonFill::kAuxTag) ? (v & ~gadgets::PoseidonFill::kAuxTag) < aux : v < num_inputs;
    });
    if (!positions_fit || !preimage_fits) {
      return Status::invalid_argument("Poseidon fill hashes of arity " + std::to_string(g.constants->arity) +
                                      " name values outside the witness of " + std::to_string(num_inputs) +
                                      " inputs and " + std::to_string(aux) + " aux values");
    }
  }
  CUZK_RETURN_IF_ERROR(reserve(first_aux_, first_total));
  CUZK_RETURN_IF_ERROR(reserve(preimage_, preimage_total));
  size_t first_at = 0, preimage_at = 0;
  for (const gadgets::PoseidonFillGroup& g : hashes.groups()) {
    auto cached = std::ranges::find_if(constants_, [&](const auto& entry) { return entry.first == g.constants; });
    if (cached == constants_.end()) {
      const std::vector<ff::Fr> table = poseidon_constants_table(*g.constants);
      CUZK_ASSIGN_OR_RETURN(DeviceArray<ff::Fr> d_table, DeviceArray<ff::Fr>::allocate(table.size()));
      CUZK_RETURN_IF_ERROR(d_table.upload(table));
      constants_.emplace_back(g.constants, std::move(d_table));
      cached = constants_.end() - 1;
    }
    const DeviceSpan<uint64_t> first = first_aux_.span().subspan(first_at, g.first_aux.size());
    const DeviceSpan<uint64_t> preimage = preimage_.span().subspan(preimage_at, g.preimage.size());
    CUZK_RETURN_IF_ERROR(uploader.upload(first, std::span<const uint64_t>(g.first_aux), pool));
    CUZK_RETURN_IF_ERROR(uploader.upload(preimage, std::span<const uint64_t>(g.preimage), pool));
    first_at += g.first_aux.size();
    preimage_at += g.preimage.size();
    const DevicePoseidonGroup group{cached->second.data(),
                                    first.data(),
                                    preimage.data(),
                                    g.num_hashes(),
                                    static_cast<uint32_t>(g.constants->width),
                                    static_cast<uint32_t>(g.constants->half_full_rounds),
                                    static_cast<uint32_t>(g.constants->partial_rounds)};
    CUZK_RETURN_IF_ERROR(fill_poseidon(group, d_w.data(), num_inputs, stream.handle()));
  }
  return Status::ok();
}

}  // namespace cuzk::backend::cuda
