// read → check → circuit for one SnapDeals partition.
#include "filecoin/snapdeals/prepare_partition.hpp"

#include <utility>

#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/partition_check.hpp"

namespace cuzk::filecoin::snapdeals {

Result<SnapPartitionCircuit> prepare_snap_partition(const SnapConfig& config, std::span<const uint8_t> vanilla_proof,
                                                    size_t k, const ff::Fr& comm_r_old, const ff::Fr& comm_r_new,
                                                    const ff::Fr& comm_d_new, size_t h) {
  CUZK_ASSIGN_OR_RETURN(SnapPartitionProof proof, read_snap_partition(vanilla_proof, k));
  CUZK_ASSIGN_OR_RETURN(const CheckedSnapPartition checked,
                        check_snap_partition(config, proof, k, comm_r_old, comm_r_new, comm_d_new, h));
  CUZK_ASSIGN_OR_RETURN(const SnapPrivateInputs private_inputs, snap_private_inputs(proof));
  CUZK_RETURN_IF_ERROR(check_snap_circuit_inputs(config, checked.public_inputs, private_inputs));
  return SnapPartitionCircuit(config, checked.public_inputs, std::move(proof));
}

}  // namespace cuzk::filecoin::snapdeals
