// Constraint systems: bellperson's density rules, input constraints, named unsatisfied
// constraints, and recorded matrices that reproduce the proving assignment's evaluations.
#include <gtest/gtest.h>

#include "groth16/demo_circuit.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::r1cs {
namespace {

using ff::Fr;

TEST(ProvingAssignment, DensitiesFollowBellperson) {
  ProvingAssignment cs;
  const Variable x = cs.alloc_input(Fr::from_u64(3));  // input 1
  const Variable a = cs.alloc(Fr::from_u64(2));        // aux 0: A only
  const Variable b = cs.alloc(Fr::from_u64(3));        // aux 1: B only
  const Variable c = cs.alloc(Fr::from_u64(6));        // aux 2: C only
  cs.enforce(a, b, c);
  cs.enforce(LinearCombination().add(a, Fr::zero()), x, {});  // zero coefficient still counts
  EXPECT_TRUE(cs.a_aux_density.test(0));
  EXPECT_FALSE(cs.a_aux_density.test(1));
  EXPECT_FALSE(cs.a_aux_density.test(2));
  EXPECT_TRUE(cs.b_aux_density.test(1));
  EXPECT_FALSE(cs.b_aux_density.test(0));
  EXPECT_TRUE(cs.b_input_density.test(1));
  EXPECT_FALSE(cs.b_input_density.test(0));
  EXPECT_EQ(cs.a[0], Fr::from_u64(2));
  EXPECT_EQ(cs.b[0], Fr::from_u64(3));
  EXPECT_EQ(cs.c[0], Fr::from_u64(6));
  cs.append_input_constraints();
  ASSERT_EQ(cs.a.size(), 4u);  // two constraints + one per input (ONE and x)
  EXPECT_EQ(cs.a[2], Fr::one());
  EXPECT_EQ(cs.a[3], Fr::from_u64(3));
  EXPECT_TRUE(cs.b[3].is_zero());
  EXPECT_TRUE(cs.input_constraints_appended());
}

TEST(TestConstraintSystem, NamesTheFirstUnsatisfiedConstraint) {
  TestConstraintSystem cs;
  const Variable a = cs.alloc(Fr::from_u64(2));
  {
    Namespace ns(cs, "square");
    const Variable sq = cs.alloc(Fr::from_u64(5));  // wrong: 2·2 ≠ 5
    cs.enforce(a, a, sq);
  }
  EXPECT_FALSE(cs.is_satisfied());
  EXPECT_EQ(cs.which_is_unsatisfied(), "square/constraint 0");
}

TEST(ShapeRecorder, MatricesReproduceTheAssignment) {
  test::DemoCircuit circuit({true, false, true}, 7, 5);
  ShapeRecorder recorder;
  ASSERT_TRUE(circuit.synthesize(recorder).is_ok());
  const R1csShape shape = std::move(recorder).finish(true);
  ProvingAssignment cs;
  ASSERT_TRUE(circuit.synthesize(cs).is_ok());
  cs.append_input_constraints();
  ASSERT_EQ(shape.num_constraints(), cs.a.size());
  EXPECT_EQ(shape.num_inputs, cs.input_assignment.size());
  EXPECT_EQ(shape.num_aux, cs.aux_assignment.size());
  EXPECT_EQ(shape.a.multiply(cs.input_assignment, cs.aux_assignment), cs.a);
  EXPECT_EQ(shape.b.multiply(cs.input_assignment, cs.aux_assignment), cs.b);
  EXPECT_EQ(shape.c.multiply(cs.input_assignment, cs.aux_assignment), cs.c);
  const DensityBitmap a_aux = shape.a.column_density(shape.num_inputs, shape.num_variables());
  for (size_t i = 0; i < shape.num_aux; ++i) EXPECT_EQ(a_aux.test(i), cs.a_aux_density.test(i)) << i;
}

}  // namespace
}  // namespace cuzk::r1cs
