// SnapDeals public inputs and commitments.
#include "filecoin/snapdeals/snap_public_inputs.hpp"

#include <optional>
#include <string>

namespace cuzk::filecoin::snapdeals {

using ff::Fr;

Result<SnapPublicInputs> snap_public_inputs(const SnapConfig& config, size_t k, size_t h, const Fr& comm_r_old,
                                            const Fr& comm_d_new, const Fr& comm_r_new) {
  if (k >= config.partitions) {
    return Status::invalid_argument("snap-deals: partition index " + std::to_string(k) + " is not below the " +
                                    std::to_string(config.partitions) + " partitions");
  }
  CUZK_ASSIGN_OR_RETURN(const uint64_t select, h_select(config, h));
  return SnapPublicInputs{Fr::from_u64(uint64_t{k} | (select << config.partition_bits)), comm_r_old, comm_d_new,
                          comm_r_new};
}

Result<Fr> snap_commitment(std::span<const uint8_t> bytes, std::string_view name) {
  if (bytes.size() != 32) {
    return Status::invalid_argument(std::string(name) + ": " + std::to_string(bytes.size()) +
                                    " bytes, a commitment has 32");
  }
  const std::optional<Fr> value = Fr::from_bytes_le(bytes.first<32>());
  if (!value) return Status::invalid_argument(std::string(name) + ": not a canonical field element");
  return *value;
}

}  // namespace cuzk::filecoin::snapdeals
