// Filecoin parameter names: rust-fil-proofs' identifiers formatted as its source does, hashed.
#include "kinds/filecoin_param_names.hpp"

#include "gadgets/sha256_native.hpp"

namespace cuzk::kinds {
namespace {

std::string hex(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (uint8_t b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

}  // namespace

std::string filecoin_tree_name(const filecoin::TreeShape& shape) {
  const char* hasher = shape.hasher == filecoin::TreeHasher::kPoseidon ? "poseidon_hasher" : "sha256_hasher";
  return "merkletree-" + std::string(hasher) + "-" + std::to_string(shape.base_arity) + "-" +
         std::to_string(shape.sub_arity) + "-" + std::to_string(shape.top_arity);
}

std::string filecoin_param_stem(std::string_view prefix, std::string_view identifier) {
  const gadgets::Sha256Digest digest =
      gadgets::sha256({reinterpret_cast<const uint8_t*>(identifier.data()), identifier.size()});
  return std::string(kFilecoinParamVersion) + "-" + std::string(prefix) + "-" + hex(digest);
}

std::string porep_param_stem(const filecoin::porep::PorepConfig& config) {
  const std::string tree = filecoin_tree_name(config.tree_r_shape);
  const std::string identifier =
      "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: " +
      std::to_string(filecoin::porep::kExpanderDegree) + " base_graph: drgraph::BucketGraph{size: " +
      std::to_string(config.nodes) + "; degree: " + std::to_string(filecoin::porep::kDrgDegree) +
      "; hasher: poseidon_hasher} }, challenges: LayerChallenges { layers: " + std::to_string(config.layers) +
      ", max_count: " + std::to_string(config.challenges_per_partition) + " }, tree: " + tree + " }";
  return filecoin_param_stem("stacked-proof-of-replication-" + tree + "-sha256_hasher", identifier);
}

std::string post_param_stem(const filecoin::PostConfig& config) {
  const std::string identifier = "FallbackPoSt::PublicParams{sector_size: " + std::to_string(config.sector_size) +
                                 ", challenge_count: " + std::to_string(config.challenge_count) +
                                 ", sector_count: " + std::to_string(config.sector_count) + "}";
  return filecoin_param_stem("proof-of-spacetime-fallback-" + filecoin_tree_name(config.shape), identifier);
}

std::string empty_sector_update_param_stem(uint64_t sector_size, const filecoin::TreeShape& tree_r_shape,
                                           bool poseidon) {
  const std::string identifier =
      "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(sector_size / filecoin::kNodeSize) + " }";
  return filecoin_param_stem(std::string("empty-sector-update-") + (poseidon ? "poseidon-" : "") +
                                 filecoin_tree_name(tree_r_shape),
                             identifier);
}

}  // namespace cuzk::kinds
