// The Poseidon gadget Filecoin's circuits use: neptune's legacy `poseidon_hash` circuit
// (circuit.rs), built on its optimized constants (compressed round constants, sparse partial-
// round matrices). Per hash: 3 constraints per S-box (the constant tag's first S-box is free)
// plus one "allocate the linear combination" constraint per S-box input that is not already a
// variable and one for the result: 311 / 377 / 505 constraints for arity 2 / 4 / 8.
//
// Two implementations emit the same constraints: a reference that follows neptune step by
// step (linear combinations merged per variable, as bellpepper's do), and the fast path that
// replays a recording of the reference for the arity with the witness values and each
// constraint's evaluations taken from the native optimized permutation: a prover's assignment
// (r1cs::EvaluatedBlockSink) receives values and densities only, as one block (no linear
// combination is built), a witness-only system the values alone (or, when it records witness
// fills, the hash alone: gadgets/poseidon_fill.hpp), other systems the recorded
// combinations through ConstraintSystem::enforce_evaluated.
#pragma once

#include <span>

#include "gadgets/num.hpp"

namespace cuzk::poseidon {
struct OptimizedConstants;
}

namespace cuzk::gadgets {

// neptune's Merkle-tree Poseidon hash of 2, 4, 8 or 11 allocated numbers (fast path); other
// arities are a programming error (the process stops with a message, as PoseidonParams does).
AllocatedNum poseidon_hash(r1cs::ConstraintSystem& cs, std::span<const AllocatedNum> preimage);

// The same circuit over other constants of the same shape (a custom domain tag:
// OptimizedConstants::with_custom_tag), preimage.size() = constants.arity. The recording is
// made once per constants object and kept by its address: `constants` must live as long as the
// program (a function-local static).
AllocatedNum poseidon_hash(r1cs::ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
                           const poseidon::OptimizedConstants& constants);

// The same circuit where the hash is already known (a native check computed it from the same
// values): a witness-only system that records witness fills (witness::FillRecordingSystem)
// takes `known` instead of hashing again; every other system computes as poseidon_hash does. A
// wrong `known` breaks the hash's last constraint, which the prover's row check finds.
AllocatedNum poseidon_hash_known(r1cs::ConstraintSystem& cs, std::span<const AllocatedNum> preimage,
                                 const ff::Fr& known);

// The same circuit built step by step as neptune does (slow; defines the recording).
AllocatedNum poseidon_hash_reference(r1cs::ConstraintSystem& cs, std::span<const AllocatedNum> preimage);

}  // namespace cuzk::gadgets
