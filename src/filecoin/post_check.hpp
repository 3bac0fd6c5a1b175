// One WindowPoSt or WinningPoSt partition from the vanilla proofs a storage provider sends
// (one FallbackPoStSectorProof per sector, post_vanilla.hpp) to the Fallback PoSt circuit and
// the verifier's public inputs, with every native check done before synthesis. The path the
// engine's PoSt kinds and the Curio-facing service take, given (randomness, partition_index,
// registered_proof) from the request:
//
//   PostConfig config = post_config(*registered_post_proof(request.registered_proof));
//   Result<PostPartition> p = prepare_post_partition(config, request.vanilla_proofs,
//                                                    randomness, partition_index, pool);
//   // p->circuit to synthesize, p->public_inputs to self-verify the proof against.
//
// or step by step: read_post_partition → check_post_partition → post_partition_circuit, and
// post_verifier_public_inputs (post_config.hpp). The miner id plays no part: in rust-fil-proofs
// the prover id selects WinningPoSt's sector, but neither the circuit nor its inputs use it.
//
// Every failure is kInvalidArgument naming the sector (its index in the request and its id),
// the challenge and the field, e.g.
//   sector 3 (id 1234): challenge 7: the path opens leaf 912, the challenge is leaf 4406
#pragma once

#include <span>
#include <vector>

#include "common/thread_pool.hpp"
#include "filecoin/post_config.hpp"
#include "filecoin/post_vanilla.hpp"

namespace cuzk::filecoin {

// The leaves the sector with `sector_id` in `slot` of `partition` must open, one per inclusion
// proof: WindowPoSt its config.challenge_count challenges; WinningPoSt (slot 0, partition 0)
// its config.sector_count challenges, challenge n being circuit slot n's one challenge.
std::vector<uint64_t> post_sector_leaf_challenges(const PostConfig& config, const Randomness& randomness,
                                                  size_t partition, size_t slot, uint64_t sector_id);

// One partition's vanilla proofs as read, in the request's order (no padding).
struct PostPartitionInput {
  std::vector<FallbackPostSectorProof> sectors;
};

// Parses each sector's bytes and checks the counts a partition of `config` needs: WindowPoSt
// 1 to config.sector_count sectors, WinningPoSt exactly 1; each with one SectorProof of
// config.challenge_count inclusion proofs (WindowPoSt) or config.sector_count (WinningPoSt:
// its 66 challenges, one per circuit slot).
Result<PostPartitionInput> read_post_partition(const PostConfig& config,
                                               std::span<const std::vector<uint8_t>> sector_proofs);

// What the checks establish about the real sectors.
struct CheckedPostPartition {
  std::vector<PublicSector> sectors;              // id and comm_r, as the verifier knows them
  std::vector<std::vector<uint64_t>> challenges;  // per sector: the leaf of each inclusion proof
  // per sector: each inclusion proof's whole path (base, sub, top levels), every level's hash
  // recorded as the check computed it (PathLevel::hash)
  std::vector<std::vector<MerklePath>> paths;
};

// rust-fil-proofs' FallbackPoSt::verify, failing by name: the randomness a canonical field
// element; per sector comm_r = Poseidon2(comm_c, comm_r_last); per challenge the Merkle proof's
// variant and path shape those of config.shape over config.leaves, the leaf index its path's
// digits spell equal to the one derived from (randomness, sector id, challenge index of
// `partition` under config.api_version), its root equal to comm_r_last, and the path hashing
// from its leaf to that root. Sectors are checked in parallel on `pool`; the error reported is
// that of the first failing sector.
Result<CheckedPostPartition> check_post_partition(const PostConfig& config, const PostPartitionInput& input,
                                                  const Randomness& randomness, size_t partition, ThreadPool& pool);

// The circuit's witness for a checked partition (`checked` is check_post_partition's result for
// `input` under `config`): WindowPoSt one slot per sector, the slots past
// the last sector filled with copies of it (rust-fil-proofs' single_partition_vanilla_proofs);
// WinningPoSt inclusion proof i of its sector in slot i.
FallbackPoStCircuit post_partition_circuit(const PostConfig& config, const PostPartitionInput& input,
                                           const CheckedPostPartition& checked);

struct PostPartition {
  FallbackPoStCircuit circuit;
  std::vector<PublicSector> sectors;  // the real sectors
  std::vector<ff::Fr> public_inputs;  // as the verifier computes them, without ONE
};

// read → check → circuit, and the verifier's public inputs.
Result<PostPartition> prepare_post_partition(const PostConfig& config,
                                             std::span<const std::vector<uint8_t>> sector_proofs,
                                             const Randomness& randomness, size_t partition, ThreadPool& pool);

}  // namespace cuzk::filecoin
