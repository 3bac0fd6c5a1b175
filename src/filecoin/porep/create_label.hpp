// The SDR label in a circuit, as rust-fil-proofs' create_label_circuit: SHA-256 over
//   replica_id (256 bits) ‖ layer (u32 big-endian) ‖ node (u64 big-endian) ‖ zeros to 64 bytes
//   ‖ 37 parent labels (256 bits each)
// = 1,248 bytes, 20 compressions with padding; the digest's bits reversed within each byte
// and the first 254 packed into one new variable (the Fr32-truncated label as a number).
#pragma once

#include <span>
#include <vector>

#include "gadgets/num.hpp"
#include "gadgets/uint32.hpp"
#include "gadgets/uint64.hpp"

namespace cuzk::filecoin::porep {

// `replica_id` holds 32 to 256 bits and is padded to 256 with constant zeros; each parent is
// padded to a multiple of 256 bits likewise (callers pass 256-bit labels: a label's 255 bits
// through reverse_bit_numbering). Exactly kLabelParents parents (asserted: the circuit builds
// them). Bits are SHA-256's order: most significant first within each byte.
gadgets::AllocatedNum create_label(r1cs::ConstraintSystem& cs, std::span<const gadgets::Boolean> replica_id,
                                   std::span<const std::vector<gadgets::Boolean>> parents,
                                   const gadgets::UInt32& layer, const gadgets::UInt64& node);

}  // namespace cuzk::filecoin::porep
