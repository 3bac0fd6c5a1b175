// The Fallback PoSt circuit behind WinningPoSt and WindowPoSt (rust-fil-proofs'
// FallbackPoStCircuit), constraint-for-constraint: per sector, comm_r_last, comm_c and comm_r
// as new variables, comm_r made public, comm_r = Poseidon2(comm_c, comm_r_last) enforced, then
// one PoR per challenge with comm_r_last as its (private) root and the leaf index as a public
// input. Sectors are independent, so they can be synthesized in parallel, each into its own
// window of one assignment; the result is identical to sequential synthesis.
#pragma once

#include <vector>

#include "common/thread_pool.hpp"
#include "filecoin/sparse_tree.hpp"
#include "r1cs/proving_assignment.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::filecoin {

struct SectorWitness {
  ff::Fr comm_r;
  ff::Fr comm_c;
  ff::Fr comm_r_last;
  std::vector<uint64_t> challenges;  // leaf indices
  std::vector<ff::Fr> leaves;        // one per challenge
  std::vector<MerklePath> paths;     // one per challenge
};

class FallbackPoStCircuit final : public r1cs::Circuit {
 public:
  // `leaves` per sector; every sector must carry the same number of challenges (checked at
  // synthesis).
  FallbackPoStCircuit(TreeShape shape, uint64_t leaves, std::vector<SectorWitness> sectors)
      : shape_(shape), leaves_(leaves), sectors_(std::move(sectors)) {}

  // All sectors in order. Errors name the sector and what does not fit.
  Status synthesize(r1cs::ConstraintSystem& cs) const override;
  // Sectors [begin, end) only.
  Status synthesize_sectors(r1cs::ConstraintSystem& cs, size_t begin, size_t end) const;

  // Per sector: comm_r, then each challenged leaf index (without the leading ONE).
  std::vector<ff::Fr> public_inputs() const;

  const TreeShape& shape() const { return shape_; }
  uint64_t leaves() const { return leaves_; }
  const std::vector<SectorWitness>& sectors() const { return sectors_; }

 private:
  TreeShape shape_;
  uint64_t leaves_;
  std::vector<SectorWitness> sectors_;
};

// Synthesizes the circuit into a ProvingAssignment on `pool`: sectors split into contiguous
// chunks (one per thread at most, `max_chunks` if nonzero), each synthesized straight into its
// window of one assignment sized for the whole (every sector has the same shape), no copying.
// Pass a previously used assignment as `reuse` to keep its memory (a steady-state prover
// recycles them; a fresh one is zero-filled first). Input constraints are not appended.
Result<r1cs::ProvingAssignment> synthesize_parallel(const FallbackPoStCircuit& circuit, ThreadPool& pool,
                                                    size_t max_chunks = 0, r1cs::ProvingAssignment reuse = {});

// The circuit's partition witness on `pool` (its fills recorded: witness::FillRecordingSystem):
// chunks of sectors each into their own system, concatenated in order (witness::concatenate);
// equal to witness-only (and classic) synthesis in one piece, because a sector's values depend
// on its own witness alone. Errors: the first failing chunk's.
Result<witness::PartitionWitness> synthesize_witness_parallel(const FallbackPoStCircuit& circuit, ThreadPool& pool,
                                                              size_t max_chunks = 0);

}  // namespace cuzk::filecoin
