// WitnessAssignment: what witness-only synthesis produces and a prover with recorded A/B/C
// matrices consumes — the input assignment (ONE first) and the aux assignment, in exactly the
// order and with exactly the values classic synthesis (ProvingAssignment) allocates them.
//
// Most aux values of Filecoin's circuits are bits (SHA-256 is evaluated bit by bit), so the aux
// assignment is kept packed (PackedAux): every value that is 0 or 1 is stored as one bit, every
// other value as an ff::Fr (Montgomery form, as ff::Fr holds it). A device expands it in
// parallel with the same rule as PackedAux::value(): aux i lives in word w = i / 64 at bit
// b = i % 64;
//   field_mask[w] bit b set:   aux i = field_values[field_rank[w] + popcount(field_mask[w] & (2^b − 1))]
//   field_mask[w] bit b clear: aux i = bit b of bit_values[w] (as 0 or 1 in Fr)
// A value that merely happens to be 0 or 1 (a field element, not a constrained bit) is stored as
// a bit too: its expansion is the same field element. Values a synthesis leaves to the prover
// (witness fills, witness/witness_fill.hpp) are zero bits in the packed aux until a fill writes
// them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "common/thread_pool.hpp"
#include "ff/fr.hpp"

namespace cuzk::r1cs {

// The aux assignment with its 0/1 values bit-packed. Value type; not thread-safe for writes.
class PackedAux {
 public:
  static constexpr size_t kWordBits = 64;

  // Appends one value (stored as a bit when it is 0 or 1).
  void push(const ff::Fr& value);
  void push_bit(bool value);
  // Appends `count` (≤ 64) bits, the first in the least significant bit of `values`; bits of
  // `values` above `count` are ignored.
  void push_bits(uint64_t values, size_t count);
  // Appends `count` zero bits (any number).
  void push_zero_bits(size_t count);

  // The parts one after another (parts synthesized separately, in order), as pushing their
  // values in order would give, built on `pool`: every part's words shifted into place and its
  // field values copied to their offset in parallel.
  static PackedAux concatenate(std::span<const PackedAux* const> parts, ThreadPool& pool);

  size_t size() const { return size_; }
  // Aux i (i < size()).
  ff::Fr value(size_t i) const;
  // Aux [begin, begin + out.size()) as field elements (the range must lie within size()).
  void expand(size_t begin, std::span<ff::Fr> out) const;
  std::vector<ff::Fr> expand() const;

  // Capacity for this many values, of which this many are not bits (an optimisation only).
  void reserve(size_t values, size_t field_values);
  // Empties it, keeping the memory.
  void clear();

  // The packed form (for upload; see the file header for the rule). Word w covers aux
  // [64·w, 64·w + 64); bits beyond size() are zero.
  std::span<const uint64_t> field_mask() const { return field_mask_; }
  std::span<const uint64_t> bit_values() const { return bit_values_; }
  std::span<const uint64_t> field_rank() const { return field_rank_; }  // field values before word w
  std::span<const ff::Fr> field_values() const { return field_values_; }

  size_t packed_bytes() const;
  size_t unpacked_bytes() const { return size_ * sizeof(ff::Fr); }

 private:
  void start_word_if_needed();

  std::vector<uint64_t> field_mask_, bit_values_, field_rank_;
  std::vector<ff::Fr> field_values_;
  size_t size_ = 0;
};

struct WitnessAssignment {
  std::vector<ff::Fr> inputs;  // [ONE, public inputs…]
  PackedAux aux;
};

// Parts synthesized separately (each on its own system, ONE first), as one synthesis of them in
// order would give: the inputs after ONE appended, the packed aux joined on `pool`
// (PackedAux::concatenate).
WitnessAssignment concatenate_witnesses(std::span<const WitnessAssignment* const> parts, ThreadPool& pool);

}  // namespace cuzk::r1cs
