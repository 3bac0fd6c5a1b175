// GPU == CPU differential tests for the device field arithmetic (field_device.cuh, reached
// through field_ops.hpp): add, sub, mul and square over Fr (8 words) and Fq (12 words), on
// random inputs of sizes that are not multiples of a block (1, 7, 1000, 4097) and on every
// pair of a table of special values (0, 1, p−1, R, limb and word edges). Output buffers are
// poisoned with a value no correct result can take (its limbs are ≥ m) before each call.
// The CPU fields are themselves tested against @noble/curves vectors (tests/ff).
#include "backend/cuda/arith/field_ops.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iomanip>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "ff/fq2.hpp"
#include "gpu_test_util.hpp"

namespace cuzk::backend::cuda {
namespace {

using test::GpuTest;
using test::have_gpu;

// The GPU entry points and CPU operators of one field, for the typed tests below.
struct FrOps {
  using F = ff::Fr;
  static Status add(std::span<const F> a, std::span<const F> b, std::span<F> out) { return gpu_fr_add(a, b, out); }
  static Status sub(std::span<const F> a, std::span<const F> b, std::span<F> out) { return gpu_fr_sub(a, b, out); }
  static Status mul(std::span<const F> a, std::span<const F> b, std::span<F> out) { return gpu_fr_mul(a, b, out); }
  static Status square(std::span<const F> a, std::span<F> out) { return gpu_fr_square(a, out); }
};
struct FqOps {
  using F = ff::Fq;
  static Status add(std::span<const F> a, std::span<const F> b, std::span<F> out) { return gpu_fq_add(a, b, out); }
  static Status sub(std::span<const F> a, std::span<const F> b, std::span<F> out) { return gpu_fq_sub(a, b, out); }
  static Status mul(std::span<const F> a, std::span<const F> b, std::span<F> out) { return gpu_fq_mul(a, b, out); }
  static Status square(std::span<const F> a, std::span<F> out) { return gpu_fq_square(a, out); }
};

// Raw Montgomery limbs, most significant first (poison values are not field elements, so
// they are printed as stored, not converted).
template <class F>
std::string raw_hex(const F& x) {
  std::ostringstream out;
  out << "0x";
  const auto& limbs = x.montgomery();
  for (size_t i = limbs.size(); i-- > 0;) out << std::hex << std::setw(16) << std::setfill('0') << limbs[i];
  return out.str();
}

// All limbs 0xa5…a5: above both moduli, so never a correct (reduced) result.
template <class F>
F poison() {
  typename F::Repr limbs;
  limbs.fill(0xa5a5a5a5a5a5a5a5u);
  return F::from_montgomery(limbs);
}

template <class F>
std::vector<F> random_elements(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<F> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) out.push_back(F::random(rng));
  return out;
}

// Special values: 0, 1, 2, p−1, p−2, (p−1)/2, (p+1)/2, R mod p, word and limb boundaries as
// plain integers (2^32 − 1, 2^32, 2^64 − 1, 2^(64(N−1)) − 1, 2^(64(N−1))), and the extreme
// Montgomery representations 1 (= R^(−1)) and p − 1 (= −R^(−1)).
template <class F>
std::vector<F> special_values() {
  using Repr = typename F::Repr;
  constexpr size_t kN = F::kLimbs;
  const F one = F::one();
  std::vector<F> values = {F::zero(), one, one + one, -one, -(one + one), (-one).half(), one.half()};
  values.push_back(*F::from_canonical(one.montgomery()));  // the integer R mod p
  values.push_back(F::from_u64(0xffffffffu));
  values.push_back(F::from_u64(uint64_t{1} << 32));
  values.push_back(F::from_u64(~uint64_t{0}));
  Repr below_top{};  // 2^(64(N−1)) − 1
  for (size_t i = 0; i + 1 < kN; ++i) below_top[i] = ~uint64_t{0};
  values.push_back(*F::from_canonical(below_top));
  Repr top{};  // 2^(64(N−1))
  top[kN - 1] = 1;
  values.push_back(*F::from_canonical(top));
  Repr mont_one{};  // Montgomery representation 1
  mont_one[0] = 1;
  values.push_back(F::from_montgomery(mont_one));
  Repr mont_max = F::modulus();  // Montgomery representation p − 1
  mont_max[0] -= 1;
  values.push_back(F::from_montgomery(mont_max));
  return values;
}

// Compares element by element; reports the first few mismatches with their inputs.
template <class F>
void expect_equal(const std::vector<F>& got, const std::vector<F>& want, const std::vector<F>& a,
                  const std::vector<F>* b, const char* what) {
  ASSERT_EQ(got.size(), want.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] == want[i]) continue;
    if (++mismatches <= 5) {
      ADD_FAILURE() << what << " [" << i << " of " << got.size() << "]\n  a    = " << raw_hex(a[i])
                    << (b ? "\n  b    = " + raw_hex((*b)[i]) : std::string()) << "\n  gpu  = " << raw_hex(got[i])
                    << "\n  cpu  = " << raw_hex(want[i]) << "\n  (Montgomery limbs)";
    }
  }
  EXPECT_EQ(mismatches, 0u) << what << ": " << mismatches << " of " << got.size() << " elements differ";
}

