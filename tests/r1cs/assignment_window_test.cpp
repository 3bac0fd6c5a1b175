// AssignmentWindow: parts synthesized into windows of one pre-sized assignment equal sequential
// synthesis (values, a/b/c, densities); windows that leave gaps or overrun are reported.
#include <gtest/gtest.h>

#include "r1cs/assignment_window.hpp"

namespace cuzk::r1cs {
namespace {

using ff::Fr;

// One part: an input, two aux, two constraints (ONE in B, the input in B, aux in A).
void part(ConstraintSystem& cs, uint64_t seed) {
  const Variable x = cs.alloc_input(Fr::from_u64(seed));
  const Variable a = cs.alloc(Fr::from_u64(seed + 1));
  const Variable b = cs.alloc(Fr::from_u64((seed + 1) * seed));
  cs.enforce(a, x, b);
  cs.enforce_evaluated(LinearCombination(a) + a, Variable::one(), LinearCombination(a) + a, Fr::from_u64(2 * seed + 2),
                       Fr::one(), Fr::from_u64(2 * seed + 2));
}

bool same(const DensityBitmap& x, const DensityBitmap& y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x.test(i) != y.test(i)) return false;
  }
  return true;
}

TEST(AssignmentWindow, WindowsEqualSequentialSynthesis) {
  ProvingAssignment sequential;
  for (uint64_t s = 1; s <= 3; ++s) part(sequential, s);
  ProvingAssignment whole;
  for (int round = 0; round < 2; ++round) {  // the second round reuses a proved assignment
    whole.prepare_windows(6, 6, 4);
    AssignmentWindow w2(whole, 2, 2, 2), w1(whole, 0, 0, 1), w3(whole, 4, 4, 3);
    part(w2, 2);
    part(w3, 3);
    part(w1, 1);
    const AssignmentWindow* in_order[] = {&w1, &w2, &w3};
    ASSERT_TRUE(whole.finish_windows(in_order).is_ok());
    EXPECT_EQ(whole.a, sequential.a);
    EXPECT_EQ(whole.b, sequential.b);
    EXPECT_EQ(whole.c, sequential.c);
    EXPECT_EQ(whole.aux_assignment, sequential.aux_assignment);
    EXPECT_EQ(whole.input_assignment, sequential.input_assignment);
    EXPECT_TRUE(same(whole.a_aux_density, sequential.a_aux_density));
    EXPECT_TRUE(same(whole.b_aux_density, sequential.b_aux_density));
    EXPECT_TRUE(same(whole.b_input_density, sequential.b_input_density));
    whole.append_input_constraints();
  }
}

TEST(AssignmentWindow, GapsAndOverrunsAreReported) {
  ProvingAssignment whole;
  whole.prepare_windows(4, 4, 3);
  AssignmentWindow w1(whole, 0, 0, 1), w3(whole, 3, 3, 2);  // w3 starts one constraint late
  part(w1, 1);
  part(w3, 2);  // and runs past the end: recorded, not written
  const AssignmentWindow* in_order[] = {&w1, &w3};
  const Status status = whole.finish_windows(in_order);
  EXPECT_EQ(status.code(), StatusCode::kInternal);
  const AssignmentWindow* only_first[] = {&w1};
  EXPECT_EQ(whole.finish_windows(only_first).code(), StatusCode::kInternal);  // does not cover the whole
}

}  // namespace
}  // namespace cuzk::r1cs
