// Recorded constraint matrices in compact form: random circuits with edge values (empty rows,
// duplicate variables, coefficients 0, 1, −1, p − 1 and random ones far past the inline
// codes, inputs allocated between aux variables, ONE in every matrix) and the synthetic
// circuit give a, b, c and densities bit-identical to classic synthesis; the form made from a
// ShapeRecorder's CSR is byte for byte the recorder's; the whole recorded path (witness-only
// synthesis plus the product) too; wrong witness sizes, a shape of another circuit and
// malformed streams are refused.
#include <gtest/gtest.h>

#include <random>

#include "circuits/synthetic.hpp"
#include "r1cs/recorded_synthesis.hpp"
#include "r1cs/shape.hpp"
#include "support/recorded_matrices_check.hpp"

namespace cuzk::r1cs {
namespace {

using ff::Fr;

// A random R1CS (not satisfied: a, b, c need not be) over edge-valued variables.
class RandomCircuit final : public Circuit {
 public:
  RandomCircuit(size_t constraints, uint64_t seed) : constraints_(constraints), seed_(seed) {}

  Status synthesize(ConstraintSystem& cs) const override {
    std::mt19937_64 rng(seed_);
    const Fr edge_values[] = {Fr::zero(), Fr::one(), -Fr::one(), Fr::from_u64(2), Fr::random(rng)};
    auto pick_value = [&] { return rng() % 3 == 0 ? Fr::random(rng) : edge_values[rng() % 5]; };
    std::vector<Variable> vars{Variable::one()};
    for (size_t i = 0; i < 8; ++i) vars.push_back(cs.alloc(pick_value()));
    std::vector<Fr> coefficients = {Fr::zero(), Fr::one(), -Fr::one(), Fr::from_u64(2), -Fr::from_u64(4)};
    for (size_t i = 0; i < 40; ++i) coefficients.push_back(Fr::random(rng));  // escape codes
    auto random_lc = [&] {
      LinearCombination lc;
      const size_t terms = rng() % 5 == 0 ? 0 : 1 + rng() % 6;
      for (size_t t = 0; t < terms; ++t) {
        const Variable v = rng() % 4 == 0 ? vars[rng() % vars.size()] : vars[vars.size() - 1 - rng() % 3];
        lc.add(v, coefficients[rng() % coefficients.size()]);
        if (rng() % 8 == 0) lc.add(v, coefficients[rng() % coefficients.size()]);  // duplicate variable
      }
      return lc;
    };
    for (size_t i = 0; i < constraints_; ++i) {
      if (rng() % 16 == 0) vars.push_back(cs.alloc_input(pick_value()));
      vars.push_back(cs.alloc(pick_value()));
      if (rng() % 50 == 0) {
        cs.enforce({}, {}, {});  // an empty row
      } else {
        cs.enforce(random_lc(), random_lc(), random_lc());
      }
    }
    return Status::ok();
  }

 private:
  size_t constraints_;
  uint64_t seed_;
};

void synthesize_or_fail(const Circuit& circuit, ConstraintSystem& cs) {
  const Status status = circuit.synthesize(cs);
  ASSERT_TRUE(status.is_ok()) << status.to_string();
}

TEST(RecordedMatrixEncoding, RandomCircuitsWithEdgeValuesReproduceClassicSynthesis) {
  ThreadPool pool(2);
  for (const size_t constraints : {0, 1, 31, 32, 33, 1000}) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE("constraints " + std::to_string(constraints) + " seed " + std::to_string(seed));
      const RandomCircuit circuit(constraints, seed);
      const RecordedMatrices shape =
          test::expect_recorded_matrices_reproduce([&](ConstraintSystem& cs) { synthesize_or_fail(circuit, cs); }, pool);
      EXPECT_EQ(shape.num_constraints, constraints);
      if (constraints == 1000) {
        EXPECT_GT(shape.coefficients.size(), compact::kEscapeCode);
      }
    }
  }
}

