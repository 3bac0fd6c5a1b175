// The SHA-256 compression's witness, computed natively for witness-only synthesis: the same
// aux bits, in the same order, as the gadget (sha256.cpp over uint32.cpp and boolean.cpp)
// allocates them — message schedule, then per round Σ1, ch, the new a's and e's sums, Σ0, maj —
// with every constant-folding shortcut of the gadget, but on 32-bit words: each word carries
// per bit its value, whether it is a constant and whether it is negated, so that a gadget step
// over 32 Booleans becomes a few word operations and its allocations one append to the
// packed aux. No linear combination is built; the constraints are not needed.
#pragma once

#include <span>
#include <vector>

#include "gadgets/uint32.hpp"
#include "r1cs/witness_constraint_system.hpp"

namespace cuzk::gadgets {

// sha256_compression for a WitnessConstraintSystem: the returned words are the gadget's (the
// same variables, values and kinds).
std::vector<UInt32> sha256_compression_witness(r1cs::WitnessConstraintSystem& cs, std::span<const Boolean> block,
                                               std::span<const UInt32> state);

}  // namespace cuzk::gadgets
