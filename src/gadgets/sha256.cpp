// SHA-256 gadget: message schedule and 64 rounds over UInt32 words, with bellpepper's deferred
// additions (a and e stay lists of addends until they are needed, so each round's sums cost
// one addmany) and one MultiEq per compression.
#include "gadgets/sha256.hpp"

#include <cassert>
#include <optional>

#include "gadgets/multipack.hpp"
#include "gadgets/sha256_native.hpp"
#include "gadgets/sha256_witness.hpp"

namespace cuzk::gadgets {

using r1cs::ConstraintSystem;

namespace {

// A word that is either known (concrete) or a list of addends still to be summed.
struct Deferred {
  std::optional<UInt32> concrete;
  std::vector<UInt32> addends;

  UInt32 compute(MultiEq& eq, std::span<const UInt32> extra = {}) {
    if (concrete) return *concrete;
    std::vector<UInt32> all = addends;
    all.insert(all.end(), extra.begin(), extra.end());
    return UInt32::addmany(eq, all);
  }
};

UInt32 xor3(ConstraintSystem& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
  return a.bit_xor(cs, b).bit_xor(cs, c);
}

}  // namespace

std::vector<UInt32> sha256_compression(ConstraintSystem& cs, std::span<const Boolean> block,
                                       std::span<const UInt32> state) {
  assert(block.size() == 512 && state.size() == 8);
  if (r1cs::WitnessConstraintSystem* witness = cs.witness_only()) return sha256_compression_witness(*witness, block, state);
  std::vector<UInt32> w;
  w.reserve(64);
  for (size_t i = 0; i < 16; ++i) w.push_back(UInt32::from_bits_be(block.subspan(32 * i, 32)));

  MultiEq eq(cs);
  for (size_t i = 16; i < 64; ++i) {
    const UInt32 s0 = xor3(cs, w[i - 15].rotr(7), w[i - 15].rotr(18), w[i - 15].shr(3));
    const UInt32 s1 = xor3(cs, w[i - 2].rotr(17), w[i - 2].rotr(19), w[i - 2].shr(10));
    const UInt32 operands[4] = {w[i - 16], s0, w[i - 7], s1};
    w.push_back(UInt32::addmany(eq, operands));
  }

  Deferred a{state[0], {}};
  UInt32 b = state[1], c = state[2], d = state[3];
  Deferred e{state[4], {}};
  UInt32 f = state[5], g = state[6], h = state[7];
  for (size_t i = 0; i < 64; ++i) {
    const UInt32 new_e = e.compute(eq);
    const UInt32 s1 = xor3(cs, new_e.rotr(6), new_e.rotr(11), new_e.rotr(25));
    const UInt32 ch = UInt32::sha256_ch(cs, new_e, f, g);
    const std::vector<UInt32> temp1 = {h, s1, ch, UInt32::constant(kSha256RoundConstants[i]), w[i]};

    const UInt32 new_a = a.compute(eq);
    const UInt32 s0 = xor3(cs, new_a.rotr(2), new_a.rotr(13), new_a.rotr(22));
    const UInt32 maj = UInt32::sha256_maj(cs, new_a, b, c);

    h = g;
    g = f;
    f = new_e;
    e = Deferred{std::nullopt, temp1};
    e.addends.push_back(d);
    d = c;
    c = b;
    b = new_a;
    a = Deferred{std::nullopt, temp1};
    a.addends.push_back(s0);
    a.addends.push_back(maj);
  }

  auto add2 = [&](const UInt32& x, const UInt32& y) {
    const UInt32 operands[2] = {x, y};
    return UInt32::addmany(eq, operands);
  };
  std::vector<UInt32> out;
  out.push_back(a.compute(eq, state.subspan(0, 1)));
  out.push_back(add2(state[1], b));
  out.push_back(add2(state[2], c));
  out.push_back(add2(state[3], d));
  out.push_back(e.compute(eq, state.subspan(4, 1)));
  out.push_back(add2(state[5], f));
  out.push_back(add2(state[6], g));
  out.push_back(add2(state[7], h));
  eq.flush();
  return out;
}

namespace {

std::vector<UInt32> iv() {
  std::vector<UInt32> out;
  for (const uint32_t word : kSha256Iv) out.push_back(UInt32::constant(word));
  return out;
}

std::vector<Boolean> words_to_bits_be(const std::vector<UInt32>& words) {
  std::vector<Boolean> out;
  out.reserve(words.size() * 32);
  for (const UInt32& word : words) {
    const std::vector<Boolean> bits = word.to_bits_be();
    out.insert(out.end(), bits.begin(), bits.end());
  }
  return out;
}

}  // namespace

std::vector<Boolean> sha256_block_no_padding(ConstraintSystem& cs, std::span<const Boolean> block) {
  return words_to_bits_be(sha256_compression(cs, block, iv()));
}

std::vector<Boolean> sha256_bits(ConstraintSystem& cs, std::span<const Boolean> input) {
  assert(input.size() % 8 == 0);
  std::vector<Boolean> padded(input.begin(), input.end());
  const uint64_t length = input.size();
  padded.push_back(Boolean::constant(true));
  while ((padded.size() + 64) % 512 != 0) padded.push_back(Boolean::constant(false));
  for (size_t i = 64; i-- > 0;) padded.push_back(Boolean::constant((length >> i) & 1));
  std::vector<UInt32> state = iv();
  for (size_t start = 0; start < padded.size(); start += 512) {
    r1cs::Namespace ns(cs, "block");
    state = sha256_compression(cs, std::span(padded).subspan(start, 512), state);
  }
  return words_to_bits_be(state);
}

AllocatedNum sha256_fr32(ConstraintSystem& cs, std::span<const Boolean> bits) {
  const std::vector<Boolean> be = sha256_bits(cs, bits);
  std::vector<Boolean> le;
  le.reserve(kFrCapacity);
  for (size_t byte = 0; byte < 32 && le.size() < kFrCapacity; ++byte) {
    for (size_t k = 8; k-- > 0 && le.size() < kFrCapacity;) le.push_back(be[8 * byte + k]);
  }
  return pack_bits(cs, le);
}

void append_fr_preimage_bits(ConstraintSystem& cs, const AllocatedNum& num, std::vector<Boolean>& out) {
  std::vector<Boolean> bits = num.to_bits_le(cs);
  while (bits.size() % 8 != 0) bits.push_back(Boolean::constant(false));
  for (size_t byte = 0; byte < bits.size() / 8; ++byte) {
    for (size_t k = 8; k-- > 0;) out.push_back(bits[8 * byte + k]);
  }
}

}  // namespace cuzk::gadgets
