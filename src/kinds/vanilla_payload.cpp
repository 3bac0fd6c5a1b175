// VanillaPayload: written and read with the bincode reader and writer.
#include "kinds/vanilla_payload.hpp"

#include <algorithm>

#include "filecoin/bincode.hpp"

namespace cuzk::kinds {
namespace {

constexpr std::array<uint8_t, 8> kMagic = {'C', 'U', 'Z', 'K', 'V', 'A', 'N', '1'};

}  // namespace

bool is_vanilla_payload(std::span<const uint8_t> payload) {
  return payload.size() >= kMagic.size() && std::equal(kMagic.begin(), kMagic.end(), payload.begin());
}

std::vector<uint8_t> encode_vanilla_payload(const VanillaPayload& payload) {
  filecoin::BincodeWriter out;
  out.bytes(kMagic);
  out.u64(payload.registered_proof);
  out.u64(payload.miner_id);
  out.u32(payload.partition_index);
  for (const auto* field : {&payload.randomness, &payload.comm_r_old, &payload.comm_r_new, &payload.comm_d_new}) {
    out.bytes(*field);
  }
  out.u64(payload.proofs.size());
  for (const auto& proof : payload.proofs) {
    out.u64(proof.size());
    out.bytes(proof);
  }
  return std::move(out).take();
}

Result<VanillaPayload> decode_vanilla_payload(std::span<const uint8_t> bytes, uint64_t max_proofs) {
  if (!is_vanilla_payload(bytes)) {
    return Status::invalid_argument("vanilla-proof payload: does not begin with \"CUZKVAN1\"");
  }
  filecoin::BincodeReader in(bytes.subspan(kMagic.size()));
  VanillaPayload out;
  CUZK_ASSIGN_OR_RETURN(out.registered_proof, in.u64("registered_proof"));
  CUZK_ASSIGN_OR_RETURN(out.miner_id, in.u64("miner_id"));
  CUZK_ASSIGN_OR_RETURN(out.partition_index, in.u32("partition_index"));
  CUZK_ASSIGN_OR_RETURN(out.randomness, in.bytes32("randomness"));
  CUZK_ASSIGN_OR_RETURN(out.comm_r_old, in.bytes32("comm_r_old"));
  CUZK_ASSIGN_OR_RETURN(out.comm_r_new, in.bytes32("comm_r_new"));
  CUZK_ASSIGN_OR_RETURN(out.comm_d_new, in.bytes32("comm_d_new"));
  CUZK_ASSIGN_OR_RETURN(const uint64_t count, in.count("proofs", max_proofs, 8));
  out.proofs.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    const std::string field = "proofs[" + std::to_string(i) + "]";
    CUZK_ASSIGN_OR_RETURN(const uint64_t length, in.count(field, UINT64_MAX, 1));
    CUZK_ASSIGN_OR_RETURN(const std::span<const uint8_t> proof, in.raw(field, length));
    out.proofs.emplace_back(proof.begin(), proof.end());
  }
  CUZK_RETURN_IF_ERROR(in.expect_end("vanilla-proof payload"));
  return out;
}

}  // namespace cuzk::kinds
