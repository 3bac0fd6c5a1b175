// The byte format of recorded constraint matrices (compact_matrices.hpp), as primitives shared
// by the encoder, the CPU product and the CUDA kernel (which includes this header: the
// functions are host and device functions there, and nothing here needs a library).
//
// A matrix's rows are grouped in chunks of kRowsPerChunk, each decodable on its own from its
// byte offset. A row is varint(number of terms) followed by its terms in ascending column
// order. A term is one varint key = zigzag(v − previous) << kSmallCodeBits | small code,
// where v is the term's variable in the interleaved numbering (input i → 2i, aux j → 2j + 1),
// `previous` the v of the chunk's previous term (0 at the chunk's start), and the small code
// the term's coefficient's index in the dictionary when below kEscapeCode; otherwise the small
// code is kEscapeCode and varint(index − kEscapeCode) follows. Dictionary indices 0 and 1 are
// 1 and −1. Varints are LEB128 (7 bits per byte, low first, high bit = more follows).
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

// Input i / aux j in the interleaved numbering, and back to the index into w = inputs ‖ aux.
CUZK_COMPACT_FN uint64_t interleaved_input(uint64_t i) { return 2 * i; }
CUZK_COMPACT_FN uint64_t interleaved_aux(uint64_t j) { return 2 * j + 1; }
CUZK_COMPACT_FN uint64_t witness_index(uint64_t v, uint64_t num_inputs) {
  return (v & 1) ? num_inputs + (v >> 1) : v >> 1;
}

// Reads one varint at `p` (not past `end`: a longer or unterminated one sets `ok` false).
CUZK_COMPACT_FN uint64_t read_varint(const uint8_t*& p, const uint8_t* end, bool& ok) {
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
  // The next term: its interleaved variable v and its dictionary index.
  CUZK_COMPACT_FN void term(uint64_t& v, uint64_t& code) {
    const uint64_t key = read_varint(p_, end_, ok_);
    previous_ += static_cast<uint64_t>(unzigzag(key >> kSmallCodeBits));
    v = previous_;
    code = key & kEscapeCode;
    if (code == kEscapeCode) code += read_varint(p_, end_, ok_);
  }
  CUZK_COMPACT_FN bool ok() const { return ok_; }
  CUZK_COMPACT_FN bool at_end() const { return p_ == end_; }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
  uint64_t previous_ = 0;
  bool ok_ = true;
};

}  // namespace cuzk::r1cs::compact
