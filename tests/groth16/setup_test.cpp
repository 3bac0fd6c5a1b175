// The test setup's two QAP paths agree: the streamed one (insecure_circuit_setup, QapEvaluator
// folding constraints during synthesis) makes the same key as the recorded-matrix one
// (insecure_test_setup) for the same toxic waste, on circuits with several inputs, density
// gaps and sizes that are and are not powers of two. L_j(τ) matches its product formula, and
// bad input gets a clear error: too many rows, a circuit that changes between passes, τ in
// the domain, zero toxic waste. A requested stop ends the setup early with CANCELLED.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "circuits/synthetic.hpp"
#include "groth16/demo_circuit.hpp"
#include "groth16/qap_evaluator.hpp"
#include "groth16/setup.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;

ProvingKey recorded_setup(const r1cs::Circuit& circuit, const ToxicWaste& waste) {
  r1cs::ShapeRecorder recorder;
  EXPECT_TRUE(circuit.synthesize(recorder).is_ok());
  auto pk = insecure_test_setup(std::move(recorder).finish(true), waste, ThreadPool::shared());
  EXPECT_TRUE(pk.is_ok()) << pk.status().to_string();
  return std::move(pk).value();
}

void expect_same_key(const ProvingKey& x, const ProvingKey& y) {
  EXPECT_EQ(x.vk.alpha_g1, y.vk.alpha_g1);
  EXPECT_EQ(x.vk.beta_g1, y.vk.beta_g1);
  EXPECT_EQ(x.vk.beta_g2, y.vk.beta_g2);
  EXPECT_EQ(x.vk.gamma_g2, y.vk.gamma_g2);
  EXPECT_EQ(x.vk.delta_g1, y.vk.delta_g1);
  EXPECT_EQ(x.vk.delta_g2, y.vk.delta_g2);
  EXPECT_EQ(x.vk.ic, y.vk.ic);
  EXPECT_EQ(x.h, y.h);
  EXPECT_EQ(x.l, y.l);
  EXPECT_EQ(x.a, y.a);
  EXPECT_EQ(x.b_g1, y.b_g1);
  EXPECT_EQ(x.b_g2, y.b_g2);
}

TEST(SetupTest, StreamedQapMakesTheRecordedKey) {
  const test::DemoCircuit demo({true, false, true, true}, 5, 6);
  const circuits::SyntheticCircuit synthetic_pow2(64, 3), synthetic_odd(37, 4);
  uint64_t seed = 11;
  for (const r1cs::Circuit* circuit : std::initializer_list<const r1cs::Circuit*>{&demo, &synthetic_pow2, &synthetic_odd}) {
    const ToxicWaste waste = ToxicWaste::from_seed(seed++);
    auto streamed = insecure_circuit_setup(*circuit, waste, ThreadPool::shared());
    ASSERT_TRUE(streamed.is_ok()) << streamed.status().to_string();
    expect_same_key(*streamed, recorded_setup(*circuit, waste));
  }
}

TEST(SetupTest, SeededSetupIsDeterministic) {
  const circuits::SyntheticCircuit circuit(20, 1);
  auto x = insecure_circuit_setup(circuit, uint64_t{5}, ThreadPool::shared());
  auto y = insecure_circuit_setup(circuit, ToxicWaste::from_seed(5), ThreadPool::shared());
  ASSERT_TRUE(x.is_ok() && y.is_ok());
  expect_same_key(*x, *y);
}

TEST(SetupTest, LagrangeValuesMatchTheProductFormula) {
  auto domain = ntt::Domain::create(8);
  ASSERT_TRUE(domain.is_ok());
  std::mt19937_64 rng(2);
  const Fr tau = Fr::random(rng);
  const LagrangeAtTau basis(*domain, tau);
  std::vector<Fr> values(5);
  basis.fill(3, values);  // rows 3..7
  Fr sum_all;
  std::vector<Fr> first(3);
  basis.fill(0, first);
  for (const Fr& v : first) sum_all += v;
  for (size_t k = 0; k < values.size(); ++k) {
    const size_t row = 3 + k;
    const Fr w_row = domain->omega().pow(ff::Limbs<1>{row});
    Fr expected = Fr::one();
    for (size_t j = 0; j < 8; ++j) {
      if (j == row) continue;
      const Fr w_j = domain->omega().pow(ff::Limbs<1>{j});
      expected *= (tau - w_j) * (w_row - w_j).inverse();
    }
    EXPECT_EQ(values[k], expected) << "row " << row;
    sum_all += values[k];
  }
  EXPECT_EQ(sum_all, Fr::one());  // Σ_j L_j(τ) = 1
}

