// WitnessConstraintSystem: witness-only synthesis. It records the input and aux assignments
// (a WitnessAssignment, aux bit-packed) and ignores constraints: enforce is a no-op, and
// gadgets that see witness_only() skip building linear combinations or emit their
// allocations natively (alloc_bits). The assignment equals ProvingAssignment's for the same
// circuit, value for value, because the same gadgets allocate the same variables in the same
// order; a prover pairs it with the circuit's recorded A/B/C matrices. A derived system may
// record witness fills (witness/fill_recording_system.hpp): values a gadget leaves to the prover,
// reserved here with alloc_unfilled(). One thread per system.
#pragma once

#include <utility>

#include "common/status.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/evaluated_block.hpp"
#include "r1cs/witness.hpp"

namespace cuzk::r1cs {

class WitnessConstraintSystem : public ConstraintSystem, public EvaluatedBlockSink {
 public:
  // Starts with input 0 = ONE allocated.
  WitnessConstraintSystem() { witness_.inputs.push_back(ff::Fr::one()); }

  Variable alloc(const ff::Fr& value) override {
    witness_.aux.push(value);
    return {witness_.aux.size() - 1, VariableKind::kAux};
  }
  Variable alloc_input(const ff::Fr& value) override {
    witness_.inputs.push_back(value);
    return {witness_.inputs.size() - 1, VariableKind::kInput};
  }
  void enforce(const LinearCombination&, const LinearCombination&, const LinearCombination&) override {}
  void enforce_evaluated(const LinearCombination&, const LinearCombination&, const LinearCombination&,
                         const ff::Fr&, const ff::Fr&, const ff::Fr&) override {}
  Variable alloc_many(std::span<const ff::Fr> values) override {
    const Variable first{witness_.aux.size(), VariableKind::kAux};
    for (const ff::Fr& v : values) witness_.aux.push(v);
    return first;
  }
  void enforce_evaluated_block(std::span<const Variable>, std::span<const Variable>, std::span<const ff::Fr>,
                               std::span<const ff::Fr>, std::span<const ff::Fr>) override {}
  WitnessConstraintSystem* witness_only() override { return this; }

  // `count` (≤ 64) new private bits, the first in the least significant bit of `values`; their
  // variables are consecutive; returns the first. Only for gadgets emitting natively: the
  // bits' constraints are the gadget's business (a classic system gets them through alloc).
  Variable alloc_bits(uint64_t values, size_t count) {
    const Variable first{witness_.aux.size(), VariableKind::kAux};
    witness_.aux.push_bits(values, count);
    return first;
  }
  // `count` consecutive aux values left for a witness fill to write (pushed as zero bits);
  // returns the first one's index.
  uint64_t alloc_unfilled(size_t count) {
    const uint64_t first = witness_.aux.size();
    witness_.aux.push_zero_bits(count);
    return first;
  }
  // The next aux variable's index.
  uint64_t next_aux() const { return witness_.aux.size(); }
  // Capacity for this many aux values in all, of which this many are not bits (an optimisation).
  void reserve(size_t aux_values, size_t field_values) { witness_.aux.reserve(aux_values, field_values); }

  const WitnessAssignment& witness() const { return witness_; }
  WitnessAssignment take() && { return std::move(witness_); }

 private:
  WitnessAssignment witness_;
};

// `circuit` synthesized witness-only: its input and aux assignments, every value allocated.
// Errors: the circuit's.
inline Result<WitnessAssignment> synthesize_witness(const Circuit& circuit) {
  WitnessConstraintSystem cs;
  CUZK_RETURN_IF_ERROR(circuit.synthesize(cs));
  return std::move(cs).take();
}

}  // namespace cuzk::r1cs