enum class Op { kAdd, kSub, kMul, kSquare };

const char* op_name(Op op) {
  switch (op) {
    case Op::kAdd: return "add";
    case Op::kSub: return "sub";
    case Op::kMul: return "mul";
    case Op::kSquare: return "square";
  }
  return "?";
}

// Runs `op` on the GPU into a poisoned buffer and compares with the CPU, element by element.
template <class Ops>
void check_op(Op op, const std::vector<typename Ops::F>& a, const std::vector<typename Ops::F>& b) {
  using F = typename Ops::F;
  const size_t n = a.size();
  std::vector<F> want(n);
  std::vector<F> got(n, poison<F>());
  Status status;
  switch (op) {
    case Op::kAdd:
      for (size_t i = 0; i < n; ++i) want[i] = a[i] + b[i];
      status = Ops::add(a, b, got);
      break;
    case Op::kSub:
      for (size_t i = 0; i < n; ++i) want[i] = a[i] - b[i];
      status = Ops::sub(a, b, got);
      break;
    case Op::kMul:
      for (size_t i = 0; i < n; ++i) want[i] = a[i] * b[i];
      status = Ops::mul(a, b, got);
      break;
    case Op::kSquare:
      for (size_t i = 0; i < n; ++i) want[i] = a[i].square();
      status = Ops::square(a, got);
      break;
  }
  ASSERT_TRUE(status.is_ok()) << op_name(op) << ": " << status.to_string();
  expect_equal(got, want, a, op == Op::kSquare ? nullptr : &b, op_name(op));
}

constexpr Op kAllOps[] = {Op::kAdd, Op::kSub, Op::kMul, Op::kSquare};

// The test bodies, one per field below.

