// Poseidon gadget: neptune's constraint counts (311 / 377 / 505 for arity 2 / 4 / 8; 598 for
// 11), output equal to the native hash, a satisfied witness, and the fast path emitting
// exactly the reference circuit's variables, values and constraints.
#include <gtest/gtest.h>

#include <random>

#include "gadgets/poseidon.hpp"
#include "poseidon/permutation.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::gadgets {
namespace {

using ff::Fr;

struct Case {
  size_t arity;
  size_t constraints;
};

TEST(PoseidonGadget, NeptuneCountsAndNativeOutput) {
  std::mt19937_64 rng(11);
  for (const Case c : {Case{2, 311}, Case{4, 377}, Case{8, 505}, Case{11, 598}}) {
    r1cs::TestConstraintSystem cs;
    std::vector<Fr> values(c.arity);
    std::vector<AllocatedNum> preimage;
    for (auto& v : values) {
      v = Fr::random(rng);
      preimage.push_back(AllocatedNum::alloc(cs, v));
    }
    const AllocatedNum out = poseidon_hash(cs, preimage);
    EXPECT_EQ(cs.num_constraints(), c.constraints) << "arity " << c.arity;
    EXPECT_EQ(out.value, poseidon::poseidon_hash(values)) << "arity " << c.arity;
    EXPECT_EQ(cs.value(out.variable), out.value);
    EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
  }
}

bool same_matrix(const r1cs::SparseMatrix& x, const r1cs::SparseMatrix& y) {
  return x.row_offsets == y.row_offsets && x.columns == y.columns && x.values == y.values;
}

TEST(PoseidonGadget, FastPathEqualsReference) {
  std::mt19937_64 rng(12);
  for (const size_t arity : {2, 4, 8, 11}) {
    std::vector<Fr> values(arity);
    for (auto& v : values) v = Fr::random(rng);
    auto run = [&](bool fast, r1cs::ConstraintSystem& cs) {
      std::vector<AllocatedNum> preimage;
      for (const Fr& v : values) preimage.push_back(AllocatedNum::alloc(cs, v));
      return fast ? poseidon_hash(cs, preimage) : poseidon_hash_reference(cs, preimage);
    };
    r1cs::ShapeRecorder fast_shape, reference_shape;
    run(true, fast_shape);
    run(false, reference_shape);
    const r1cs::R1csShape f = std::move(fast_shape).finish(false), r = std::move(reference_shape).finish(false);
    EXPECT_EQ(f.num_aux, r.num_aux);
    EXPECT_TRUE(same_matrix(f.a, r.a) && same_matrix(f.b, r.b) && same_matrix(f.c, r.c)) << "arity " << arity;
    r1cs::TestConstraintSystem fast_cs, reference_cs;
    const AllocatedNum x = run(true, fast_cs), y = run(false, reference_cs);
    EXPECT_EQ(x.value, y.value);
    for (uint64_t i = 0; i < fast_cs.num_aux(); ++i) {
      const r1cs::Variable v{i, r1cs::VariableKind::kAux};
      ASSERT_EQ(fast_cs.value(v), reference_cs.value(v)) << "arity " << arity << " aux " << i;
    }
  }
}

TEST(PoseidonGadget, HandedOverEvaluationsEqualTheMatrices) {
  std::mt19937_64 rng(13);
  for (const size_t arity : {2, 4, 8, 11}) {
    std::vector<Fr> values(arity);
    for (auto& v : values) v = Fr::random(rng);
    auto run = [&](r1cs::ConstraintSystem& cs) {
      std::vector<AllocatedNum> preimage;
      for (const Fr& v : values) preimage.push_back(AllocatedNum::alloc(cs, v));
      poseidon_hash(cs, preimage);
    };
    r1cs::ProvingAssignment cs;
    r1cs::ShapeRecorder recorder;
    run(cs);
    run(recorder);
    const r1cs::R1csShape shape = std::move(recorder).finish(false);
    EXPECT_EQ(shape.a.multiply(cs.input_assignment, cs.aux_assignment), cs.a) << "arity " << arity;
    EXPECT_EQ(shape.b.multiply(cs.input_assignment, cs.aux_assignment), cs.b) << "arity " << arity;
    EXPECT_EQ(shape.c.multiply(cs.input_assignment, cs.aux_assignment), cs.c) << "arity " << arity;
    const r1cs::DensityBitmap a_density = shape.a.column_density(1, 1 + shape.num_aux);
    const r1cs::DensityBitmap b_density = shape.b.column_density(1, 1 + shape.num_aux);
    const r1cs::DensityBitmap b_inputs = shape.b.column_density(0, 1);
    for (size_t i = 0; i < shape.num_aux; ++i) {
      ASSERT_EQ(a_density.test(i), cs.a_aux_density.test(i));
      ASSERT_EQ(b_density.test(i), cs.b_aux_density.test(i));
    }
    EXPECT_EQ(b_inputs.test(0), cs.b_input_density.test(0));
  }
}

}  // namespace
}  // namespace cuzk::gadgets