TEST(SetupTest, TooManyRowsForTheDomainIsAnError) {
  auto domain = ntt::Domain::create(4);
  ASSERT_TRUE(domain.is_ok());
  QapEvaluator evaluator(*domain, Fr::from_u64(12345));
  const r1cs::Variable x = evaluator.alloc(Fr::zero());
  for (int i = 0; i < 4; ++i) evaluator.enforce(x, x, x);
  auto qap = std::move(evaluator).finish(true);  // + the ONE input constraint = 5 rows
  ASSERT_FALSE(qap.is_ok());
  EXPECT_EQ(qap.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(qap.status().message().find("exceed the domain"), std::string::npos) << qap.status().message();
}

// Enforces one more constraint on every synthesis pass.
class GrowingCircuit final : public r1cs::Circuit {
 public:
  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    const r1cs::Variable x = cs.alloc(Fr::one());
    for (size_t i = 0; i <= passes_; ++i) cs.enforce(x, x, x);
    ++passes_;
    return Status::ok();
  }

 private:
  mutable size_t passes_ = 0;
};

TEST(SetupTest, CircuitThatChangesBetweenPassesIsAnError) {
  auto pk = insecure_circuit_setup(GrowingCircuit(), uint64_t{1}, ThreadPool::shared());
  ASSERT_FALSE(pk.is_ok());
  EXPECT_NE(pk.status().message().find("different shape"), std::string::npos) << pk.status().message();
}

TEST(SetupTest, BadToxicWasteIsAnError) {
  const circuits::SyntheticCircuit circuit(8, 1);
  ToxicWaste waste = ToxicWaste::from_seed(1);
  waste.tau = Fr::one();  // ω^0: in every domain
  auto in_domain = insecure_circuit_setup(circuit, waste, ThreadPool::shared());
  ASSERT_FALSE(in_domain.is_ok());
  EXPECT_NE(in_domain.status().message().find("domain"), std::string::npos);
  waste = ToxicWaste::from_seed(1);
  waste.delta = Fr::zero();
  auto zero = insecure_circuit_setup(circuit, waste, ThreadPool::shared());
  ASSERT_FALSE(zero.is_ok());
  EXPECT_NE(zero.status().message().find("non-zero"), std::string::npos);
}

TEST(SetupTest, AStopRequestedBeforehandCancelsTheSetup) {
  std::stop_source stop;
  stop.request_stop();
  auto pk = insecure_circuit_setup(circuits::SyntheticCircuit(64, 1), uint64_t{1}, ThreadPool::shared(), nullptr,
                                   stop.get_token());
  EXPECT_EQ(pk.status().code(), StatusCode::kCancelled) << pk.status().to_string();
}

// The host multiplier's loops look at the token every few thousand points: a stop requested
// while 2^18 G2 points are being made ends the call long before they all are.
TEST(SetupTest, AStopRequestedMidwayEndsTheMultiplierEarly) {
  std::stop_source stop;
  HostGeneratorMultiplier multiplier(ThreadPool::shared(), stop.get_token());
  const std::vector<Fr> scalars(size_t{1} << 18, Fr::from_u64(12345));
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop.request_stop();
  });
  const auto start = std::chrono::steady_clock::now();
  auto points = multiplier.g2(scalars);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  stopper.join();
  EXPECT_EQ(points.status().code(), StatusCode::kCancelled);
  EXPECT_LT(elapsed, std::chrono::seconds(3));  // all of them take many seconds
}

}  // namespace
}  // namespace cuzk::groth16
