// End to end: a synthetic 2 KiB WindowPoSt partition — shape recorded, INSECURE test setup,
// parallel synthesis, CPU prove, verify against the kind's public inputs; a tampered input fails.
#include <gtest/gtest.h>


#include "filecoin/post_config.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::filecoin {
namespace {

using ff::Fr;

TEST(PostProve, WindowPoSt2KiBProvesAndVerifies) {
  ThreadPool& pool = ThreadPool::shared();
  const PostConfig config = *post_config(PostKind::kWindow, 2048);
  Result<PostInstance> instance = synthetic_post_instance(config, 21, pool);
  ASSERT_TRUE(instance.is_ok());
  r1cs::ShapeRecorder recorder;
  ASSERT_TRUE(instance->circuit.synthesize(recorder).is_ok());
  const r1cs::R1csShape shape = std::move(recorder).finish(/*with_input_constraints=*/true);
  const groth16::ToxicWaste waste = groth16::ToxicWaste::from_seed(5);
  Result<groth16::ProvingKey> pk = groth16::insecure_test_setup(shape, waste, pool);
  ASSERT_TRUE(pk.is_ok()) << pk.status().to_string();
  Result<r1cs::ProvingAssignment> cs = synthesize_parallel(instance->circuit, pool);
  ASSERT_TRUE(cs.is_ok());
  cs->append_input_constraints();
  const r1cs::ProvingAssignment* circuits[1] = {&cs.value()};
  groth16::SystemBlinding blinding;
  Result<std::vector<groth16::Proof>> proofs = groth16::prove(*pk, circuits, blinding, pool);
  ASSERT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  const groth16::PreparedVerifyingKey pvk = groth16::PreparedVerifyingKey::from(pk->vk);
  EXPECT_TRUE(groth16::verify(pvk, proofs->at(0), instance->public_inputs).is_ok());
  std::vector<Fr> tampered = instance->public_inputs;
  tampered[1] += Fr::one();  // another leaf index
  EXPECT_FALSE(groth16::verify(pvk, proofs->at(0), tampered).is_ok());
}

}  // namespace
}  // namespace cuzk::filecoin
