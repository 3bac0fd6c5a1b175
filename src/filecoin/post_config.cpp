// PoSt kinds: configurations, public inputs and synthetic instances.
#include "filecoin/post_config.hpp"

#include <algorithm>
#include <cassert>

#include "gadgets/sha256_native.hpp"
#include "filecoin/sector_size.hpp"
#include "filecoin/synthetic_post.hpp"
#include "r1cs/counting_constraint_system.hpp"

namespace cuzk::filecoin {

using ff::Fr;

namespace {

constexpr size_t kWinningChallenges = 66;
constexpr size_t kWindowChallenges = 10;

size_t window_sector_count(uint64_t sector_size) {
  if (sector_size == 32 * kGiB) return 2349;
  if (sector_size == 64 * kGiB) return 2300;
  return 2;
}

}  // namespace

Result<PostKind> parse_post_kind(std::string_view text) {
  if (text == "winning-post") return PostKind::kWinning;
  if (text == "window-post") return PostKind::kWindow;
  return Status::invalid_argument("unknown proof kind '" + std::string(text) + "' (winning-post, window-post)");
}

std::string_view post_kind_name(PostKind kind) { return kind == PostKind::kWinning ? "winning-post" : "window-post"; }

RegisteredProofKind registered_proof_kind(PostKind kind) {
  return kind == PostKind::kWinning ? RegisteredProofKind::kWinningPost : RegisteredProofKind::kWindowPost;
}

Result<PostConfig> post_config(PostKind kind, uint64_t sector_size) {
  Result<TreeShape> shape = tree_shape_for_sector(sector_size);
  if (!shape.is_ok()) return shape.status();
  PostConfig config;
  config.kind = kind;
  config.sector_size = sector_size;
  config.shape = *shape;
  config.leaves = sector_size / kNodeSize;
  config.sector_count = kind == PostKind::kWinning ? kWinningChallenges : window_sector_count(sector_size);
  config.challenge_count = kind == PostKind::kWinning ? 1 : kWindowChallenges;
  config.api_version = kind == PostKind::kWinning ? ApiVersion::kV1_0 : ApiVersion::kV1_2;
  return config;
}

Result<RegisteredProof> registered_post_proof(uint64_t number) {
  if (const RegisteredProof* proof = find_registered_proof(RegisteredProofEnum::kPost, number)) return *proof;
  std::string message = "unknown registered PoSt proof ";
  message += std::to_string(number);
  message += " (0-4 WinningPoSt V1, 5-9 WindowPoSt V1, 10-14 WindowPoSt V1_1)";
  return Status::invalid_argument(std::move(message));
}

PostConfig post_config(const RegisteredProof& proof) {
  assert(enum_of(proof.kind) == RegisteredProofEnum::kPost);
  const PostKind kind = proof.kind == RegisteredProofKind::kWinningPost ? PostKind::kWinning : PostKind::kWindow;
  PostConfig config = *post_config(kind, proof.sector_size);
  config.api_version = proof.api_version;
  return config;
}

Result<std::vector<Fr>> post_public_inputs(const PostConfig& config, const Randomness& randomness, size_t partition,
                                           const std::vector<PublicSector>& sectors) {
  if (sectors.size() != config.sector_count) {
    return Status::invalid_argument(std::to_string(sectors.size()) + " sectors given, the partition has " +
                                    std::to_string(config.sector_count) + " slots");
  }
  return post_verifier_public_inputs(config, randomness, partition, sectors);
}

Result<std::vector<Fr>> post_verifier_public_inputs(const PostConfig& config, const Randomness& randomness,
                                                    size_t partition, std::span<const PublicSector> sectors) {
  const bool winning = config.kind == PostKind::kWinning;
  if (sectors.empty() || sectors.size() > config.sector_count ||
      (winning && sectors.size() != 1 && sectors.size() != config.sector_count)) {
    std::string message = std::to_string(sectors.size());
    message += winning ? " sectors given, WinningPoSt takes 1 (or one per slot, " : " sectors given, the partition takes 1 to ";
    message += std::to_string(config.sector_count);
    message += winning ? ")" : "";
    return Status::invalid_argument(std::move(message));
  }
  const size_t per_slot = 1 + config.challenge_count;
  std::vector<Fr> out;
  out.reserve(config.sector_count * per_slot);
  for (size_t slot = 0; slot < config.sector_count; ++slot) {
    if (slot >= sectors.size() && !winning) {
      // rust-fil-proofs pads a partition by repeating the last sector's inputs as computed.
      for (size_t k = 0; k < per_slot; ++k) {
        const Fr repeated = out[out.size() - per_slot];
        out.push_back(repeated);
      }
      continue;
    }
    const PublicSector& sector = sectors[std::min(slot, sectors.size() - 1)];
    out.push_back(sector.comm_r);
    for (size_t n = 0; n < config.challenge_count; ++n) {
      const uint64_t index =
          post_challenge_index(config.api_version, partition, config.sector_count, slot, config.challenge_count, n);
      out.push_back(Fr::from_u64(post_leaf_challenge(randomness, sector.id, index, config.leaves)));
    }
  }
  return out;
}

Result<PostInstance> synthetic_post_instance(const PostConfig& config, uint64_t seed, ThreadPool& pool) {
  uint8_t seed_bytes[8];
  for (size_t i = 0; i < 8; ++i) seed_bytes[i] = static_cast<uint8_t>(seed >> (8 * i));
  const Randomness randomness = gadgets::trim_to_fr32(gadgets::sha256(seed_bytes));
  // WindowPoSt: sectors 1..slots; WinningPoSt: sector 1, challenged once in each slot.
  std::vector<uint64_t> ids(config.kind == PostKind::kWinning ? 1 : config.sector_count);
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = i + 1;
  CUZK_ASSIGN_OR_RETURN(const std::vector<std::vector<uint8_t>> proofs,
                        synthetic_post_sector_proofs(config, randomness, 0, ids, seed, pool));
  CUZK_ASSIGN_OR_RETURN(PostPartition partition, prepare_post_partition(config, proofs, randomness, 0, pool));
  PostInstance instance{randomness, {}, std::move(partition.circuit), std::move(partition.public_inputs)};
  for (size_t slot = 0; slot < config.sector_count; ++slot) {
    instance.sectors.push_back(partition.sectors[std::min(slot, partition.sectors.size() - 1)]);
  }
  return instance;
}

Result<CircuitSize> post_circuit_size(const PostConfig& config) {
  PostConfig one_slot = config;
  one_slot.sector_count = 1;
  ThreadPool pool(1);
  Result<PostInstance> instance = synthetic_post_instance(one_slot, 0, pool);
  if (!instance.is_ok()) return instance.status();
  r1cs::CountingConstraintSystem cs;
  const Status status = instance->circuit.synthesize(cs);
  if (!status.is_ok()) return status;
  const uint64_t slots = config.sector_count;
  return CircuitSize{cs.num_constraints() * slots, 1 + (cs.num_inputs() - 1) * slots, cs.num_aux() * slots};
}

}  // namespace cuzk::filecoin
