// PoseidonFill: the witness fill (witness/witness_fill.hpp) of the Poseidon hashes whose
// internal values a witness-only synthesis left to the prover. neptune's circuit allocates
// 311-598 values per hash (S-box powers and round states), all field elements: a 32 GiB WindowPoSt partition's 235,000 hashes are 127 M
// values, 4 GB packed, nearly all of its witness. On a witness::FillRecordingSystem the gadget
// (gadgets/poseidon.hpp) computes only the hash, reserves the internal values as unfilled aux
// (zero bits in the packed aux), allocates the hash, and records here which constants, which
// preimage variables and where the internal values go. A prover then computes them from the
// preimages it already holds: its device twin (backend/cuda, one thread per hash), or fill() on
// the CPU. Both follow poseidon/circuit_steps.hpp's order.
//
// Variables are encoded in 64 bits: an aux variable as its index with the top bit set, an input
// as its index (0 is ONE).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/variable.hpp"
#include "witness/witness_fill.hpp"

namespace cuzk::gadgets {

// The hashes of one constants object (one arity and domain tag).
struct PoseidonFillGroup {
  const poseidon::OptimizedConstants* constants = nullptr;  // lives as long as the program
  std::vector<uint64_t> first_aux;                          // per hash: its first internal value's aux index
  std::vector<uint64_t> preimage;                           // per hash, constants->arity encoded variables

  size_t num_hashes() const { return first_aux.size(); }
};

class PoseidonFill final : public witness::WitnessFill {
 public:
  static constexpr uint64_t kAuxTag = uint64_t{1} << 63;
  static uint64_t encode(r1cs::Variable v) {
    return v.kind == r1cs::VariableKind::kAux ? (v.index | kAuxTag) : v.index;
  }

  // One hash whose internal values (circuit_allocations(constants) − 1 of them) are aux
  // [first_aux, first_aux + internal count).
  void add(const poseidon::OptimizedConstants& constants, uint64_t first_aux, std::span<const r1cs::Variable> preimage);

  size_t num_hashes() const;
  std::span<const PoseidonFillGroup> groups() const { return groups_; }

  std::string_view name() const override { return "poseidon"; }
  // The aux values the hashes leave out.
  size_t values() const override;
  size_t bytes() const override;
  // Every hash's internal values written into `aux`, computed from the preimages in `inputs` and
  // `aux`.
  void fill(std::span<const ff::Fr> inputs, std::span<ff::Fr> aux, ThreadPool* pool) const override;
  std::unique_ptr<witness::WitnessFill> make_empty() const override { return std::make_unique<PoseidonFill>(); }
  void append(const witness::WitnessFill& part, uint64_t aux_offset, uint64_t input_offset) override;

 private:
  PoseidonFillGroup& group_for(const poseidon::OptimizedConstants& constants);

  std::vector<PoseidonFillGroup> groups_;  // few: one per constants object used
};

}  // namespace cuzk::gadgets
