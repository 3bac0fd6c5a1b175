// PoRep public inputs.
#include "filecoin/porep/public_inputs.hpp"

#include "filecoin/porep/challenges.hpp"
#include "filecoin/porep/graph.hpp"

namespace cuzk::filecoin::porep {

Result<std::vector<ff::Fr>> porep_public_inputs(const PorepConfig& config, const Bytes32& replica_id,
                                                const Bytes32& comm_d, const Bytes32& comm_r, const Bytes32& seed,
                                                size_t partition) {
  if (partition >= config.partitions) {
    return Status::invalid_argument("partition " + std::to_string(partition) + " of " +
                                    std::to_string(config.partitions));
  }
  CUZK_ASSIGN_OR_RETURN(const StackedGraph graph, StackedGraph::create(config));
  std::vector<ff::Fr> inputs;
  inputs.reserve(3 + kPublicInputsPerChallenge * config.challenges_per_partition);
  const std::pair<const char*, const Bytes32*> values[] = {
      {"replica_id", &replica_id}, {"comm_d", &comm_d}, {"comm_r", &comm_r}};
  for (const auto& [name, bytes] : values) {
    const std::optional<ff::Fr> v = ff::Fr::from_bytes_le(*bytes);
    if (!v) return Status::invalid_argument(std::string(name) + ": not a canonical field element");
    inputs.push_back(*v);
  }
  for (const uint64_t c : interactive_challenges(replica_id, seed, partition, config.challenges_per_partition,
                                                 config.nodes)) {
    inputs.push_back(ff::Fr::from_u64(c));
    for (const uint64_t p : graph.drg_parents(c)) inputs.push_back(ff::Fr::from_u64(p));
    for (const uint64_t p : graph.expander_parents(c)) inputs.push_back(ff::Fr::from_u64(p));
    inputs.push_back(ff::Fr::from_u64(c));
    inputs.push_back(ff::Fr::from_u64(c));
    inputs.push_back(ff::Fr::from_u64(c));
  }
  return inputs;
}

}  // namespace cuzk::filecoin::porep
