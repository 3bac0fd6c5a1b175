// The payload of the Filecoin kinds that prove from vanilla proofs (WindowPoSt, WinningPoSt,
// SnapDeals), through cuzk's own API: the request's values and its vanilla proofs in one byte
// string, so that a job stays one payload. The Curio-compatible service builds the same from
// the fields of Curio's request (registered_proof, miner_id, partition_index, randomness,
// comm_r_old / comm_r_new / comm_d_new, vanilla_proofs).
//
// Layout (bincode conventions: little-endian, a Vec as a u64 count then its elements):
//   magic "CUZKVAN1" (8 bytes), registered_proof u64, miner_id u64, partition_index u32,
//   randomness [32], comm_r_old [32], comm_r_new [32], comm_d_new [32],
//   proofs: u64 count, each a u64 length then its bytes
// (a field a kind does not use is zero). PoSt: one proof per sector, each a bincode
// FallbackPoStSectorProof; SnapDeals: one per partition, each a bincode PartitionProof.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "common/status.hpp"

namespace cuzk::kinds {

struct VanillaPayload {
  uint64_t registered_proof = 0;
  uint64_t miner_id = 0;
  uint32_t partition_index = 0;
  std::array<uint8_t, 32> randomness{};
  std::array<uint8_t, 32> comm_r_old{}, comm_r_new{}, comm_d_new{};
  std::vector<std::vector<uint8_t>> proofs;
};

// True if `payload` begins with the magic (a seed payload of the synthetic paths does not).
bool is_vanilla_payload(std::span<const uint8_t> payload);
std::vector<uint8_t> encode_vanilla_payload(const VanillaPayload& payload);
// kInvalidArgument naming the field and byte offset for a truncated or malformed payload, more
// than `max_proofs` proofs, or trailing bytes.
Result<VanillaPayload> decode_vanilla_payload(std::span<const uint8_t> bytes, uint64_t max_proofs);

}  // namespace cuzk::kinds
