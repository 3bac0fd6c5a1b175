// A density bitmap: bit i says whether variable i appears in a query (A or B) and therefore
// has a base in the proving key. Provers pass it to the MSM so bases are never compacted.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::r1cs {

class DensityBitmap {
 public:
  void push(bool bit) {
    if (size_ % 64 == 0) words_.push_back(0);
    if (bit) words_.back() |= uint64_t{1} << (size_ % 64);
    ++size_;
  }
  // Appends n zero bits.
  void push_zeros(size_t n) {
    size_ += n;
    words_.resize((size_ + 63) / 64, 0);
  }
  // Appends every bit of `other` after this bitmap's last bit.
  void append(const DensityBitmap& other) {
    const size_t shift = size_ % 64;
    if (shift == 0) {
      words_.insert(words_.end(), other.words_.begin(), other.words_.end());
    } else {
      for (const uint64_t w : other.words_) {
        words_.back() |= w << shift;
        words_.push_back(w >> (64 - shift));
      }
    }
    size_ += other.size_;
    words_.resize((size_ + 63) / 64);
  }
  void reserve(size_t bits) { words_.reserve((bits + 63) / 64); }
  void set(size_t i) { words_[i / 64] |= uint64_t{1} << (i % 64); }
  bool test(size_t i) const { return (words_[i / 64] >> (i % 64)) & 1; }
  size_t size() const { return size_; }
  size_t popcount() const {
    size_t n = 0;
    for (uint64_t w : words_) n += static_cast<size_t>(std::popcount(w));
    return n;
  }
  std::span<const uint64_t> words() const { return words_; }

 private:
  std::vector<uint64_t> words_;
  size_t size_ = 0;
};

}  // namespace cuzk::r1cs
