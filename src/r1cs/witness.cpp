// PackedAux: pushing values and bits, joining parts, random access, expansion to field elements.
#include "r1cs/witness.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>

namespace cuzk::r1cs {

using ff::Fr;

namespace {

// 0 or 1 by their Montgomery limbs (a plain comparison: the hot path of every alloc).
bool is_zero_or_one(const Fr& value, bool& one) {
  constexpr const Fr::Repr& kOne = ff::FrParams::kOne;
  const Fr::Repr& m = value.montgomery();
  if ((m[0] | m[1] | m[2] | m[3]) == 0) {
    one = false;
    return true;
  }
  one = m[0] == kOne[0] && m[1] == kOne[1] && m[2] == kOne[2] && m[3] == kOne[3];
  return one;
}

}  // namespace

void PackedAux::start_word_if_needed() {
  if (size_ % kWordBits != 0) return;
  field_mask_.push_back(0);
  bit_values_.push_back(0);
  field_rank_.push_back(field_values_.size());
}

void PackedAux::push(const Fr& value) {
  bool one = false;
  if (is_zero_or_one(value, one)) {
    push_bit(one);
    return;
  }
  start_word_if_needed();
  field_mask_.back() |= uint64_t{1} << (size_ % kWordBits);
  field_values_.push_back(value);
  ++size_;
}

void PackedAux::push_bit(bool value) {
  start_word_if_needed();
  bit_values_.back() |= uint64_t{value} << (size_ % kWordBits);
  ++size_;
}

void PackedAux::push_bits(uint64_t values, size_t count) {
  assert(count <= kWordBits);
  if (count == 0) return;
  if (count < kWordBits) values &= (uint64_t{1} << count) - 1;
  start_word_if_needed();
  const size_t shift = size_ % kWordBits;
  bit_values_.back() |= values << shift;
  size_ += count;
  if (shift + count > kWordBits) {
    // The rest spills into a new word (no field value was pushed in between).
    field_mask_.push_back(0);
    bit_values_.push_back(values >> (kWordBits - shift));
    field_rank_.push_back(field_values_.size());
  }
}

void PackedAux::push_zero_bits(size_t count) {
  while (count > 0) {
    const size_t n = std::min(count, kWordBits);
    push_bits(0, n);
    count -= n;
  }
}

WitnessAssignment concatenate_witnesses(std::span<const WitnessAssignment* const> parts, ThreadPool& pool) {
  WitnessAssignment out;
  out.inputs.push_back(Fr::one());
  std::vector<const PackedAux*> aux_parts;
  for (const WitnessAssignment* part : parts) {
    out.inputs.insert(out.inputs.end(), part->inputs.begin() + 1, part->inputs.end());  // after its ONE
    aux_parts.push_back(&part->aux);
  }
  out.aux = PackedAux::concatenate(aux_parts, pool);
  return out;
}

PackedAux PackedAux::concatenate(std::span<const PackedAux* const> parts, ThreadPool& pool) {
  std::vector<size_t> value_at{0}, field_at{0};  // each part's first value and first field value
  for (const PackedAux* part : parts) {
    value_at.push_back(value_at.back() + part->size_);
    field_at.push_back(field_at.back() + part->field_values_.size());
  }
  PackedAux out;
  out.size_ = value_at.back();
  const size_t words = (out.size_ + kWordBits - 1) / kWordBits;
  out.field_mask_.assign(words, 0);
  out.bit_values_.assign(words, 0);
  out.field_rank_.assign(words, 0);
  out.field_values_.resize(field_at.back());
  pool.parallel_for(parts.size(), [&](size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      const PackedAux& part = *parts[k];
      std::copy(part.field_values_.begin(), part.field_values_.end(),
                out.field_values_.begin() + static_cast<std::ptrdiff_t>(field_at[k]));
      // Source word w lands on words first + w and first + w + 1 (shifted); a part's first and
      // last words may be shared with its neighbours, so every word is or-ed in atomically
      // (a word's bits beyond its values are zero).
      const size_t first = value_at[k] / kWordBits, shift = value_at[k] % kWordBits;
      auto or_into = [](std::vector<uint64_t>& words_out, size_t w, uint64_t bits) {
        if (bits != 0) std::atomic_ref<uint64_t>(words_out[w]).fetch_or(bits, std::memory_order_relaxed);
      };
      for (size_t w = 0; w < part.field_mask_.size(); ++w) {
        or_into(out.field_mask_, first + w, part.field_mask_[w] << shift);
        or_into(out.bit_values_, first + w, part.bit_values_[w] << shift);
        if (shift != 0 && first + w + 1 < words) {
          or_into(out.field_mask_, first + w + 1, part.field_mask_[w] >> (kWordBits - shift));
          or_into(out.bit_values_, first + w + 1, part.bit_values_[w] >> (kWordBits - shift));
        }
      }
    }
  });
  uint64_t rank = 0;
  for (size_t w = 0; w < words; ++w) {
    out.field_rank_[w] = rank;
    rank += static_cast<uint64_t>(std::popcount(out.field_mask_[w]));
  }
  return out;
}

Fr PackedAux::value(size_t i) const {
  assert(i < size_);
  const size_t w = i / kWordBits;
  const uint64_t below = (uint64_t{1} << (i % kWordBits)) - 1;
  if ((field_mask_[w] >> (i % kWordBits)) & 1) {
    return field_values_[field_rank_[w] + static_cast<size_t>(std::popcount(field_mask_[w] & below))];
  }
  return (bit_values_[w] >> (i % kWordBits)) & 1 ? Fr::one() : Fr::zero();
}

void PackedAux::expand(size_t begin, std::span<Fr> out) const {
  assert(begin + out.size() <= size_);
  const Fr values[2] = {Fr::zero(), Fr::one()};
  size_t i = begin;
  size_t next_field = out.empty() ? 0 : field_rank_[i / kWordBits] +
                      static_cast<size_t>(std::popcount(field_mask_[i / kWordBits] &
                                                        ((uint64_t{1} << (i % kWordBits)) - 1)));
  for (Fr& x : out) {
    const size_t w = i / kWordBits, b = i % kWordBits;
    x = (field_mask_[w] >> b) & 1 ? field_values_[next_field++] : values[(bit_values_[w] >> b) & 1];
    ++i;
  }
}

std::vector<Fr> PackedAux::expand() const {
  std::vector<Fr> out(size_);
  expand(0, out);
  return out;
}

void PackedAux::reserve(size_t values, size_t field_values) {
  const size_t words = (values + kWordBits - 1) / kWordBits;
  field_mask_.reserve(words);
  bit_values_.reserve(words);
  field_rank_.reserve(words);
  field_values_.reserve(field_values);
}

void PackedAux::clear() {
  field_mask_.clear();
  bit_values_.clear();
  field_rank_.clear();
  field_values_.clear();
  size_ = 0;
}

size_t PackedAux::packed_bytes() const {
  return (field_mask_.size() + bit_values_.size() + field_rank_.size()) * sizeof(uint64_t) +
         field_values_.size() * sizeof(Fr);
}

}  // namespace cuzk::r1cs
