// FillRecordingSystem: witness-only synthesis that records witness fills. A gadget that can leave
// its internal values to the prover (the Poseidon gadget) asks a witness-only system whether it is
// one of these; if so it allocates only its result, reserves its internal values as unfilled aux
// (zero bits) and records how to compute them in fill<T>(); otherwise it allocates every value.
// One thread per system.
#pragma once

#include <memory>
#include <typeinfo>
#include <utility>
#include <vector>

#include "common/status.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::witness {

class FillRecordingSystem final : public r1cs::WitnessConstraintSystem {
 public:
  // The fill of type Fill this synthesis records into (made on first use; fills run in the
  // order of their first use).
  template <class Fill>
  Fill& fill() {
    for (const std::unique_ptr<WitnessFill>& f : fills_) {
      WitnessFill& recorded = *f;
      if (typeid(recorded) == typeid(Fill)) return static_cast<Fill&>(recorded);
    }
    fills_.push_back(std::make_unique<Fill>());
    return static_cast<Fill&>(*fills_.back());
  }

  // What was synthesized (matrices not set).
  PartitionWitness take_partition() && {
    PartitionWitness out;
    out.values = std::move(*this).take();
    out.fills = std::move(fills_);
    return out;
  }

 private:
  std::vector<std::unique_ptr<WitnessFill>> fills_;
};

// `circuit` synthesized witness-only with its fills recorded; `matrices` attached and checked
// against the witness when given. Errors: the circuit's, check_matrices()'s.
Result<PartitionWitness> synthesize_partition_witness(const r1cs::Circuit& circuit,
                                                      std::shared_ptr<const r1cs::RecordedMatrices> matrices = nullptr);

}  // namespace cuzk::witness