template <class Ops>
void random_inputs_match_cpu() {
  using F = typename Ops::F;
  for (const size_t n : {size_t{1}, size_t{7}, size_t{1000}, size_t{4097}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<F> a = random_elements<F>(n, 0x5eed0000u + n);
    const std::vector<F> b = random_elements<F>(n, 0x5eed8000u + n);
    for (const Op op : kAllOps) check_op<Ops>(op, a, b);
  }
}

template <class Ops>
void every_pair_of_special_values_matches_cpu() {
  using F = typename Ops::F;
  const std::vector<F> values = special_values<F>();
  std::vector<F> a, b;
  for (const F& x : values) {
    for (const F& y : values) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  for (const Op op : kAllOps) check_op<Ops>(op, a, b);
}

template <class Ops>
void output_may_alias_an_input() {
  using F = typename Ops::F;
  const std::vector<F> a = random_elements<F>(300, 1);
  const std::vector<F> b = random_elements<F>(300, 2);
  std::vector<F> in_place = a;
  ASSERT_TRUE(Ops::mul(in_place, b, in_place).is_ok());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(in_place[i], a[i] * b[i]) << "mul, i = " << i;
  in_place = a;
  ASSERT_TRUE(Ops::square(in_place, in_place).is_ok());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(in_place[i], a[i].square()) << "square, i = " << i;
}

template <class Ops>
void mismatched_sizes_are_invalid_arguments() {
  using F = typename Ops::F;
  std::vector<F> three(3), four(4);
  EXPECT_EQ(Ops::add(three, four, four).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(Ops::sub(three, three, four).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(Ops::mul(four, three, four).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(Ops::square(three, four).code(), StatusCode::kInvalidArgument);
}

template <class Ops>
void empty_inputs_succeed_without_a_device() {
  using F = typename Ops::F;
  std::vector<F> empty;
  EXPECT_TRUE(Ops::add(empty, empty, empty).is_ok());
  EXPECT_TRUE(Ops::sub(empty, empty, empty).is_ok());
  EXPECT_TRUE(Ops::mul(empty, empty, empty).is_ok());
  EXPECT_TRUE(Ops::square(empty, empty).is_ok());
}

template <class Ops>
void without_gpu_every_op_is_a_device_error() {
  using F = typename Ops::F;
  std::vector<F> a(2, F::one()), out(2, poison<F>());
  for (const Status& status :
       {Ops::add(a, a, out), Ops::sub(a, a, out), Ops::mul(a, a, out), Ops::square(a, out)}) {
    EXPECT_EQ(status.code(), StatusCode::kDeviceError) << status.to_string();
  }
  EXPECT_EQ(out[0], poison<F>()) << "a failed call must not write its output";
}

// ---- tests that need a GPU ----

class GpuFieldOps : public GpuTest {};

TEST_F(GpuFieldOps, FrRandomInputsMatchCpu) { random_inputs_match_cpu<FrOps>(); }
TEST_F(GpuFieldOps, FqRandomInputsMatchCpu) { random_inputs_match_cpu<FqOps>(); }
TEST_F(GpuFieldOps, FrSpecialValuePairsMatchCpu) { every_pair_of_special_values_matches_cpu<FrOps>(); }
TEST_F(GpuFieldOps, FqSpecialValuePairsMatchCpu) { every_pair_of_special_values_matches_cpu<FqOps>(); }
TEST_F(GpuFieldOps, FrOutputMayAliasAnInput) { output_may_alias_an_input<FrOps>(); }
TEST_F(GpuFieldOps, FqOutputMayAliasAnInput) { output_may_alias_an_input<FqOps>(); }

// ---- tests that run everywhere ----

// The dedicated Fq square (field_device.cuh: N(N+1)/2 word products, its own carry chains)
// against the CPU on the representations where its chains carry the most: the 256 largest
// Montgomery forms p − 1 … p − 256, the smallest 0 … 255, every word of a value set to its
// maximum, and random values (mul is checked on the same inputs, squared by itself).
TEST_F(GpuFieldOps, FqSquareMatchesCpuAtCarryBoundaries) {
  using F = ff::Fq;
  std::vector<F> a;
  for (uint64_t k = 1; k <= 256; ++k) {
    F::Repr limbs = F::modulus();
    limbs[0] -= k;  // p's low limb is far above 256: no borrow
    a.push_back(F::from_montgomery(limbs));
    a.push_back(F::from_montgomery(F::Repr{k - 1}));
  }
  for (size_t w = 0; w < 2 * F::kLimbs; ++w) {  // word w all ones, the others random
    std::mt19937_64 rng(w);
    F::Repr limbs{};
    for (auto& limb : limbs) limb = rng();
    limbs[w / 2] |= uint64_t{0xffffffffu} << (32 * (w % 2));
    limbs[F::kLimbs - 1] &= 0x0fffffffffffffffu;  // below p
    a.push_back(F::from_montgomery(limbs));
  }
  const std::vector<F> random = random_elements<F>(2000, 77);
  a.insert(a.end(), random.begin(), random.end());
  check_op<FqOps>(Op::kSquare, a, a);
  check_op<FqOps>(Op::kMul, a, a);
}

// a·b − c·d under one reduction (gpu_fq_mul_sub pairs element i with n − 1 − i): every pair
// of special values against every other pair, and random values; poisoned output.
TEST_F(GpuFieldOps, FqMulSubMatchesCpu) {
  using F = ff::Fq;
  std::vector<F> a, b;
  const std::vector<F> special = special_values<F>();
  for (const F& x : special) {
    for (const F& y : special) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  for (const std::vector<F>& random : {random_elements<F>(1001, 5), random_elements<F>(1001, 6)}) {
    for (size_t i = 0; i < random.size(); ++i) (i % 2 == 0 ? a : b).push_back(random[i]);
  }
  b.resize(a.size(), F::one());
  const size_t n = a.size();
  std::vector<F> got(n, poison<F>()), want(n);
  for (size_t i = 0; i < n; ++i) want[i] = a[i] * b[i] - a[n - 1 - i] * b[n - 1 - i];
  const Status status = gpu_fq_mul_sub(a, b, got);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
  expect_equal(got, want, a, &b, "fq mul_sub");
}

// ---- Fq's redundant form [0, 2p) (the G1 MSM accumulates in it) ----

using Repr = ff::Fq::Repr;

// a − b as limbs (a ≥ b)
Repr limbs_minus(const Repr& a, const Repr& b) {
  Repr out{};
  uint64_t borrow = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    const uint64_t d = a[i] - b[i];
    const uint64_t d2 = d - borrow;
    borrow = (a[i] < b[i] || d < borrow) ? 1 : 0;
    out[i] = d2;
  }
  return out;
}
Repr limbs_plus(const Repr& a, const Repr& b) {
  Repr out{};
  uint64_t carry = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    const uint64_t s1 = a[i] + b[i];
    const uint64_t s2 = s1 + carry;
    carry = (s1 < a[i] || s2 < s1) ? 1 : 0;
    out[i] = s2;
  }
  return out;
}
bool limbs_less(const Repr& a, const Repr& b) {
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}
// [0, 2p) → the field element it stands for
ff::Fq from_redundant(const Repr& x) {
  const Repr& p = ff::Fq::modulus();
  return ff::Fq::from_montgomery(limbs_less(x, p) ? x : limbs_minus(x, p));
}

// Redundant inputs: the boundaries 0, 1, p − 1, p, p + 1, 2p − 2, 2p − 1 and random values
// below p and in [p, 2p); every result must be < 2p and stand for the exact result mod p.
TEST_F(GpuFieldOps, FqRedundantFormMatchesCpuOnBothHalves) {
  const Repr& p = ff::Fq::modulus();
  const Repr one{1}, two{2};
  const Repr twice_p = limbs_plus(p, p);
  std::vector<Repr> values = {Repr{}, one, limbs_minus(p, one), p, limbs_plus(p, one), limbs_minus(twice_p, two),
                              limbs_minus(twice_p, one)};
  for (const ff::Fq& x : random_elements<ff::Fq>(200, 91)) {
    values.push_back(x.montgomery());
    values.push_back(limbs_plus(x.montgomery(), p));
  }
  std::vector<Repr> a, b;
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = 0; j < values.size(); j += 1 + i % 7) {  // ~8,000 pairs, every boundary pair
      a.push_back(values[i]);
      b.push_back(values[j]);
    }
  }
  // kMulSub's largest sum (2p − 1)² + (2p − (1))·(2p − 1): the first element's partner is the last
  const Repr top = limbs_minus(twice_p, one);
  a.insert(a.begin(), top);
  b.insert(b.begin(), top);
  a.push_back(one);
  b.push_back(top);
  for (const RedundantOp op :
       {RedundantOp::kAdd, RedundantOp::kSub, RedundantOp::kMul, RedundantOp::kSquare, RedundantOp::kMulSub}) {
    SCOPED_TRACE("op " + std::to_string(static_cast<int>(op)));
    std::vector<Repr> got(a.size());
    const Status status = gpu_fq_redundant(op, a, b, got);
    ASSERT_TRUE(status.is_ok()) << status.to_string();
    size_t bad = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      const ff::Fq x = from_redundant(a[i]), y = from_redundant(b[i]);
      const size_t j = a.size() - 1 - i;  // kMulSub's partner
      const ff::Fq want = op == RedundantOp::kAdd      ? x + y
                          : op == RedundantOp::kSub    ? x - y
                          : op == RedundantOp::kMul    ? x * y
                          : op == RedundantOp::kMulSub ? x * y - from_redundant(a[j]) * from_redundant(b[j])
                                                       : x.square();
      const bool in_range = limbs_less(got[i], twice_p);
      if (in_range && from_redundant(got[i]) == want) continue;
      if (++bad <= 5) {
        ADD_FAILURE() << "[" << i << "] a = " << raw_hex(ff::Fq::from_montgomery(a[i]))
                      << " b = " << raw_hex(ff::Fq::from_montgomery(b[i]))
                      << " gpu = " << raw_hex(ff::Fq::from_montgomery(got[i])) << (in_range ? "" : " (≥ 2p)")
                      << " cpu = " << raw_hex(want);
      }
    }
    EXPECT_EQ(bad, 0u);
  }
}

// Fq2 in the G2 MSM's form (an element on a pair of lanes): every coefficient pair of the
// boundaries above (both operands), random coefficients below p and in [p, 2p), and the
// all-(2p − 1) element as the first and the last operand (the mul_subs' largest sums); results
// < 2p per coefficient and equal to the CPU's Fq2 arithmetic mod p.
TEST_F(GpuFieldOps, Fq2RedundantFormMatchesCpu) {
  const Repr& p = ff::Fq::modulus();
  const Repr one{1}, two{2};
  const Repr twice_p = limbs_plus(p, p);
  const Repr top = limbs_minus(twice_p, one);
  const std::vector<Repr> boundaries = {Repr{}, one, limbs_minus(p, one), p, limbs_plus(p, one),
                                        limbs_minus(twice_p, two), top};
  std::vector<std::array<Repr, 2>> elements;
  for (const Repr& c0 : boundaries) {
    for (const Repr& c1 : boundaries) elements.push_back({c0, c1});
  }
  const std::vector<ff::Fq> random = random_elements<ff::Fq>(240, 92);
  for (size_t i = 0; i + 1 < random.size(); i += 2) {
    const Repr lift = (i / 2) % 3 == 0 ? Repr{} : p;  // two thirds of them in [p, 2p)
    elements.push_back({limbs_plus(random[i].montgomery(), lift), random[i + 1].montgomery()});
  }
  std::vector<Repr> a, b;
  const auto append = [](std::vector<Repr>& to, const std::array<Repr, 2>& x) {
    to.push_back(x[0]);
    to.push_back(x[1]);
  };
  append(a, {top, top});
  append(b, {top, top});
  for (size_t i = 0; i < elements.size(); ++i) {
    for (size_t j = 0; j < elements.size(); j += 1 + i % 5) {
      append(a, elements[i]);
      append(b, elements[j]);
    }
  }
  append(a, {top, top});
  append(b, {top, top});
  const size_t n = a.size() / 2;
  const auto element = [](const std::vector<Repr>& v, size_t i) {
    return ff::Fq2{from_redundant(v[2 * i]), from_redundant(v[2 * i + 1])};
  };
  for (const RedundantOp op :
       {RedundantOp::kAdd, RedundantOp::kSub, RedundantOp::kMul, RedundantOp::kSquare, RedundantOp::kMulSub}) {
    SCOPED_TRACE("op " + std::to_string(static_cast<int>(op)));
    std::vector<Repr> got(a.size(), poison<ff::Fq>().montgomery());
    const Status status = gpu_fq2_redundant(op, a, b, got);
    ASSERT_TRUE(status.is_ok()) << status.to_string();
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
      const ff::Fq2 x = element(a, i), y = element(b, i);
      const size_t j = n - 1 - i;  // kMulSub's partner
      const ff::Fq2 want = op == RedundantOp::kAdd      ? x + y
                           : op == RedundantOp::kSub    ? x - y
                           : op == RedundantOp::kMul    ? x * y
                           : op == RedundantOp::kMulSub ? x * y - element(a, j) * element(b, j)
                                                        : x.square();
      const bool in_range = limbs_less(got[2 * i], twice_p) && limbs_less(got[2 * i + 1], twice_p);
      if (in_range && element(got, i) == want) continue;
      if (++bad <= 5) {
        ADD_FAILURE() << "[" << i << "] gpu c0 = " << raw_hex(ff::Fq::from_montgomery(got[2 * i]))
                      << " c1 = " << raw_hex(ff::Fq::from_montgomery(got[2 * i + 1]))
                      << (in_range ? "" : " (≥ 2p)") << " cpu c0 = " << raw_hex(want.c0)
                      << " c1 = " << raw_hex(want.c1);
      }
    }
    EXPECT_EQ(bad, 0u);
  }
}

