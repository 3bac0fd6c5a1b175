// Native SHA-256 compression witness: word-wide Boolean kinds, the gadget's allocation order.
#include "gadgets/sha256_witness.hpp"

#include <bit>
#include <cassert>

#include "gadgets/sha256_native.hpp"

namespace cuzk::gadgets {

namespace {

constexpr uint32_t kAll = ~uint32_t{0};

// 32 Booleans, bit i = the word's bit i (least significant first, as UInt32::bits()).
// `negated` ⊆ ~constant (a constant is never kNot). A word that an addition produced has every
// bit allocated, consecutively from aux `first`.
struct Word {
  uint32_t value = 0, constant = 0, negated = 0;
  uint64_t first = 0;

  static Word of_constant(uint32_t v) { return {v, kAll, 0, 0}; }
  Word rotr(int by) const { return {std::rotr(value, by), std::rotr(constant, by), std::rotr(negated, by), 0}; }
  // Shifted-in bits are constant zeros.
  Word shr(int by) const { return {value >> by, (constant >> by) | ~(kAll >> by), negated >> by, 0}; }
  // Boolean::negated per bit: constants flip their value; variables flip value and kind.
  Word negated_word() const { return {~value, constant, negated ^ ~constant, 0}; }
};

// A word operation's allocations before they are appended: at the bits of `mask`, ascending,
// the values of `values`.
struct Allocations {
  uint32_t mask = 0, values = 0;
};

// Appends bits to the packed aux in chunks of up to 64, numbering them from the first.
class BitEmitter {
 public:
  explicit BitEmitter(r1cs::WitnessConstraintSystem& cs) : cs_(cs), next_(cs.next_aux()) {}
  ~BitEmitter() { flush(); }
  BitEmitter(const BitEmitter&) = delete;
  BitEmitter& operator=(const BitEmitter&) = delete;

  uint64_t next() const { return next_; }
  // `count` ≤ 64 bits, least significant first.
  void push(uint64_t values, size_t count) {
    if (count < 64) values &= (uint64_t{1} << count) - 1;
    buffer_ |= values << buffered_;
    const size_t room = 64 - buffered_;
    next_ += count;
    if (count < room) {
      buffered_ += count;
      return;
    }
    cs_.alloc_bits(buffer_, 64);
    buffer_ = room == 64 ? 0 : values >> room;
    buffered_ = count - room;
  }
  void push(const Allocations& a) {
    if (a.mask == kAll) {
      push(a.values, 32);
      return;
    }
    for (uint32_t m = a.mask; m != 0; m &= m - 1) push((a.values >> std::countr_zero(m)) & 1, 1);
  }
  void flush() {
    if (buffered_ > 0) cs_.alloc_bits(buffer_, buffered_);
    buffer_ = 0;
    buffered_ = 0;
  }

 private:
  r1cs::WitnessConstraintSystem& cs_;
  uint64_t next_;
  uint64_t buffer_ = 0;
  size_t buffered_ = 0;
};

// boolean_xor per bit: a constant operand passes the other through (negated if it is 1); two
// variables allocate their underlying values' xor, negated if exactly one was negated.
Word xor_word(BitEmitter& out, const Word& a, const Word& b) {
  const uint32_t both_variable = ~a.constant & ~b.constant;
  out.push(Allocations{both_variable, (a.value ^ a.negated) ^ (b.value ^ b.negated)});
  const uint32_t constant = a.constant & b.constant;
  return {a.value ^ b.value, constant,
          (a.negated ^ b.negated ^ (a.value & a.constant) ^ (b.value & b.constant)) & ~constant, 0};
}

Word xor3(BitEmitter& out, const Word& a, const Word& b, const Word& c) {
  return xor_word(out, xor_word(out, a, b), c);
}

// boolean_and per bit (nothing appended): a constant 0 gives 0, a constant 1 the other
// operand; two variables allocate x ∧ y (and, and-not or nor: always the values' conjunction).
struct AndResult {
  Word word;
  Allocations allocations;
};
AndResult and_word(const Word& x, const Word& y) {
  const uint32_t zero = (x.constant & ~x.value) | (y.constant & ~y.value);
  const uint32_t both_variable = ~x.constant & ~y.constant;
  const Word word{x.value & y.value, (x.constant & y.constant) | zero,
                  ((x.negated & y.constant) | (y.negated & x.constant)) & ~zero, 0};
  return {word, {both_variable, x.value & y.value}};
}
AndResult negated(AndResult r) {
  r.word = r.word.negated_word();
  return r;
}

// Per bit the first case of the gadget's list that applies, as masks.
class Cases {
 public:
  explicit Cases(uint32_t first) : taken_(first) {}
  uint32_t next(uint32_t candidates) {
    const uint32_t mine = candidates & ~taken_;
    taken_ |= mine;
    return mine;
  }
  uint32_t rest() const { return ~taken_; }

