// GPU product of recorded constraint matrices == the CPU product (r1cs/compact_spmv, itself
// tested against classic synthesis): the synthetic circuit and an edge-valued circuit (escape
// codes, empty rows, inputs between aux variables, zero values), every row of the domain-sized
// outputs written (constraints, bellperson's input rows, zero padding); wrong sizes refused.
#include "backend/cuda/compact_matrices_gpu.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "backend/cuda/device_stream.hpp"
#include "circuits/synthetic.hpp"
#include "gpu_test_util.hpp"
#include "r1cs/compact_spmv.hpp"
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

class GpuCompactSpmvTest : public GpuTest {
 protected:
  void expect_gpu_equals_cpu(const r1cs::Circuit& circuit) {
    r1cs::ProvingAssignment classic;
    ASSERT_TRUE(circuit.synthesize(classic).is_ok());
    r1cs::CompactRecorder recorder;
    ASSERT_TRUE(circuit.synthesize(recorder).is_ok());
    const r1cs::CompactR1cs shape = std::move(recorder).finish();
    ThreadPool pool(2);
    r1cs::ProvingAssignment expected;
    expected.input_assignment = classic.input_assignment;
    expected.aux_assignment = classic.aux_assignment;
    ASSERT_TRUE(r1cs::evaluate_into_assignment(shape, expected, pool).is_ok());
    expected.append_input_constraints();
    const size_t rows = expected.a.size();
    const size_t n = std::bit_ceil(rows + 5);
    for (std::vector<Fr>* v : {&expected.a, &expected.b, &expected.c}) v->resize(n);

    Result<GpuCompactR1cs> resident = GpuCompactR1cs::upload(shape);
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
                                             abc.subspan(n, n), abc.subspan(2 * n, n), stream->handle());
    ASSERT_TRUE(status.is_ok()) << status.to_string();
    ASSERT_TRUE(stream->synchronize().is_ok());
    std::vector<Fr> got(3 * n);
    ASSERT_TRUE(d_abc->download(got).is_ok());
    for (size_t k = 0; k < 3; ++k) {
      const std::vector<Fr>& want = k == 0 ? expected.a : k == 1 ? expected.b : expected.c;
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[k * n + i], want[i]) << "matrix " << k << " row " << i;
    }

    const Status refused = resident->evaluate(DeviceSpan<const Fr>(d_w->span()).first(w.size() - 1),
                                              abc.subspan(0, n), abc.subspan(n, n), abc.subspan(2 * n, n),
                                              stream->handle());
    EXPECT_EQ(refused.code(), StatusCode::kInvalidArgument);
  }
};

TEST_F(GpuCompactSpmvTest, SyntheticCircuit) { expect_gpu_equals_cpu(circuits::SyntheticCircuit(20000, 3)); }

TEST_F(GpuCompactSpmvTest, EdgeValuedCircuit) { expect_gpu_equals_cpu(EdgeCircuit()); }

}  // namespace
}  // namespace cuzk::backend::cuda