TEST(FieldOpsArguments, Fq2NeedsAnEvenNumberOfCoefficients) {
  const std::vector<Repr> three(3);
  std::vector<Repr> out(3);
  EXPECT_EQ(gpu_fq2_redundant(RedundantOp::kMul, three, three, out).code(), StatusCode::kInvalidArgument);
}

// The throughput micro-benchmark runs every operation and reports a positive rate.
TEST_F(GpuFieldOps, ThroughputKernelsRunEveryOperation) {
  for (const FieldThroughputOp op : {FieldThroughputOp::kFrMul, FieldThroughputOp::kFrSquare, FieldThroughputOp::kFqMul,
                                     FieldThroughputOp::kFqSquare, FieldThroughputOp::kImad,
                                     FieldThroughputOp::kImadWide}) {
    const Result<double> rate = gpu_field_throughput(op, 8);
    ASSERT_TRUE(rate.is_ok()) << field_throughput_op_name(op) << ": " << rate.status().to_string();
    EXPECT_GT(*rate, 0.0) << field_throughput_op_name(op);
  }
}

TEST(FieldOpsArguments, ThroughputIterationsMustBeAPositiveMultipleOfEight) {
  EXPECT_EQ(gpu_field_throughput(FieldThroughputOp::kFqMul, 0).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(gpu_field_throughput(FieldThroughputOp::kFqMul, 12).status().code(), StatusCode::kInvalidArgument);
}

TEST(FieldOpsArguments, FrMismatchedSizesAreInvalidArguments) { mismatched_sizes_are_invalid_arguments<FrOps>(); }
TEST(FieldOpsArguments, FqMismatchedSizesAreInvalidArguments) { mismatched_sizes_are_invalid_arguments<FqOps>(); }
TEST(FieldOpsArguments, FrEmptyInputsSucceedWithoutADevice) { empty_inputs_succeed_without_a_device<FrOps>(); }
TEST(FieldOpsArguments, FqEmptyInputsSucceedWithoutADevice) { empty_inputs_succeed_without_a_device<FqOps>(); }

TEST(FieldOpsArguments, WithoutGpuEveryOpIsADeviceError) {
  if (have_gpu()) GTEST_SKIP() << "a GPU is present: this test covers machines without one";
  without_gpu_every_op_is_a_device_error<FrOps>();
  without_gpu_every_op_is_a_device_error<FqOps>();
}

}  // namespace
}  // namespace cuzk::backend::cuda
