// Test support: recorded constraint matrices reproduce classic synthesis. Runs the same
// synthesis into a ProvingAssignment and into a MatricesRecorder, then computes a, b, c from the
// classic witness with the compact product and expects them, and the densities, bit for bit,
// naming the first difference; and the same for the
// whole recorded path: witness-only synthesis (WitnessConstraintSystem) plus the product.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/thread_pool.hpp"
#include "r1cs/recorded_spmv.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recorded_synthesis.hpp"
#include "r1cs/witness_constraint_system.hpp"

namespace cuzk::test {

inline void expect_same_values(const std::vector<ff::Fr>& got, const std::vector<ff::Fr>& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want[i]) << what << " row " << i;
}

inline void expect_same_density(const r1cs::DensityBitmap& got, const r1cs::DensityBitmap& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got.test(i), want.test(i)) << what << " bit " << i;
}

// a, b, c and the densities of `got` equal `want`'s (the input rows, appended after, come from
// the inputs alone).
inline void expect_same_assignment(const r1cs::ProvingAssignment& got, const r1cs::ProvingAssignment& want) {
  expect_same_values(got.a, want.a, "a");
  expect_same_values(got.b, want.b, "b");
  expect_same_values(got.c, want.c, "c");
  expect_same_density(got.a_aux_density, want.a_aux_density, "A aux density");
  expect_same_density(got.b_input_density, want.b_input_density, "B input density");
  expect_same_density(got.b_aux_density, want.b_aux_density, "B aux density");
}

// `synthesize` must produce the same circuit on every call (it is called three times). Returns the
// recorded shape for further checks.
inline r1cs::RecordedMatrices expect_recorded_matrices_reproduce(
    const std::function<void(r1cs::ConstraintSystem&)>& synthesize, ThreadPool& pool) {
  r1cs::ProvingAssignment classic;
  synthesize(classic);
  r1cs::MatricesRecorder recorder;
  synthesize(recorder);
  r1cs::RecordedMatrices shape = std::move(recorder).finish();
  EXPECT_TRUE(r1cs::validate_matrices(shape, pool).is_ok());

  r1cs::ProvingAssignment from_matrices;
  from_matrices.input_assignment = classic.input_assignment;
  from_matrices.aux_assignment = classic.aux_assignment;
  const Status status = r1cs::evaluate_into_assignment(shape, from_matrices, pool);
  EXPECT_TRUE(status.is_ok()) << status.to_string();
  expect_same_assignment(from_matrices, classic);

  r1cs::WitnessConstraintSystem witness_only;
  synthesize(witness_only);
  r1cs::ProvingAssignment recorded_path;
  const Status assigned = r1cs::assign_from_witness(witness_only.witness(), shape, recorded_path, pool);
  EXPECT_TRUE(assigned.is_ok()) << assigned.to_string();
  expect_same_values(recorded_path.input_assignment, classic.input_assignment, "witness-only inputs");
  expect_same_values(recorded_path.aux_assignment, classic.aux_assignment, "witness-only aux");
  expect_same_assignment(recorded_path, classic);
  return shape;
}

}  // namespace cuzk::test
