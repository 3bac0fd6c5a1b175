// Insertion of a path node among its siblings, as rust-fil-proofs' insert_2/4/8.
#include "filecoin/insertion.hpp"

#include <cassert>

namespace cuzk::filecoin {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;

AllocatedNum pick(ConstraintSystem& cs, const Boolean& condition, const AllocatedNum& a, const AllocatedNum& b) {
  const AllocatedNum c = AllocatedNum::alloc(cs, condition.value() ? a.value : b.value);
  cs.enforce(LinearCombination(b.variable) - a.variable, condition.lc(), LinearCombination(b.variable) - c.variable);
  return c;
}

AllocatedNum select(ConstraintSystem& cs, std::span<const AllocatedNum> from, std::span<const Boolean> bits) {
  assert(from.size() == (size_t{1} << bits.size()));
  std::vector<AllocatedNum> state(from.begin(), from.end());
  for (size_t i = bits.size(); i-- > 0;) {
    const size_t half = state.size() / 2;
    std::vector<AllocatedNum> next;
    next.reserve(half);
    for (size_t j = 0; j < half; ++j) next.push_back(pick(cs, bits[i], state[half + j], state[j]));
    state = std::move(next);
  }
  return state[0];
}

std::vector<AllocatedNum> insert(ConstraintSystem& cs, const AllocatedNum& element, std::span<const Boolean> bits,
                                 std::span<const AllocatedNum> siblings) {
  const size_t size = siblings.size() + 1;
  assert(size == (size_t{1} << bits.size()));
  const AllocatedNum& a = element;
  if (size == 2) {
    const AllocatedNum& b = siblings[0];
    return {pick(cs, bits[0], b, a), pick(cs, bits[0], a, b)};
  }
  if (size == 4) {
    // n = b0 + 2·b1 selects the row: [a b c d], [b a c d], [b c a d], [b c d a].
    const Boolean &b0 = bits[0], &b1 = bits[1];
    const AllocatedNum &b = siblings[0], &c = siblings[1], &d = siblings[2];
    const AllocatedNum p0_x0 = pick(cs, b0, b, a);
    const AllocatedNum p0 = pick(cs, b1, b, p0_x0);
    const AllocatedNum p1_x0 = pick(cs, b0, a, b);
    const AllocatedNum p1 = pick(cs, b1, c, p1_x0);
    const AllocatedNum p2_x1 = pick(cs, b0, d, a);
    const AllocatedNum p2 = pick(cs, b1, p2_x1, c);
    const AllocatedNum p3_x1 = pick(cs, b0, a, d);
    const AllocatedNum p3 = pick(cs, b1, p3_x1, d);
    return {p0, p1, p2, p3};
  }
  assert(size == 8);
  const Boolean &b0 = bits[0], &b1 = bits[1], &b2 = bits[2];
  const AllocatedNum &b = siblings[0], &c = siblings[1], &d = siblings[2], &e = siblings[3], &f = siblings[4],
                     &g = siblings[5], &h = siblings[6];
  assert(b0.kind() == Boolean::Kind::kIs && b1.kind() == Boolean::Kind::kIs);
  const Boolean b0_nor_b1 = gadgets::bit_nor(cs, b0.bit(), b1.bit());
  const Boolean b0_and_b1 = gadgets::bit_and(cs, b0.bit(), b1.bit());
  const AllocatedNum p0_xx0 = pick(cs, b0_nor_b1, a, b);
  const AllocatedNum p0 = pick(cs, b2, b, p0_xx0);
  const AllocatedNum p1_x00 = pick(cs, b0, a, b);
  const AllocatedNum p1_xx0 = pick(cs, b1, c, p1_x00);
  const AllocatedNum p1 = pick(cs, b2, c, p1_xx0);
  const AllocatedNum p2_x10 = pick(cs, b0, d, a);
  const AllocatedNum p2_xx0 = pick(cs, b1, p2_x10, c);
  const AllocatedNum p2 = pick(cs, b2, d, p2_xx0);
  const AllocatedNum p3_xx0 = pick(cs, b0_and_b1, a, d);
  const AllocatedNum p3 = pick(cs, b2, e, p3_xx0);
  const AllocatedNum p4_xx1 = pick(cs, b0_nor_b1, a, f);
  const AllocatedNum p4 = pick(cs, b2, p4_xx1, e);
  const AllocatedNum p5_x01 = pick(cs, b0, a, f);
  const AllocatedNum p5_xx1 = pick(cs, b1, g, p5_x01);
  const AllocatedNum p5 = pick(cs, b2, p5_xx1, f);
  const AllocatedNum p6_x11 = pick(cs, b0, h, a);
  const AllocatedNum p6_xx1 = pick(cs, b1, p6_x11, g);
  const AllocatedNum p6 = pick(cs, b2, p6_xx1, g);
  const AllocatedNum p7_xx1 = pick(cs, b0_and_b1, a, h);
  const AllocatedNum p7 = pick(cs, b2, p7_xx1, h);
  return {p0, p1, p2, p3, p4, p5, p6, p7};
}

}  // namespace cuzk::filecoin
