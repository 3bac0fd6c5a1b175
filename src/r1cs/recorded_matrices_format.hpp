// The byte format of recorded constraint matrices (recorded_matrices.hpp), as primitives shared
// by the encoder, the CPU product and the CUDA kernel (which includes this header: the
// functions are host and device functions there, and nothing here needs a library).
//
// A matrix's rows are grouped in chunks of kRowsPerChunk, each decodable on its own from its
// byte offset. A row is varint(number of terms) followed by its terms, inputs first, each kind
// in ascending index order. A term is one varint
//   key = zigzag(index − previous[kind]) << (kSmallCodeBits + 1) | kind << kSmallCodeBits | small code,
// kind 0 for an input, 1 for an aux variable, previous[kind] the index of the chunk's previous
// term of that kind (0 at the chunk's start), so that a row naming ONE costs no long jump back
// and forth between the two numberings; the small code is the coefficient's index in the
// dictionary when below kEscapeCode, otherwise kEscapeCode with varint(zigzag(index −
// previous escaped index of the chunk)) following (kEscapeCode at the chunk's start): packing
// rows Σ 2^i·b_i meet their coefficients in dictionary order, so the delta is 1 byte where the
// index would take 2. Dictionary indices 0 and 1 are 1 and −1. Varints are LEB128 (7 bits per byte,
// low first, high bit = more follows).
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define CUZK_COMPACT_FN __host__ __device__ __forceinline__
#else
#define CUZK_COMPACT_FN inline
#endif

namespace cuzk::r1cs::compact {

// Rows per independently decodable chunk: one GPU thread decodes a chunk, so a 2^27-row
// matrix gives 4 M threads; the chunk offsets cost 8 bytes per 32 rows (0.25 B per row).
inline constexpr uint32_t kRowsPerChunk = 32;
inline constexpr unsigned kSmallCodeBits = 3;
inline constexpr uint32_t kEscapeCode = (1u << kSmallCodeBits) - 1;
inline constexpr uint32_t kCodeOne = 0;
inline constexpr uint32_t kCodeMinusOne = 1;
// A varint of a 64-bit value takes at most 10 bytes.
inline constexpr unsigned kMaxVarintBytes = 10;

CUZK_COMPACT_FN uint64_t zigzag(int64_t value) {
  return (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63);
}
CUZK_COMPACT_FN int64_t unzigzag(uint64_t value) {
  return static_cast<int64_t>(value >> 1) ^ -static_cast<int64_t>(value & 1);
}

// The key of a term (see above): its delta from the previous index of its kind, kind, small code.
CUZK_COMPACT_FN uint64_t term_key(int64_t delta, bool aux, uint32_t small_code) {
  return zigzag(delta) << (kSmallCodeBits + 1) | uint64_t{aux} << kSmallCodeBits | small_code;
}

// Reads one varint at `p` (not past `end`: a longer or unterminated one sets `ok` false).
CUZK_COMPACT_FN uint64_t read_varint(const uint8_t*& p, const uint8_t* end, bool& ok) {
  if (p != end && *p < 0x80) return *p++;  // most keys and row lengths are one byte
  uint64_t value = 0;
  for (unsigned shift = 0; shift < 7 * kMaxVarintBytes; shift += 7) {
    if (p == end) break;
    const uint8_t byte = *p++;
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  ok = false;
  return 0;
}

// Decodes the terms of one chunk in order: row_length() before each row, then that many
// term() calls. Every read is bounded by `end`; any malformed byte sets ok() false (and the
// values read are then meaningless).
class ChunkReader {
 public:
  CUZK_COMPACT_FN ChunkReader(const uint8_t* begin, const uint8_t* end) : p_(begin), end_(end) {}
  CUZK_COMPACT_FN uint64_t row_length() { return read_varint(p_, end_, ok_); }
  // The next term: whether it is an aux variable, its index (into the aux or the input
  // assignment) and its dictionary index.
  CUZK_COMPACT_FN void term(bool& aux, uint64_t& index, uint64_t& code) {
    const uint64_t key = read_varint(p_, end_, ok_);
    aux = (key >> kSmallCodeBits) & 1;
    uint64_t& previous = aux ? previous_aux_ : previous_input_;
    previous += static_cast<uint64_t>(unzigzag(key >> (kSmallCodeBits + 1)));
    index = previous;
    code = key & kEscapeCode;
    if (code == kEscapeCode) {
      previous_escape_ += static_cast<uint64_t>(unzigzag(read_varint(p_, end_, ok_)));
      code = previous_escape_;
    }
  }
  CUZK_COMPACT_FN bool ok() const { return ok_; }
  CUZK_COMPACT_FN bool at_end() const { return p_ == end_; }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
  uint64_t previous_input_ = 0;
  uint64_t previous_aux_ = 0;
  uint64_t previous_escape_ = kEscapeCode;
  bool ok_ = true;
};

}  // namespace cuzk::r1cs::compact
