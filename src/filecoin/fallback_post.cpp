// Fallback PoSt: per-sector comm_r check and inclusion proofs; parallel synthesis (classic and
// witness-only).
#include "filecoin/fallback_post.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "filecoin/por.hpp"
#include "gadgets/poseidon.hpp"
#include "r1cs/assignment_window.hpp"
#include "r1cs/counting_constraint_system.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::filecoin {

using ff::Fr;
using gadgets::AllocatedNum;

Status FallbackPoStCircuit::synthesize(r1cs::ConstraintSystem& cs) const {
  return synthesize_sectors(cs, 0, sectors_.size());
}

Status FallbackPoStCircuit::synthesize_sectors(r1cs::ConstraintSystem& cs, size_t begin, size_t end) const {
  if (begin > end || end > sectors_.size()) return Status::invalid_argument("sector range out of bounds");
  for (size_t s = begin; s < end; ++s) {
    const SectorWitness& sector = sectors_[s];
    const size_t challenges = sector.challenges.size();
    if (sector.leaves.size() != challenges || sector.paths.size() != challenges ||
        challenges != sectors_[0].challenges.size()) {
      return Status::invalid_argument("sector " + std::to_string(s) + ": " + std::to_string(challenges) +
                                      " challenges, " + std::to_string(sector.leaves.size()) + " leaves, " +
                                      std::to_string(sector.paths.size()) + " paths (every sector needs " +
                                      std::to_string(sectors_[0].challenges.size()) + " of each)");
    }
    r1cs::Namespace ns(cs, "sector " + std::to_string(s));
    const AllocatedNum comm_r_last = AllocatedNum::alloc(cs, sector.comm_r_last);
    const AllocatedNum comm_c = AllocatedNum::alloc(cs, sector.comm_c);
    const AllocatedNum comm_r = AllocatedNum::alloc(cs, sector.comm_r);
    comm_r.inputize(cs);
    const AllocatedNum preimage[2] = {comm_c, comm_r_last};
    gadgets::enforce_equal(cs, comm_r, gadgets::poseidon_hash(cs, preimage));
    for (size_t i = 0; i < challenges; ++i) {
      r1cs::Namespace challenge_ns(cs, "challenge " + std::to_string(i));
      const Status status = synthesize_por(cs, shape_, leaves_, sector.leaves[i], sector.paths[i],
                                           {comm_r_last, sector.comm_r_last}, /*private_root=*/true);
      if (!status.is_ok()) {
        return Status::invalid_argument("sector " + std::to_string(s) + " challenge " + std::to_string(i) + ": " +
                                        status.message());
      }
    }
  }
  return Status::ok();
}

std::vector<Fr> FallbackPoStCircuit::public_inputs() const {
  std::vector<Fr> out;
  for (const SectorWitness& sector : sectors_) {
    out.push_back(sector.comm_r);
    for (const uint64_t c : sector.challenges) out.push_back(Fr::from_u64(c));
  }
  return out;
}

Result<r1cs::ProvingAssignment> synthesize_parallel(const FallbackPoStCircuit& circuit, ThreadPool& pool,
                                                    size_t max_chunks, r1cs::ProvingAssignment reuse) {
  const size_t sectors = circuit.sectors().size();
  // Every sector has the same shape: size one, then give each chunk of sectors its window.
  r1cs::CountingConstraintSystem one;
  if (sectors > 0) {
    const Status counted = circuit.synthesize_sectors(one, 0, 1);
    if (!counted.is_ok()) return counted;
  }
  const size_t per_constraints = one.num_constraints(), per_aux = one.num_aux(), per_inputs = one.num_inputs() - 1;
  r1cs::ProvingAssignment out = std::move(reuse);
  out.prepare_windows(sectors * per_constraints, sectors * per_aux, 1 + sectors * per_inputs, &pool);
  std::mutex mutex;
  std::map<size_t, std::unique_ptr<r1cs::AssignmentWindow>> windows;  // GUARDED_BY(mutex), by first sector
  Status failure;                                                      // GUARDED_BY(mutex)
  pool.parallel_for(
      sectors,
      [&](size_t begin, size_t end) {
        auto window = std::make_unique<r1cs::AssignmentWindow>(out, begin * per_constraints, begin * per_aux,
                                                               1 + begin * per_inputs);
        const Status status = circuit.synthesize_sectors(*window, begin, end);
        const std::lock_guard lock(mutex);
        if (!status.is_ok() && failure.is_ok()) failure = status;
        windows.emplace(begin, std::move(window));
      },
      max_chunks);
  if (!failure.is_ok()) return failure;
  std::vector<const r1cs::AssignmentWindow*> in_order;
  for (const auto& [begin, window] : windows) in_order.push_back(window.get());
  const Status merged = out.finish_windows(in_order);
  if (!merged.is_ok()) return merged;
  return out;
}

Result<witness::PartitionWitness> synthesize_witness_parallel(const FallbackPoStCircuit& circuit, ThreadPool& pool,
                                                              size_t max_chunks) {
  std::mutex mutex;
  std::map<size_t, witness::PartitionWitness> parts;  // GUARDED_BY(mutex), by first sector
  Status failure;                                     // GUARDED_BY(mutex)
  pool.parallel_for(
      circuit.sectors().size(),
      [&](size_t begin, size_t end) {
        // Every sector has one shape: the first one's size (and a 1/64 margin for values that
        // are bits in one sector and not in another) reserves the chunk's memory, so it is
        // not copied while it grows.
        witness::FillRecordingSystem cs;
        Status status = circuit.synthesize_sectors(cs, begin, std::min(begin + 1, end));
        if (status.is_ok() && end > begin + 1) {
          const size_t sectors = end - begin, fields = cs.witness().aux.field_values().size() * sectors;
          cs.reserve(cs.next_aux() * sectors, fields + fields / 64);
          status = circuit.synthesize_sectors(cs, begin + 1, end);
        }
        const std::lock_guard lock(mutex);
        if (!status.is_ok() && failure.is_ok()) failure = status;
        parts.emplace(begin, std::move(cs).take_partition());
      },
      max_chunks);
  if (!failure.is_ok()) return failure;
  std::vector<const witness::PartitionWitness*> in_order;
  for (const auto& [begin, part] : parts) in_order.push_back(&part);
  return witness::concatenate(in_order, pool);
}

}  // namespace cuzk::filecoin
