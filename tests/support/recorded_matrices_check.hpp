// Test support: recorded constraint matrices reproduce classic synthesis. Runs the same
// synthesis into a ProvingAssignment and into a CompactRecorder, then computes a, b, c from the
// classic witness with the compact product and expects them, and the densities, bit for bit,
// naming the first difference; also before and after bellperson's input rows.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "r1cs/compact_spmv.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::test {

inline void expect_same_values(const std::vector<ff::Fr>& got, const std::vector<ff::Fr>& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want[i]) << what << " row " << i;
}

inline void expect_same_density(const r1cs::DensityBitmap& got, const r1cs::DensityBitmap& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got.test(i), want.test(i)) << what << " bit " << i;
}

// `synthesize` must produce the same circuit on every call (it is called twice). Returns the
// recorded shape for further checks.
inline r1cs::CompactR1cs expect_recorded_matrices_reproduce(
    const std::function<void(r1cs::ConstraintSystem&)>& synthesize, ThreadPool& pool) {
  r1cs::ProvingAssignment classic;
  synthesize(classic);
  r1cs::CompactRecorder recorder;
  synthesize(recorder);
  r1cs::CompactR1cs shape = std::move(recorder).finish();
  EXPECT_TRUE(r1cs::validate_compact(shape, pool).is_ok());

  r1cs::ProvingAssignment from_matrices;
  from_matrices.input_assignment = classic.input_assignment;
  from_matrices.aux_assignment = classic.aux_assignment;
  const Status status = r1cs::evaluate_into_assignment(shape, from_matrices, pool);
  EXPECT_TRUE(status.is_ok()) << status.to_string();
  expect_same_values(from_matrices.a, classic.a, "a");
  expect_same_values(from_matrices.b, classic.b, "b");
  expect_same_values(from_matrices.c, classic.c, "c");
  expect_same_density(from_matrices.a_aux_density, classic.a_aux_density, "A aux density");
  expect_same_density(from_matrices.b_input_density, classic.b_input_density, "B input density");
  expect_same_density(from_matrices.b_aux_density, classic.b_aux_density, "B aux density");
  classic.append_input_constraints();
  from_matrices.append_input_constraints();
  expect_same_values(from_matrices.a, classic.a, "a with input rows");
  expect_same_values(from_matrices.b, classic.b, "b with input rows");
  return shape;
}

}  // namespace cuzk::test
