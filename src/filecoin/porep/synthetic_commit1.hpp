// Synthetic Commit-1 outputs: a consistent Commit1Output for any configuration (32 GiB
// included) from a seed, for tests and benchmarks. The trees are SparseTrees (TreeD binary
// SHA-256, TreeC and TreeR in the configuration's Poseidon shape) in which only the leaves the
// challenges open are materialized; the parents' columns are random labels, and the
// challenged nodes' labels are computed from them with SHA-256 layer by layer, so every check
// of commit1_check.hpp passes. A parent that is itself challenged gets its computed column.
#pragma once

#include <cstdint>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

// The output's registered_proof is config.registered_proof. Deterministic in (config, seed).
Result<Commit1Output> synthetic_commit1(const PorepConfig& config, uint64_t seed);

}  // namespace cuzk::filecoin::porep
