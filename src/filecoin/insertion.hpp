// rust-fil-proofs' insertion gadget: place an allocated number among the arity − 1 siblings of
// a Merkle path level at the position given by little-endian index bits, with the hand-
// optimized constraint layouts for arity 2 (2 picks), 4 (8 picks) and 8 (nor, and, 20 picks).
#pragma once

#include <span>
#include <vector>

#include "gadgets/num.hpp"

namespace cuzk::filecoin {

// a if condition else b: one new variable, (b − a)·condition = b − c.
gadgets::AllocatedNum pick(r1cs::ConstraintSystem& cs, const gadgets::Boolean& condition,
                           const gadgets::AllocatedNum& a, const gadgets::AllocatedNum& b);

// rust-fil-proofs' insertion::select: from.size() = 2^bits.size() numbers, the one at index
// Σ 2^i·bits_i, chosen by halving with picks from the most significant bit down (from.size() − 1
// new variables and constraints). Sizes are asserted.
gadgets::AllocatedNum select(r1cs::ConstraintSystem& cs, std::span<const gadgets::AllocatedNum> from,
                             std::span<const gadgets::Boolean> bits);

// `element` inserted into `siblings` at position Σ 2^i·bits_i; siblings.size() + 1 must be 2,
// 4 or 8 and equal 2^bits.size() (asserted: callers validate input first). The bits must be
// allocated, not negated.
std::vector<gadgets::AllocatedNum> insert(r1cs::ConstraintSystem& cs, const gadgets::AllocatedNum& element,
                                          std::span<const gadgets::Boolean> bits,
                                          std::span<const gadgets::AllocatedNum> siblings);

}  // namespace cuzk::filecoin