 private:
  uint32_t taken_;
};

// Blends `r` into `word` / `alloc` at the bits of `mask`.
void blend(Word& word, Allocations& alloc, const AndResult& r, uint32_t mask) {
  word.value |= r.word.value & mask;
  word.constant |= r.word.constant & mask;
  word.negated |= r.word.negated & mask;
  alloc.mask |= r.allocations.mask & mask;
  alloc.values |= r.allocations.values & mask;
}

uint32_t zeros(const Word& w) { return w.constant & ~w.value; }
uint32_t ones(const Word& w) { return w.constant & w.value; }

// UInt32::sha256_ch: gadgets::sha256_ch per bit (at most one allocation per bit).
Word ch_word(BitEmitter& out, const Word& a, const Word& b, const Word& c) {
  const uint32_t value = (a.value & b.value) ^ (~a.value & c.value);
  const uint32_t all_constant = a.constant & b.constant & c.constant;
  Cases cases(all_constant);
  Word word{value & all_constant, all_constant, 0, 0};
  Allocations alloc;
  const AndResult pass_c{c, {}};
  blend(word, alloc, pass_c, cases.next(zeros(a)));
  blend(word, alloc, and_word(a.negated_word(), c), cases.next(zeros(b)));
  blend(word, alloc, and_word(a, b), cases.next(zeros(c)));
  blend(word, alloc, negated(and_word(a, b.negated_word())), cases.next(ones(c)));
  blend(word, alloc, negated(and_word(a.negated_word(), c.negated_word())), cases.next(ones(b)));
  const uint32_t fresh = cases.rest();  // a·(b − c) = ch − c: one new bit
  word.value |= value & fresh;
  alloc.mask |= fresh;
  alloc.values |= value & fresh;
  out.push(alloc);
  return word;
}

// Spreads the 32 bits of x to the even bits of a 64-bit word.
uint64_t spread_even(uint32_t x) {
  uint64_t v = x;
  v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
  v = (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
  v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fULL;
  v = (v | (v << 2)) & 0x3333333333333333ULL;
  v = (v | (v << 1)) & 0x5555555555555555ULL;
  return v;
}

// UInt32::sha256_maj: gadgets::sha256_maj per bit. Where no operand is constant a bit
// allocates twice, maj and then b ∧ c.
Word maj_word(BitEmitter& out, const Word& a, const Word& b, const Word& c) {
  const uint32_t value = (a.value & b.value) ^ (a.value & c.value) ^ (b.value & c.value);
  const uint32_t all_constant = a.constant & b.constant & c.constant;
  Cases cases(all_constant);
  Word word{value & all_constant, all_constant, 0, 0};
  Allocations first;
  blend(word, first, and_word(b, c), cases.next(zeros(a)));
  blend(word, first, and_word(a, c), cases.next(zeros(b)));
  blend(word, first, and_word(a, b), cases.next(zeros(c)));
  blend(word, first, negated(and_word(a.negated_word(), b.negated_word())), cases.next(ones(c)));
  blend(word, first, negated(and_word(a.negated_word(), c.negated_word())), cases.next(ones(b)));
  blend(word, first, negated(and_word(b.negated_word(), c.negated_word())), cases.next(ones(a)));
  const uint32_t fresh = cases.rest();
  word.value |= value & fresh;
  first.mask |= fresh;
  first.values |= value & fresh;
  const uint32_t bc = b.value & c.value;  // the second allocation of a fresh bit
  if (fresh == 0) {
    out.push(first);
  } else if (fresh == kAll) {
    const uint64_t interleaved = spread_even(value) | (spread_even(bc) << 1);
    out.push(interleaved, 64);
  } else {
    for (uint32_t i = 0; i < 32; ++i) {
      if ((first.mask >> i) & 1) out.push((first.values >> i) & 1, 1);
      if ((fresh >> i) & 1) out.push((bc >> i) & 1, 1);
    }
  }
  return word;
}

// UInt32::addmany: a constant if every operand bit is constant; otherwise the sum's bits
// (as many as the largest possible sum has) are allocated, the low 32 forming the result.
Word addmany(BitEmitter& out, std::span<const Word> operands) {
  assert(operands.size() >= 2 && operands.size() <= 10);
  uint64_t sum = 0;
  uint32_t all_constant = kAll;
  for (const Word& op : operands) {
    sum += op.value;
    all_constant &= op.constant;
  }
  if (all_constant == kAll) return Word::of_constant(static_cast<uint32_t>(sum));
  const size_t bits = static_cast<size_t>(std::bit_width(operands.size() * uint64_t{0xffffffff}));
  const Word word{static_cast<uint32_t>(sum), 0, 0, out.next()};
  out.push(sum, bits);
  return word;
}

// A word still to be summed (sha256.cpp's Deferred), at most 8 addends.
struct Deferred {
  bool concrete = false;
  Word word;
  Word addends[8];
  size_t count = 0;

  Word compute(BitEmitter& out, const Word* extra = nullptr) const {
    if (concrete) return word;
    Word all[9];
    for (size_t i = 0; i < count; ++i) all[i] = addends[i];
    size_t n = count;
    if (extra) all[n++] = *extra;
    return addmany(out, std::span(all, n));
  }
};

// 32 Booleans, least significant first (a UInt32's bits) or most significant first (a block's word).
Word word_of(std::span<const Boolean> bits, bool big_endian) {
  Word out;
  for (size_t k = 0; k < 32; ++k) {
    const Boolean& bit = bits[k];
    const int i = static_cast<int>(big_endian ? 31 - k : k);
    out.value |= uint32_t{bit.value()} << i;
    out.constant |= uint32_t{bit.is_constant()} << i;
    out.negated |= uint32_t{bit.kind() == Boolean::Kind::kNot} << i;
  }
  return out;
}

UInt32 uint32_of(const Word& w) {
  if (w.constant == kAll) return UInt32::constant(w.value);
  assert(w.constant == 0 && w.negated == 0);
  std::vector<Boolean> bits_be;
  bits_be.reserve(32);
  for (size_t i = 32; i-- > 0;) {
    bits_be.push_back(AllocatedBit{{w.first + i, r1cs::VariableKind::kAux}, ((w.value >> i) & 1) != 0});
  }
  return UInt32::from_bits_be(bits_be);
}

}  // namespace

std::vector<UInt32> sha256_compression_witness(r1cs::WitnessConstraintSystem& cs, std::span<const Boolean> block,
                                               std::span<const UInt32> state_words) {
  assert(block.size() == 512 && state_words.size() == 8);
  Word w[64];
  for (size_t i = 0; i < 16; ++i) w[i] = word_of(block.subspan(32 * i, 32), /*big_endian=*/true);
  Word state[8];
  for (size_t i = 0; i < 8; ++i) state[i] = word_of(state_words[i].bits(), /*big_endian=*/false);

  std::vector<UInt32> result;
  {
    BitEmitter out(cs);
    for (size_t i = 16; i < 64; ++i) {
      const Word s0 = xor3(out, w[i - 15].rotr(7), w[i - 15].rotr(18), w[i - 15].shr(3));
      const Word s1 = xor3(out, w[i - 2].rotr(17), w[i - 2].rotr(19), w[i - 2].shr(10));
      const Word operands[4] = {w[i - 16], s0, w[i - 7], s1};
      w[i] = addmany(out, operands);
    }

    Deferred a{true, state[0], {}, 0};
    Word b = state[1], c = state[2], d = state[3];
    Deferred e{true, state[4], {}, 0};
    Word f = state[5], g = state[6], h = state[7];
    for (size_t i = 0; i < 64; ++i) {
      const Word new_e = e.compute(out);
      const Word s1 = xor3(out, new_e.rotr(6), new_e.rotr(11), new_e.rotr(25));
      const Word ch = ch_word(out, new_e, f, g);
      const Word temp1[5] = {h, s1, ch, Word::of_constant(kSha256RoundConstants[i]), w[i]};

      const Word new_a = a.compute(out);
      const Word s0 = xor3(out, new_a.rotr(2), new_a.rotr(13), new_a.rotr(22));
      const Word maj = maj_word(out, new_a, b, c);

      h = g;
      g = f;
      f = new_e;
      e = Deferred{false, {}, {temp1[0], temp1[1], temp1[2], temp1[3], temp1[4], d}, 6};
      d = c;
      c = b;
      b = new_a;
      a = Deferred{false, {}, {temp1[0], temp1[1], temp1[2], temp1[3], temp1[4], s0, maj}, 7};
    }

    auto add2 = [&](const Word& x, const Word& y) {
      const Word operands[2] = {x, y};
      return addmany(out, operands);
    };
    const Word final_words[8] = {a.compute(out, &state[0]), add2(state[1], b), add2(state[2], c),
                                 add2(state[3], d),         e.compute(out, &state[4]), add2(state[5], f),
                                 add2(state[6], g),         add2(state[7], h)};
    out.flush();
    result.reserve(8);
    for (const Word& word : final_words) result.push_back(uint32_of(word));
  }
  return result;
}

}  // namespace cuzk::gadgets