TEST(RecordedMatrixEncoding, SyntheticCircuitReproducesClassicSynthesis) {
  ThreadPool pool(2);
  const circuits::SyntheticCircuit circuit(4099, 7);
  const RecordedMatrices shape =
      test::expect_recorded_matrices_reproduce([&](ConstraintSystem& cs) { synthesize_or_fail(circuit, cs); }, pool);
  // Each term of this circuit is a small delta with an inline code: one byte, plus one per row.
  EXPECT_LE(shape.a.bytes.size(), shape.a.terms + shape.a.rows + shape.a.chunks() * 4);
}

TEST(RecordedMatrixEncoding, FromShapeIsTheRecordersForm) {
  const RandomCircuit circuit(500, 9);
  ShapeRecorder shape_recorder;
  synthesize_or_fail(circuit, shape_recorder);
  MatricesRecorder recorder;
  synthesize_or_fail(circuit, recorder);
  const RecordedMatrices recorded = std::move(recorder).finish();
  const RecordedMatrices converted = matrices_from_shape(std::move(shape_recorder).finish(false));
  EXPECT_EQ(converted.a.bytes, recorded.a.bytes);
  EXPECT_EQ(converted.b.bytes, recorded.b.bytes);
  EXPECT_EQ(converted.c.bytes, recorded.c.bytes);
  EXPECT_EQ(converted.a.chunk_offsets, recorded.a.chunk_offsets);
  EXPECT_EQ(converted.coefficients, recorded.coefficients);
  EXPECT_EQ(converted.host_bytes(), recorded.host_bytes());
  test::expect_same_density(converted.b_aux_density, recorded.b_aux_density, "B aux density");
}

TEST(RecordedMatrixEncoding, RefusesWitnessesOfAnotherSize) {
  ThreadPool pool(1);
  MatricesRecorder recorder;
  synthesize_or_fail(RandomCircuit(10, 1), recorder);
  const RecordedMatrices shape = std::move(recorder).finish();
  ProvingAssignment cs;  // ONE only, no aux
  const Status status = evaluate_into_assignment(shape, cs, pool);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("10 constraints"), std::string::npos) << status.message();
}

TEST(RecordedMatrixEncoding, RecordedSynthesisRefusesAShapeOfAnotherCircuit) {
  ThreadPool pool(1);
  MatricesRecorder recorder;
  synthesize_or_fail(RandomCircuit(10, 1), recorder);
  const RecordedMatrices shape = std::move(recorder).finish();
  ProvingAssignment cs;
  const Status status = synthesize_with_recorded_matrices(RandomCircuit(11, 1), shape, cs, pool);
  EXPECT_EQ(status.code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(status.message().find("recorded from another circuit"), std::string::npos) << status.message();
  EXPECT_TRUE(synthesize_with_recorded_matrices(RandomCircuit(10, 1), shape, cs, pool).is_ok());
}

TEST(RecordedMatrixEncoding, ValidateNamesMalformedChunks) {
  ThreadPool pool(2);
  MatricesRecorder recorder;
  synthesize_or_fail(RandomCircuit(100, 4), recorder);
  const RecordedMatrices good = std::move(recorder).finish();
  ASSERT_TRUE(validate_matrices(good, pool).is_ok());

  RecordedMatrices unterminated = good;  // a varint running past its chunk
  unterminated.b.bytes[unterminated.b.chunk_offsets[2] - 1] |= 0x80;
  Status s = validate_matrices(unterminated, pool);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("matrix B chunk 1"), std::string::npos) << s.message();

  RecordedMatrices outside = good;  // a variable past the witness
  outside.num_aux = 1;
  outside.a_aux_density = outside.b_aux_density = DensityBitmap();
  outside.a_aux_density.push(false);
  outside.b_aux_density.push(false);
  s = validate_matrices(outside, pool);
  EXPECT_NE(s.message().find("outside the witness"), std::string::npos) << s.message();

  RecordedMatrices short_dictionary = good;
  short_dictionary.coefficients.resize(2);
  s = validate_matrices(short_dictionary, pool);
  EXPECT_NE(s.message().find("outside the dictionary"), std::string::npos) << s.message();

  RecordedMatrices bad_offsets = good;
  bad_offsets.c.chunk_offsets.pop_back();
  EXPECT_EQ(validate_matrices(bad_offsets, pool).code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk::r1cs
