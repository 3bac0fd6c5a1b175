// The Stacked-DRG PoRep's interactive challenges and the replica id (rust-fil-proofs
// stacked/vanilla/challenges.rs, params.rs generate_replica_id; filecoin-proofs seal.rs):
//   challenge j of the sector, j = partition · count + i:
//     LE-int(SHA-256(replica_id ‖ seed ‖ j as u32 LE)) mod (nodes − 1) + 1   (never node 0)
//   replica_id = Fr32(SHA-256(prover_id ‖ sector_id u64 BE ‖ ticket ‖ comm_d ‖ porep_seed)),
//     prover_id = the miner's actor id as unsigned LEB128 (an ID address's payload), zero
//     padded to 32 bytes; porep_seed = the registered proof's porep_id.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

// The `count` challenges of `partition` of a sector of `nodes` nodes (nodes ≥ 2, asserted).
std::vector<uint64_t> interactive_challenges(const Bytes32& replica_id, const Bytes32& seed, uint64_t partition,
                                             size_t count, uint64_t nodes);

Bytes32 prover_id_from_actor(uint64_t actor_id);

Bytes32 generate_replica_id(const Bytes32& prover_id, uint64_t sector_id, const Bytes32& ticket,
                            const Bytes32& comm_d, const Bytes32& porep_seed);

}  // namespace cuzk::filecoin::porep
