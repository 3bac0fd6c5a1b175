// GPU product of recorded constraint matrices == the CPU product (r1cs/recorded_spmv, itself
// tested against classic synthesis): the synthetic circuit, an edge-valued circuit (escape
// codes, empty rows, inputs between aux variables, zero values), and circuits of chosen row
// shapes for the kernel's batches and staging (runs of empty rows over whole chunks, rows of
// 300 bit terms — longer than a warp and a batch — whose warp's bytes overflow its shared
// staging next to warps that fit, a last chunk of 1 or 8 rows, a single row); every row of the
// domain-sized outputs written (constraints, bellperson's input rows, zero padding); wrong
// sizes refused.
#include "backend/cuda/witness/recorded_matrices_gpu.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "backend/cuda/runtime/device_stream.hpp"
#include "circuits/synthetic.hpp"
#include "gpu_test_util.hpp"
#include "r1cs/recorded_spmv.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;

// Constraints with many distinct coefficients over values that are often 0 or 1.
class EdgeCircuit final : public r1cs::Circuit {
 public:
  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    std::mt19937_64 rng(17);
    std::vector<r1cs::Variable> vars{r1cs::Variable::one()};
    for (size_t i = 0; i < 3000; ++i) {
      const uint64_t kind = rng() % 4;
      const Fr value = kind == 0 ? Fr::zero() : kind == 1 ? Fr::one() : Fr::random(rng);
      vars.push_back(i % 97 == 0 ? cs.alloc_input(value) : cs.alloc(value));
      r1cs::LinearCombination a, b, c;
      for (size_t t = 0; t < rng() % 5; ++t) a.add(vars[rng() % vars.size()], Fr::from_u64(rng() % 300));
      if (rng() % 3 != 0) b.add(vars.back(), rng() % 2 ? Fr::one() : -Fr::one());
      c.add(vars[rng() % vars.size()], Fr::random(rng));
      cs.enforce(a, b, c);
    }
    return Status::ok();
  }
};

// `constraints` rows: short rows of 1-3 terms; rows 40-109 empty (chunk 1's tail, chunk 2, chunk
// 3's head); row 5 and rows 1100-1163 packing-like, Σ 2^i·b_i over 300 bits (values 0 and 1,
// escaped codes), the latter 38 KB in warp 1's chunks (> its staging).
class RowShapeCircuit final : public r1cs::Circuit {
 public:
  explicit RowShapeCircuit(size_t constraints) : constraints_(constraints) {}
  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    std::mt19937_64 rng(constraints_);
    std::vector<r1cs::Variable> inputs{r1cs::Variable::one()}, bits, values;
    for (size_t i = 0; i < 2; ++i) inputs.push_back(cs.alloc_input(Fr::random(rng)));
    for (size_t i = 0; i < 300; ++i) bits.push_back(cs.alloc(rng() % 2 ? Fr::one() : Fr::zero()));
    for (size_t i = 0; i < 50; ++i) values.push_back(cs.alloc(i % 5 == 0 ? Fr::zero() : Fr::random(rng)));
    for (size_t row = 0; row < constraints_; ++row) {
      r1cs::LinearCombination a, b, c;
      if (row == 5 || (row >= 1100 && row < 1164)) {
        Fr power = Fr::one();
        for (const r1cs::Variable bit : bits) {
          a.add(bit, power);
          power = power + power;
        }
        b.add(inputs[0], Fr::one());
        c.add(values[rng() % values.size()], -Fr::one());
      } else if (row < 40 || row >= 110) {
        for (size_t t = 0; t < 1 + rng() % 3; ++t) {
          const r1cs::Variable v = rng() % 4 == 0 ? inputs[rng() % inputs.size()] : values[rng() % values.size()];
          a.add(v, Fr::from_u64(rng() % 5));
        }
        b.add(bits[rng() % bits.size()], Fr::from_u64(1 + rng() % 3));
        if (rng() % 2 != 0) c.add(values[rng() % values.size()], Fr::random(rng));
      }
      cs.enforce(a, b, c);
    }
    return Status::ok();
  }

 private:
  size_t constraints_;
};

