// Filecoin's parameter files by their own names: rust-fil-proofs names every circuit's Groth16
// parameters `v28-<prefix>-<hex SHA-256 of the public parameters' identifier>` (+ ".params",
// ".vk", ".meta"; storage-proofs-core parameter_cache.rs, cache_identifier), and ships the list
// in parameters.json. The prefixes and identifiers, as the Rust source formats them:
//   PoRep      stacked-proof-of-replication-<tree>-sha256_hasher
//              layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8
//              base_graph: drgraph::BucketGraph{size: <nodes>; degree: 6; hasher: poseidon_hasher} },
//              challenges: LayerChallenges { layers: <L>, max_count: <challenges per partition> },
//              tree: <tree> }
//   PoSt       proof-of-spacetime-fallback-<tree>
//              FallbackPoSt::PublicParams{sector_size: <bytes>, challenge_count: <c>, sector_count: <s>}
//   SnapDeals  empty-sector-update-<tree> (or empty-sector-update-poseidon-<tree>)
//              empty_sector_update::PublicParams{ sector_nodes: <nodes> }
// with <tree> = merkletree-poseidon_hasher-<base>-<sub>-<top> (TreeR's shape). Every name of
// parameters.json for the sizes cuzk knows (2 KiB, 8 MiB, 512 MiB, 32 GiB, 64 GiB) is
// reproduced by these functions (tests/kinds/filecoin_param_names_test.cpp holds that list),
// e.g. the 32 GiB PoRep:
//   v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820
// The functions return the stem (no extension).
#pragma once

#include <string>
#include <string_view>

#include "filecoin/porep/porep_config.hpp"
#include "filecoin/post_config.hpp"
#include "filecoin/tree_shape.hpp"

namespace cuzk::kinds {

inline constexpr std::string_view kFilecoinParamVersion = "v28";

// "merkletree-poseidon_hasher-8-8-0" (rust-fil-proofs' MerkleTreeTrait::display()).
std::string filecoin_tree_name(const filecoin::TreeShape& shape);

// "v28-<prefix>-<hex SHA-256(identifier)>".
std::string filecoin_param_stem(std::string_view prefix, std::string_view identifier);

// A PoRep configuration's parameters (V1 and V1_1 share them: the identifier has no API version).
std::string porep_param_stem(const filecoin::porep::PorepConfig& config);

// A Fallback PoSt partition circuit's parameters. WinningPoSt is set up as 66 sector slots of
// one challenge (challenge_count 1, sector_count 66), as cuzk's PostConfig describes it.
std::string post_param_stem(const filecoin::PostConfig& config);

// The SnapDeals (EmptySectorUpdate) circuit's parameters; `poseidon` for the
// EmptySectorUpdate-Poseidon variant (32 GiB and 64 GiB in parameters.json).
std::string empty_sector_update_param_stem(uint64_t sector_size, const filecoin::TreeShape& tree_r_shape,
                                           bool poseidon = false);

}  // namespace cuzk::kinds
