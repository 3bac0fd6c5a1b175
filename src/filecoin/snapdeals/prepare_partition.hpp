// The SnapDeals input path in one call, for the engine kind and the daemon: one partition's
// vanilla proof bytes (bincode, as Curio sends them) → read → native checks → the circuit with
// the verifier's public inputs. Step by step: read_snap_partition (partition_bincode.hpp),
// check_snap_partition (partition_check.hpp), SnapPartitionCircuit (update_circuit.hpp).
#pragma once

#include <cstdint>
#include <span>

#include "filecoin/snapdeals/update_circuit.hpp"

namespace cuzk::filecoin::snapdeals {

// Partition k of an update (comm_r_old → comm_r_new with new data comm_d_new, encoded with h;
// filecoin-proofs uses config.h_default). Errors are read_snap_partition's and
// check_snap_partition's (kInvalidArgument naming the partition, challenge, proof and field).
Result<SnapPartitionCircuit> prepare_snap_partition(const SnapConfig& config, std::span<const uint8_t> vanilla_proof,
                                                    size_t k, const ff::Fr& comm_r_old, const ff::Fr& comm_r_new,
                                                    const ff::Fr& comm_d_new, size_t h);

}  // namespace cuzk::filecoin::snapdeals