class GpuRecordedSpmvTest : public GpuTest {
 protected:
  void expect_gpu_equals_cpu(const r1cs::Circuit& circuit) {
    r1cs::ProvingAssignment classic;
    ASSERT_TRUE(circuit.synthesize(classic).is_ok());
    r1cs::MatricesRecorder recorder;
    ASSERT_TRUE(circuit.synthesize(recorder).is_ok());
    const r1cs::RecordedMatrices shape = std::move(recorder).finish();
    ThreadPool pool(2);
    r1cs::ProvingAssignment expected;
    expected.input_assignment = classic.input_assignment;
    expected.aux_assignment = classic.aux_assignment;
    ASSERT_TRUE(r1cs::evaluate_into_assignment(shape, expected, pool).is_ok());
    expected.append_input_constraints();
    const size_t rows = expected.a.size();
    const size_t n = std::bit_ceil(rows + 5);
    for (std::vector<Fr>* v : {&expected.a, &expected.b, &expected.c}) v->resize(n);

    Result<GpuRecordedMatrices> resident = GpuRecordedMatrices::upload(shape);
    ASSERT_TRUE(resident.is_ok()) << resident.status().to_string();
    EXPECT_EQ(resident->device_bytes(), shape.matrix_bytes());
    std::vector<Fr> w = classic.input_assignment;
    w.insert(w.end(), classic.aux_assignment.begin(), classic.aux_assignment.end());
    Result<DeviceArray<Fr>> d_w = DeviceArray<Fr>::allocate(w.size());
    Result<DeviceArray<Fr>> d_abc = DeviceArray<Fr>::allocate(3 * n);
    ASSERT_TRUE(d_w.is_ok() && d_abc.is_ok());
    ASSERT_TRUE(d_w->upload(w).is_ok());
    ASSERT_TRUE(d_abc->fill_bytes(0xa5).is_ok());  // every row must be written
    Result<DeviceStream> stream = DeviceStream::create();
    ASSERT_TRUE(stream.is_ok());
    const DeviceSpan<Fr> abc = d_abc->span();
    const Status status = resident->evaluate(DeviceSpan<const Fr>(d_w->span()), abc.subspan(0, n),
                                             abc.subspan(n, n), abc.subspan(2 * n, n), true, stream->handle());
    ASSERT_TRUE(status.is_ok()) << status.to_string();
    ASSERT_TRUE(stream->synchronize().is_ok());
    std::vector<Fr> got(3 * n);
    ASSERT_TRUE(d_abc->download(got).is_ok());
    for (size_t k = 0; k < 3; ++k) {
      const std::vector<Fr>& want = k == 0 ? expected.a : k == 1 ? expected.b : expected.c;
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[k * n + i], want[i]) << "matrix " << k << " row " << i;
    }

    const Status refused = resident->evaluate(DeviceSpan<const Fr>(d_w->span()).first(w.size() - 1),
                                              abc.subspan(0, n), abc.subspan(n, n), abc.subspan(2 * n, n), true,
                                              stream->handle());
    EXPECT_EQ(refused.code(), StatusCode::kInvalidArgument);
  }
};

TEST_F(GpuRecordedSpmvTest, SyntheticCircuit) { expect_gpu_equals_cpu(circuits::SyntheticCircuit(20000, 3)); }

TEST_F(GpuRecordedSpmvTest, EdgeValuedCircuit) { expect_gpu_equals_cpu(EdgeCircuit()); }

TEST_F(GpuRecordedSpmvTest, RowShapes) {
  // one row; one warp of 32 chunks, the last of 8 rows; two warps, the second unstaged, its
  // last chunk of 1 row
  for (const size_t constraints : {size_t{1}, size_t{1000}, size_t{2017}}) {
    SCOPED_TRACE(constraints);
    expect_gpu_equals_cpu(RowShapeCircuit(constraints));
  }
}

}  // namespace
}  // namespace cuzk::backend::cuda
