// The registered seal proofs' PoRep configurations (filecoin-proofs constants: layers,
// partitions, minimum challenges; ids and API versions from registered_proofs.hpp) and test
// configurations.
#include "filecoin/porep/porep_config.hpp"

#include <string>

#include "common/client_text.hpp"

namespace cuzk::filecoin::porep {

namespace {

// filecoin-proofs' LAYERS, POREP_PARTITIONS and get_porep_interactive_minimum_challenges:
// 32 and 64 GiB have 11 layers, 10 partitions and at least 176 challenges; the test sizes 2
// layers, 1 partition and 2 challenges.
bool is_production_size(uint64_t sector_size) { return sector_size >= 32 * kGiB; }

// A seal proof cuzk proves: V1 or V1_1, no feature.
bool is_proved(const RegisteredProof& proof) {
  return proof.kind == RegisteredProofKind::kSeal && proof.feature == ApiFeature::kNone;
}

}  // namespace

Result<RegisteredProof> parse_registered_seal_proof(std::string_view name) {
  const RegisteredProof* proof = find_registered_proof(RegisteredProofEnum::kSeal, name);
  if (proof != nullptr && is_proved(*proof)) return *proof;
  return Status::invalid_argument("unknown registered seal proof " + quote_client_text(name) +
                                  " (StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1 or V1_1)");
}

std::string_view vanilla_proof_tag(const RegisteredProof& proof) {
  for (const RegisteredProof& v1 : kRegisteredProofs) {
    if (v1.kind == RegisteredProofKind::kSeal && v1.api_version == ApiVersion::kV1_0 &&
        v1.sector_size == proof.sector_size) {
      return v1.name;
    }
  }
  return "unknown";
}

std::array<uint8_t, 32> porep_id_of(const RegisteredProof& proof) {
  std::array<uint8_t, 32> id{};
  for (size_t i = 0; i < 8; ++i) id[i] = static_cast<uint8_t>(proof.id >> (8 * i));
  // bytes 8..15: the nonce (0 for every seal proof), 16..31: zero
  return id;
}

Result<PorepConfig> porep_config(const RegisteredProof& proof) {
  if (!is_proved(proof)) {
    return Status::invalid_argument("registered seal proof " + std::to_string(proof.id) + " (" +
                                    std::string(proof.name) + ") is not a StackedDrg V1/V1_1 proof cuzk knows");
  }
  PorepConfig config;
  config.registered_proof = proof;
  config.api_version = proof.api_version;
  config.sector_size = proof.sector_size;
  config.nodes = proof.sector_size / kNodeSize;
  const bool production = is_production_size(proof.sector_size);
  config.layers = production ? 11 : 2;
  config.partitions = production ? 10 : 1;
  const size_t minimum_challenges = production ? 176 : 2;
  config.challenges_per_partition = (minimum_challenges + config.partitions - 1) / config.partitions;
  CUZK_ASSIGN_OR_RETURN(config.tree_r_shape, tree_shape_for_sector(proof.sector_size));
  config.porep_id = porep_id_of(proof);
  return config;
}

Result<RegisteredProof> seal_proof_for_sector_size(uint64_t sector_size) {
  if (const RegisteredProof* proof = current_registered_proof(RegisteredProofKind::kSeal, sector_size)) return *proof;
  return Status::invalid_argument("no PoRep for sector size " + std::to_string(sector_size) +
                                  " (2KiB, 8MiB, 512MiB, 32GiB or 64GiB)");
}

Result<PorepConfig> porep_test_config(uint64_t nodes, size_t layers, size_t challenges, const TreeShape& tree_shape,
                                      const std::array<uint8_t, 32>& porep_id) {
  if (nodes < 2 || nodes >= (uint64_t{1} << 32)) {
    return Status::invalid_argument("PoRep test config: " + std::to_string(nodes) + " nodes (2 to 2^32 - 1)");
  }
  if (layers != 2 && layers != 11) {
    return Status::invalid_argument("PoRep test config: " + std::to_string(layers) + " layers (2 or 11)");
  }
  if (challenges == 0) return Status::invalid_argument("PoRep test config: no challenges");
  CUZK_RETURN_IF_ERROR(tree_shape.level_arities(nodes).status());
  PorepConfig config;
  config.sector_size = nodes * kNodeSize;
  config.nodes = nodes;
  config.layers = layers;
  config.partitions = 1;
  config.challenges_per_partition = challenges;
  config.tree_r_shape = tree_shape;
  config.porep_id = porep_id;
  return config;
}

}  // namespace cuzk::filecoin::porep
