// DeferredPoseidon: the Poseidon hashes of a witness-only synthesis whose internal values were
// left to the prover. neptune's circuit allocates 311-598 values per hash (S-box powers and
// round states), all field elements: a 32 GiB WindowPoSt partition's 235,000 hashes are 127 M
// values, 4 GB packed, nearly all of its witness. When a WitnessConstraintSystem defers them
// (WitnessOptions::defer_poseidon) the gadget computes only the hash, pushes the internal values
// as zero bits (one bit each in the packed aux) and the hash as a value, and records here which
// constants, which preimage variables and where the internal values go. A prover then computes
// them from the preimages it already holds: the GPU (backend/cuda/poseidon_fill_kernels.cu),
// one thread per hash, or fill() on the CPU. Both follow poseidon/circuit_steps.hpp's order.
//
// Variables are encoded in 64 bits: an aux variable as its index with the top bit set, an input
// as its index (0 is ONE).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

// The deferred hashes of one constants object (one arity and domain tag).
struct DeferredPoseidonGroup {
  const poseidon::OptimizedConstants* constants = nullptr;  // lives as long as the program
  std::vector<uint64_t> first_aux;                          // per hash: its first internal value's aux index
  std::vector<uint64_t> preimage;                           // per hash, constants->arity encoded variables

  size_t num_hashes() const { return first_aux.size(); }
};

class DeferredPoseidon {
 public:
  static constexpr uint64_t kAuxTag = uint64_t{1} << 63;
  static uint64_t encode(Variable v) { return v.kind == VariableKind::kAux ? (v.index | kAuxTag) : v.index; }

  // One hash whose internal values (circuit_allocations(constants) − 1 of them) are aux
  // [first_aux, first_aux + internal count).
  void add(const poseidon::OptimizedConstants& constants, uint64_t first_aux, std::span<const Variable> preimage);

  // `parts` one after another, as if synthesized in order: part i's aux indices shifted by
  // aux_offsets[i] and its inputs other than ONE by input_offsets[i].
  static DeferredPoseidon concatenate(std::span<const DeferredPoseidon* const> parts,
                                      std::span<const uint64_t> aux_offsets, std::span<const uint64_t> input_offsets);

  bool empty() const { return groups_.empty(); }
  size_t num_hashes() const;
  // The aux values the hashes leave out.
  size_t internal_values() const;
  std::span<const DeferredPoseidonGroup> groups() const { return groups_; }
  size_t bytes() const;
  void clear() { groups_.clear(); }

  // Every hash's internal values written into `aux` (the expanded aux assignment), computed
  // from the preimages in `inputs` and `aux`; in parallel on `pool` when given.
  void fill(std::span<const ff::Fr> inputs, std::span<ff::Fr> aux, ThreadPool* pool = nullptr) const;

 private:
  DeferredPoseidonGroup& group_for(const poseidon::OptimizedConstants& constants);

  std::vector<DeferredPoseidonGroup> groups_;  // few: one per constants object used
};

}  // namespace cuzk::r1cs
