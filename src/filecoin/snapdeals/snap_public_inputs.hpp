// SnapDeals partition public inputs as the verifier computes them (rust-fil-proofs'
// circuit::PublicInputs::new and to_vec, EmptySectorUpdateCompound::generate_public_inputs):
// [k | h_select << partition_bits, comm_r_old, comm_d_new, comm_r_new], besides ONE. Also the
// commitments as Curio sends them (raw 32 bytes, a field element's little-endian encoding).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ff/fr.hpp"
#include "filecoin/snapdeals/snap_config.hpp"

namespace cuzk::filecoin::snapdeals {

struct SnapPublicInputs {
  ff::Fr k_and_h_select;  // k | h_select << partition_bits
  ff::Fr comm_r_old, comm_d_new, comm_r_new;
  std::vector<ff::Fr> to_vector() const { return {k_and_h_select, comm_r_old, comm_d_new, comm_r_new}; }
};

// kInvalidArgument if k ≥ config.partitions or h is not one of config.hs.
Result<SnapPublicInputs> snap_public_inputs(const SnapConfig& config, size_t k, size_t h, const ff::Fr& comm_r_old,
                                            const ff::Fr& comm_d_new, const ff::Fr& comm_r_new);

// A commitment from its 32 raw bytes; kInvalidArgument naming `name` if the length is not 32 or
// the value is not a canonical field element.
Result<ff::Fr> snap_commitment(std::span<const uint8_t> bytes, std::string_view name);

}  // namespace cuzk::filecoin::snapdeals
