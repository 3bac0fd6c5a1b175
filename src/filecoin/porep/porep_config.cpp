// The registered seal proofs' PoRep configurations (filecoin-proofs constants: layers,
// partitions, minimum challenges; the api registry: ids and API versions) and test
// configurations.
#include "filecoin/porep/porep_config.hpp"

#include <iterator>

namespace cuzk::filecoin::porep {

namespace {

constexpr uint64_t kKiB = 1024, kMiB = 1024 * kKiB, kGiB = 1024 * kMiB;

struct ProofRow {
  RegisteredSealProof proof;
  std::string_view name;
  std::string_view vanilla_tag;
  uint64_t sector_size;
};

constexpr ProofRow kProofs[] = {
    {RegisteredSealProof::kStackedDrg2KiBV1, "StackedDrg2KiBV1", "StackedDrg2KiBV1", 2 * kKiB},
    {RegisteredSealProof::kStackedDrg8MiBV1, "StackedDrg8MiBV1", "StackedDrg8MiBV1", 8 * kMiB},
    {RegisteredSealProof::kStackedDrg512MiBV1, "StackedDrg512MiBV1", "StackedDrg512MiBV1", 512 * kMiB},
    {RegisteredSealProof::kStackedDrg32GiBV1, "StackedDrg32GiBV1", "StackedDrg32GiBV1", 32 * kGiB},
    {RegisteredSealProof::kStackedDrg64GiBV1, "StackedDrg64GiBV1", "StackedDrg64GiBV1", 64 * kGiB},
    {RegisteredSealProof::kStackedDrg2KiBV1_1, "StackedDrg2KiBV1_1", "StackedDrg2KiBV1", 2 * kKiB},
    {RegisteredSealProof::kStackedDrg8MiBV1_1, "StackedDrg8MiBV1_1", "StackedDrg8MiBV1", 8 * kMiB},
    {RegisteredSealProof::kStackedDrg512MiBV1_1, "StackedDrg512MiBV1_1", "StackedDrg512MiBV1", 512 * kMiB},
    {RegisteredSealProof::kStackedDrg32GiBV1_1, "StackedDrg32GiBV1_1", "StackedDrg32GiBV1", 32 * kGiB},
    {RegisteredSealProof::kStackedDrg64GiBV1_1, "StackedDrg64GiBV1_1", "StackedDrg64GiBV1", 64 * kGiB},
};

const ProofRow* find_row(RegisteredSealProof proof) {
  for (const ProofRow& row : kProofs) {
    if (row.proof == proof) return &row;
  }
  return nullptr;
}

// filecoin-proofs' LAYERS, POREP_PARTITIONS and get_porep_interactive_minimum_challenges:
// 32 and 64 GiB have 11 layers, 10 partitions and at least 176 challenges; the test sizes 2
// layers, 1 partition and 2 challenges.
bool is_production_size(uint64_t sector_size) { return sector_size >= 32 * kGiB; }

}  // namespace

Result<RegisteredSealProof> parse_registered_seal_proof(std::string_view name) {
  for (const ProofRow& row : kProofs) {
    if (row.name == name) return row.proof;
  }
  return Status::invalid_argument("unknown registered seal proof \"" + std::string(name) +
                                  "\" (StackedDrg{2KiB,8MiB,512MiB,32GiB,64GiB}V1 or V1_1)");
}

std::string_view registered_seal_proof_name(RegisteredSealProof proof) {
  const ProofRow* row = find_row(proof);
  return row != nullptr ? row->name : std::string_view("unknown");
}

std::string_view vanilla_proof_tag(RegisteredSealProof proof) {
  const ProofRow* row = find_row(proof);
  return row != nullptr ? row->vanilla_tag : std::string_view("unknown");
}

std::array<uint8_t, 32> porep_id_of(RegisteredSealProof proof) {
  std::array<uint8_t, 32> id{};
  const uint64_t value = static_cast<uint64_t>(proof);  // the registry's id equals the enum value
  for (size_t i = 0; i < 8; ++i) id[i] = static_cast<uint8_t>(value >> (8 * i));
  // bytes 8..15: the nonce (0 for every seal proof), 16..31: zero
  return id;
}

PorepApiVersion api_version_of(RegisteredSealProof proof) {
  return static_cast<uint64_t>(proof) < static_cast<uint64_t>(RegisteredSealProof::kStackedDrg2KiBV1_1)
             ? PorepApiVersion::kV1_0
             : PorepApiVersion::kV1_1;
}

Result<PorepConfig> porep_config(RegisteredSealProof proof) {
  const ProofRow* row = find_row(proof);
  if (row == nullptr) {
    return Status::invalid_argument("registered seal proof " + std::to_string(static_cast<uint64_t>(proof)) +
                                    " is not a StackedDrg V1/V1_1 proof cuzk knows");
  }
  PorepConfig config;
  config.registered_proof = proof;
  config.api_version = api_version_of(proof);
  config.sector_size = row->sector_size;
  config.nodes = row->sector_size / kNodeSize;
  const bool production = is_production_size(row->sector_size);
  config.layers = production ? 11 : 2;
  config.partitions = production ? 10 : 1;
  const size_t minimum_challenges = production ? 176 : 2;
  config.challenges_per_partition = (minimum_challenges + config.partitions - 1) / config.partitions;
  CUZK_ASSIGN_OR_RETURN(config.tree_r_shape, tree_shape_for_sector(row->sector_size));
  config.porep_id = porep_id_of(proof);
  return config;
}

Result<RegisteredSealProof> seal_proof_for_sector_size(uint64_t sector_size) {
  for (const ProofRow& row : kProofs) {
    if (row.sector_size == sector_size && api_version_of(row.proof) == PorepApiVersion::kV1_1) return row.proof;
  }
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
