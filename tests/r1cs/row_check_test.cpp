// check_rows: a satisfying assignment passes; one wrong value fails naming its row (the lowest
// of several, whatever the chunking); a, b, c of different lengths is an internal error.
#include "r1cs/row_check.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

using ff::Fr;

// x_i · x_i = y_i for 5000 rows.
ProvingAssignment squares() {
  ProvingAssignment cs;
  for (uint64_t i = 0; i < 5000; ++i) {
    const Variable x = cs.alloc(Fr::from_u64(i + 3));
    const Variable y = cs.alloc(Fr::from_u64((i + 3) * (i + 3)));
    cs.enforce(x, x, y);
  }
  cs.append_input_constraints();
  return cs;
}

TEST(RowCheckTest, ASatisfyingAssignmentPasses) {
  ThreadPool pool(4);
  EXPECT_TRUE(check_rows(squares(), pool).is_ok());
  EXPECT_TRUE(check_rows(ProvingAssignment(), pool).is_ok());
}

TEST(RowCheckTest, TheLowestFailingRowIsNamed) {
  ThreadPool pool(4);
  ProvingAssignment cs = squares();
  cs.c[4321] += Fr::one();
  cs.c[1234] += Fr::one();
  const Status s = check_rows(cs, pool);
  EXPECT_EQ(s.code(), StatusCode::kUnsatisfiable);
  EXPECT_NE(s.message().find("constraint 1234 of " + std::to_string(cs.a.size())), std::string::npos) << s.message();
}

TEST(RowCheckTest, MismatchedLengthsAreAnInternalError) {
  ThreadPool pool(2);
  ProvingAssignment cs = squares();
  cs.c.pop_back();
  EXPECT_EQ(check_rows(cs, pool).code(), StatusCode::kInternal);
}

}  // namespace
}  // namespace cuzk::r1cs
