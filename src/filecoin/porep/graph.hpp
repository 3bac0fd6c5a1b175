// The Stacked-DRG PoRep graph, per node: the DRG (rust-fil-proofs' BucketGraph, degree 6:
// five bucket-sampled parents drawn from ChaCha8 seeded by the porep_id and the node, plus the
// immediate predecessor) and the expander (degree 8: a 3-round Feistel permutation over
// nodes · 8 with BLAKE2b round functions, cycle-walking). Nothing is precomputed per node, so
// the parents of any node of a 2^31-node graph cost a few dozen hashes.
//
// Layout of the parents of node v (rust-fil-proofs' StackedBucketGraph::parents):
//   DRG, API V1_1: [v − 1, p1, …, p5];  API V1_0: [p1, …, p5, v − 1];  nodes 0 and 1: all 0.
//   Expander i (0..7): feistel_permute(v · 8 + i) / 8 (V1_0 truncates the permuted value to
//   32 bits before dividing).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "filecoin/porep/porep_config.hpp"

namespace cuzk::filecoin::porep {

using DrgParents = std::array<uint64_t, kDrgDegree>;
using ExpanderParents = std::array<uint64_t, kExpanderDegree>;

class StackedGraph {
 public:
  // kInvalidArgument unless 2 ≤ nodes < 2^32 (rust-fil-proofs' limit).
  static Result<StackedGraph> create(uint64_t nodes, const std::array<uint8_t, 32>& porep_id,
                                     ApiVersion api_version);
  static Result<StackedGraph> create(const PorepConfig& config) {
    return create(config.nodes, config.porep_id, config.api_version);
  }

  // `node` < nodes() (asserted). Thread-safe (const, no caches).
  DrgParents drg_parents(uint64_t node) const;
  ExpanderParents expander_parents(uint64_t node) const;

  uint64_t nodes() const { return nodes_; }

  // The Feistel permutation of [0, nodes · 8) itself (for tests).
  uint64_t feistel_permute(uint64_t index) const;

 private:
  StackedGraph() = default;
  uint64_t feistel_encode(uint64_t index) const;

  uint64_t nodes_ = 0;
  ApiVersion api_version_ = ApiVersion::kV1_1;
  std::array<uint8_t, 28> drg_seed_{};
  std::array<uint64_t, 4> feistel_keys_{};  // the first 3 are used (3 rounds)
  uint64_t left_mask_ = 0, right_mask_ = 0;
  unsigned half_bits_ = 0;
};

}  // namespace cuzk::filecoin::porep
