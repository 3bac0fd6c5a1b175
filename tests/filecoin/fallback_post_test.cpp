// Fallback PoSt circuit: rust-fil-proofs' fallback_circuit counts (64 × base-tree-count leaves,
// 5 challenges), public inputs, parallel synthesis identical to sequential, and malformed
// witnesses rejected with a Status.
#include <gtest/gtest.h>

#include <random>

#include "filecoin/fallback_post.hpp"
#include "poseidon/permutation.hpp"
#include "r1cs/shape.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;

FallbackPoStCircuit make_circuit(const TreeShape& shape, size_t sectors, size_t challenges, uint64_t seed) {
  const uint64_t leaves = 64 * shape.base_tree_count();
  std::mt19937_64 rng(seed);
  std::vector<SectorWitness> witnesses;
  for (size_t s = 0; s < sectors; ++s) {
    Result<SparseTree> tree = SparseTree::create(shape, leaves, Fr::random(rng));
    EXPECT_TRUE(tree.is_ok());
    SectorWitness w;
    for (size_t i = 0; i < challenges; ++i) {
      w.challenges.push_back(rng() % leaves);
      tree->set_leaf(w.challenges.back(), Fr::random(rng));
    }
    w.comm_c = Fr::random(rng);
    w.comm_r_last = tree->root();
    const Fr preimage[2] = {w.comm_c, w.comm_r_last};
    w.comm_r = poseidon::poseidon_hash(preimage);
    for (const uint64_t c : w.challenges) {
      w.leaves.push_back(tree->leaf(c));
      w.paths.push_back(tree->path(c));
    }
    witnesses.push_back(std::move(w));
  }
  return FallbackPoStCircuit(shape, leaves, std::move(witnesses));
}

struct Case {
  TreeShape shape;
  size_t sectors;
  size_t inputs;
  size_t constraints;
};

TEST(FallbackPoSt, CountsMatchRustFilProofs) {
  const Case cases[] = {
      {{TreeHasher::kPoseidon, 8, 0, 0}, 3, 19, 16869},
      {{TreeHasher::kPoseidon, 8, 0, 0}, 2, 13, 11246},
      {{TreeHasher::kPoseidon, 8, 4, 0}, 3, 19, 22674},
      {{TreeHasher::kPoseidon, 8, 4, 2}, 3, 19, 27384},
  };
  for (const Case& c : cases) {
    const FallbackPoStCircuit circuit = make_circuit(c.shape, c.sectors, 5, c.constraints);
    r1cs::TestConstraintSystem cs;
    ASSERT_TRUE(circuit.synthesize(cs).is_ok());
    EXPECT_EQ(cs.num_inputs(), c.inputs) << c.shape.to_string();
    EXPECT_EQ(cs.num_constraints(), c.constraints) << c.shape.to_string();
    EXPECT_TRUE(cs.is_satisfied()) << *cs.which_is_unsatisfied();
    const std::vector<Fr> inputs = circuit.public_inputs();
    ASSERT_EQ(inputs.size() + 1, cs.num_inputs());
    for (size_t i = 0; i < inputs.size(); ++i) EXPECT_EQ(cs.value({i + 1, r1cs::VariableKind::kInput}), inputs[i]);
  }
}

TEST(FallbackPoSt, ParallelSynthesisEqualsSequential) {
  const FallbackPoStCircuit circuit = make_circuit({TreeHasher::kPoseidon, 8, 2, 0}, 5, 3, 99);
  r1cs::ProvingAssignment sequential;
  ASSERT_TRUE(circuit.synthesize(sequential).is_ok());
  ThreadPool pool(3);
  Result<r1cs::ProvingAssignment> parallel = synthesize_parallel(circuit, pool, 3);
  ASSERT_TRUE(parallel.is_ok());
  EXPECT_EQ(parallel->a, sequential.a);
  EXPECT_EQ(parallel->b, sequential.b);
  EXPECT_EQ(parallel->c, sequential.c);
  EXPECT_EQ(parallel->input_assignment, sequential.input_assignment);
  EXPECT_EQ(parallel->aux_assignment, sequential.aux_assignment);
  auto same_bits = [](const r1cs::DensityBitmap& x, const r1cs::DensityBitmap& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (x.test(i) != y.test(i)) return false;
    }
    return true;
  };
  EXPECT_TRUE(same_bits(parallel->a_aux_density, sequential.a_aux_density));
  EXPECT_TRUE(same_bits(parallel->b_aux_density, sequential.b_aux_density));
  EXPECT_TRUE(same_bits(parallel->b_input_density, sequential.b_input_density));
  for (size_t i = 0; i < sequential.a.size(); ++i) ASSERT_EQ(sequential.a[i] * sequential.b[i], sequential.c[i]);
}

TEST(FallbackPoSt, ParallelAssignmentEqualsTheRecordedMatrices) {
  const FallbackPoStCircuit circuit = make_circuit({TreeHasher::kPoseidon, 8, 4, 0}, 4, 2, 7);
  r1cs::ShapeRecorder recorder;
  ASSERT_TRUE(circuit.synthesize(recorder).is_ok());
  const r1cs::R1csShape shape = std::move(recorder).finish(/*with_input_constraints=*/false);
  ThreadPool pool(2);
  Result<r1cs::ProvingAssignment> cs = synthesize_parallel(circuit, pool, 2);
  ASSERT_TRUE(cs.is_ok());
  EXPECT_EQ(shape.a.multiply(cs->input_assignment, cs->aux_assignment), cs->a);
  EXPECT_EQ(shape.b.multiply(cs->input_assignment, cs->aux_assignment), cs->b);
  EXPECT_EQ(shape.c.multiply(cs->input_assignment, cs->aux_assignment), cs->c);
  const r1cs::DensityBitmap a_aux = shape.a.column_density(shape.num_inputs, shape.num_variables());
  const r1cs::DensityBitmap b_aux = shape.b.column_density(shape.num_inputs, shape.num_variables());
  const r1cs::DensityBitmap b_inputs = shape.b.column_density(0, shape.num_inputs);
  for (size_t i = 0; i < shape.num_aux; ++i) {
    ASSERT_EQ(a_aux.test(i), cs->a_aux_density.test(i)) << "aux " << i;
    ASSERT_EQ(b_aux.test(i), cs->b_aux_density.test(i)) << "aux " << i;
  }
  for (size_t i = 0; i < shape.num_inputs; ++i) ASSERT_EQ(b_inputs.test(i), cs->b_input_density.test(i));
}

TEST(FallbackPoSt, MalformedWitnessIsAnError) {
  FallbackPoStCircuit circuit = make_circuit({TreeHasher::kPoseidon, 8, 0, 0}, 2, 2, 5);
  std::vector<SectorWitness> sectors = circuit.sectors();
  sectors[1].leaves.pop_back();
  r1cs::TestConstraintSystem cs;
  const Status status = FallbackPoStCircuit(circuit.shape(), circuit.leaves(), sectors).synthesize(cs);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("sector 1"), std::string::npos) << status.message();
  sectors = circuit.sectors();
  sectors[0].paths[0].levels.pop_back();
  EXPECT_EQ(FallbackPoStCircuit(circuit.shape(), circuit.leaves(), sectors).synthesize(cs).code(),
            StatusCode::kInvalidArgument);
  ThreadPool pool(2);
  EXPECT_FALSE(synthesize_parallel(FallbackPoStCircuit(circuit.shape(), circuit.leaves(), sectors), pool).is_ok());
}

}  // namespace
}  // namespace cuzk::filecoin
