// What an EmptySectorUpdate (SnapDeals) partition circuit looks like for a sector size
// (rust-fil-proofs' storage-proofs-update constants.rs and PublicParams::from_sector_size):
// partitions, challenges per partition, the bit lengths of a challenge, of the partition index
// and of the apex-leaf index, the six h values the circuit can select from, and the TreeR shape
// (validate_tree_r_shape). Every size rust-fil-proofs allows is known, the isolated-testing
// ones (1 KiB … 32 KiB, 8 MiB, 16 MiB, 512 MiB) included; only Filecoin's sector sizes have a
// registered update proof (registered_proofs.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "common/status.hpp"
#include "filecoin/registered_proofs.hpp"
#include "filecoin/tree_shape.hpp"

namespace cuzk::filecoin::snapdeals {

inline constexpr size_t kHCount = 6;  // the circuit's h_select has six bits

struct SnapConfig {
  uint64_t sector_size = 0;        // bytes
  uint64_t nodes = 0;              // sector_size / 32, a power of two
  size_t challenge_bits = 0;       // log2(nodes): TreeD's height
  size_t partitions = 0;           // 1 (≤ 8 KiB), 2 (≤ 32 KiB), 4 (≤ 16 MiB), 16
  size_t partition_bits = 0;       // log2(partitions)
  size_t challenges_per_partition = 0;  // 10 (≤ 16 MiB), 86
  size_t apex_leaves = 0;          // per partition: 8 (≤ 8 KiB), 128
  size_t apex_bits = 0;            // log2(apex_leaves)
  std::array<size_t, kHCount> hs{};  // [1;6] (≤ 32 KiB), [7..12]
  size_t h_default = 0;            // hs[3]: what filecoin-proofs proves with
  TreeShape tree_r_shape;          // TreeR old and new (Poseidon, base arity 8)
  std::optional<RegisteredProof> registered_proof;  // the size's update proof; nullopt for test-only sizes

  // Random bits drawn per challenge (the partition index fills the rest).
  size_t random_bits_per_challenge() const { return challenge_bits - partition_bits; }
  // Challenges per 254-bit digest, and digests per partition.
  size_t challenges_per_digest() const { return 254 / random_bits_per_challenge(); }
  size_t digests_per_partition() const {
    return (challenges_per_partition + challenges_per_digest() - 1) / challenges_per_digest();
  }
  // The TreeD levels below the apex leaves: a challenge's TreeD path is this many levels to
  // its apex leaf, apex_bits levels inside the apex tree, partition_bits above it.
  size_t levels_below_apex() const { return challenge_bits - partition_bits - apex_bits; }
};

// The configuration of a sector size rust-fil-proofs allows (kInvalidArgument naming the size
// and the allowed ones otherwise).
Result<SnapConfig> snap_config(uint64_t sector_size);
// The configuration of a registered update proof (kInvalidArgument naming a proof of another kind).
Result<SnapConfig> snap_config(const RegisteredProof& proof);
// The registered update proof numbered `number` (Filecoin's RegisteredUpdateProof, 0..4);
// kInvalidArgument naming the number otherwise.
Result<RegisteredProof> registered_update_proof(uint64_t number);

// h_select = 2^i where hs[i] = h; kInvalidArgument if h is not one of the configuration's hs.
Result<uint64_t> h_select(const SnapConfig& config, size_t h);

}  // namespace cuzk::filecoin::snapdeals
