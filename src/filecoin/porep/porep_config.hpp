// What a Stacked-DRG PoRep circuit looks like for one registered seal proof: the sector's
// nodes, layers, partitions and challenges per partition, the TreeR / TreeC shape, the graph's
// degrees and the porep_id that seeds it (rust-fil-proofs' filecoin-proofs constants and
// rust-filecoin-proofs-api's registry), plus test configurations like those of rust-fil-proofs'
// stacked_circuit.rs tests.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/status.hpp"
#include "filecoin/registered_proofs.hpp"
#include "filecoin/tree_shape.hpp"

namespace cuzk::filecoin::porep {

inline constexpr size_t kDrgDegree = 6;       // BASE_DEGREE
inline constexpr size_t kExpanderDegree = 8;  // EXP_DEGREE
inline constexpr size_t kParentCount = kDrgDegree + kExpanderDegree;  // 14
inline constexpr size_t kLabelParents = 37;   // parent labels hashed into one label

struct PorepConfig {
  RegisteredProof registered_proof = seal_proof("StackedDrg2KiBV1_1");
  // The registered proof's: the graph's parent order depends on it (porep/graph.hpp).
  ApiVersion api_version = ApiVersion::kV1_1;
  uint64_t sector_size = 0;       // bytes
  uint64_t nodes = 0;             // sector_size / 32
  size_t layers = 0;              // 2 at test sizes, 11 at 32/64 GiB
  size_t partitions = 0;          // 1, or 10 at 32/64 GiB
  size_t challenges_per_partition = 0;  // div_ceil(minimum challenges, partitions)
  TreeShape tree_r_shape;         // TreeR and TreeC (Poseidon 8-0-0, 8-8-0, 8-8-2, ...)
  std::array<uint8_t, 32> porep_id{};
};

// The seal proof called `name` ("StackedDrg32GiBV1_1") if cuzk proves it (V1 and V1_1);
// kInvalidArgument naming it otherwise.
Result<RegisteredProof> parse_registered_seal_proof(std::string_view name);
// The wrapper key of vanilla_proofs for a seal proof: "StackedDrg32GiBV1" (rust-filecoin-proofs-api's
// VanillaSealProof variant, named after the size's V1 proof for V1 and V1_1 alike).
std::string_view vanilla_proof_tag(const RegisteredProof& proof);

// The production configuration of a seal proof (kInvalidArgument for one cuzk does not prove,
// naming it).
Result<PorepConfig> porep_config(const RegisteredProof& proof);
// The current (V1_1) seal proof for a sector size (kInvalidArgument naming unsupported sizes).
Result<RegisteredProof> seal_proof_for_sector_size(uint64_t sector_size);

// The porep_id of a seal proof: its number as u64 LE ‖ nonce 0 as u64 LE ‖ 16 zero bytes.
std::array<uint8_t, 32> porep_id_of(const RegisteredProof& proof);

// A test configuration like rust-fil-proofs' stacked_circuit.rs tests (there: porep_id [44;32],
// nodes = 8 · tree_shape.base_tree_count(), 2 layers, 1 challenge): one partition, API V1_1,
// sector_size = nodes · 32, `registered_proof` left at its default (it names no production
// size). kInvalidArgument if the shape does not fit `nodes`, layers is not 2 or 11 (the column
// hash's arities), nodes < 2 or ≥ 2^32, or challenges is 0.
Result<PorepConfig> porep_test_config(uint64_t nodes, size_t layers, size_t challenges, const TreeShape& tree_shape,
                                      const std::array<uint8_t, 32>& porep_id);

}  // namespace cuzk::filecoin::porep
