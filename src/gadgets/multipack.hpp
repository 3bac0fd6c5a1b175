// Packing bits into field elements, as bellpepper's multipack and rust-fil-proofs' pack_bits:
// bits are little-endian within each element, 254 (Fr::CAPACITY) bits per element.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gadgets/num.hpp"

namespace cuzk::gadgets {

constexpr size_t kFrCapacity = 254;

// Each byte's bits, most significant first (bellpepper's bytes_to_bits).
std::vector<bool> bytes_to_bits(std::span<const uint8_t> bytes);
// Each byte's bits, least significant first (bellpepper's bytes_to_bits_le).
std::vector<bool> bytes_to_bits_le(std::span<const uint8_t> bytes);
// The field elements pack_into_inputs exposes for these bits: one per 254-bit chunk.
std::vector<ff::Fr> compute_multipacking(const std::vector<bool>& bits);
// One public input per 254-bit chunk, each with Σ 2^i·bit_i · 1 = input.
void pack_into_inputs(r1cs::ConstraintSystem& cs, std::span<const Boolean> bits);
// The first 254 bits packed into one new private variable: Σ 2^i·bit_i · 1 = num.
AllocatedNum pack_bits(r1cs::ConstraintSystem& cs, std::span<const Boolean> bits);

}  // namespace cuzk::gadgets
