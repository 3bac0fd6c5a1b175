// The SHA-256 gadget, bit-compatible and constraint-compatible with bellpepper's: the
// compression function over 512 Booleans (big-endian bit order within words, as SHA-256
// reads bytes), constant folding for constant inputs (an all-constant block costs nothing),
// and the full hash with padding. One compression of 512 allocated bits costs 25,840
// constraints. Also Filecoin's in-circuit Fr32 digest packing.
#pragma once

#include <span>
#include <vector>

#include "gadgets/num.hpp"
#include "gadgets/uint32.hpp"

namespace cuzk::gadgets {

// One compression of a 512-bit block (bits big-endian) from the given state; no padding.
std::vector<UInt32> sha256_compression(r1cs::ConstraintSystem& cs, std::span<const Boolean> block,
                                       std::span<const UInt32> state);
// The 256 digest bits (big-endian) of one block from the SHA-256 IV, no padding.
std::vector<Boolean> sha256_block_no_padding(r1cs::ConstraintSystem& cs, std::span<const Boolean> block);
// SHA-256 of a bit string whose length is a multiple of 8 (bits big-endian within bytes):
// padding with constant bits, then one compression per block. Returns the 256 digest bits.
std::vector<Boolean> sha256_bits(r1cs::ConstraintSystem& cs, std::span<const Boolean> input);

// Filecoin's hash_circuit: SHA-256 of `bits`, each digest byte's bits reversed (little-endian),
// the first 254 kept and packed into one new variable (the Fr32-truncated digest as a number).
AllocatedNum sha256_fr32(r1cs::ConstraintSystem& cs, std::span<const Boolean> bits);

// Filecoin's preimage layout for field elements: each number's to_bits_le, padded to 256 bits
// with constant zeros, then the bit order reversed within each byte (so bytes are the
// little-endian encoding, bits big-endian as SHA-256 reads them).
void append_fr_preimage_bits(r1cs::ConstraintSystem& cs, const AllocatedNum& num, std::vector<Boolean>& out);

}  // namespace cuzk::gadgets
