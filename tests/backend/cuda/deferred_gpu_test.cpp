// Deferred assignments on the GPU (a packed witness and recorded matrices, the product on the
// device): for the same key, circuits and (r, s), the proofs are bit-identical to the CPU
// prover's over classic synthesis, alone and in batches mixed with whole assignments, at sizes
// that are and are not powers of two, for the XOR demo (inputs beside aux) and the synthetic
// circuit (field values among the bits); the matrices stay resident while their shape lives and
// are freed after; a witness that breaks one constraint is refused as UNSATISFIABLE naming it,
// and nothing is proved; Poseidon hashes left to the device are computed there and checked.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "backend/cuda/gpu_prover.hpp"
#include "circuits/synthetic.hpp"
#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "poseidon_test_circuit.hpp"
#include "groth16/demo_circuit.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "r1cs/compact_matrices.hpp"
#include "r1cs/recorded_synthesis.hpp"
#include "r1cs/row_check.hpp"
#include "r1cs/shape.hpp"
#include "r1cs/witness_constraint_system.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;
constexpr groth16::QapConvention kBellperson = groth16::QapConvention::kBellperson;

groth16::ProvingKey key_for(const r1cs::Circuit& circuit, uint64_t seed) {
  r1cs::ShapeRecorder recorder;
  EXPECT_TRUE(circuit.synthesize(recorder).is_ok());
  auto pk = groth16::insecure_test_setup(std::move(recorder).finish(true), groth16::ToxicWaste::from_seed(seed),
                                         ThreadPool::shared());
  EXPECT_TRUE(pk.is_ok()) << pk.status().to_string();
  return std::move(pk).value();
}

std::shared_ptr<const r1cs::CompactR1cs> record(const r1cs::Circuit& circuit) {
  r1cs::CompactRecorder recorder;
  EXPECT_TRUE(circuit.synthesize(recorder).is_ok());
  return std::make_shared<const r1cs::CompactR1cs>(std::move(recorder).finish());
}

r1cs::ProvingAssignment classic(const r1cs::Circuit& circuit) {
  r1cs::ProvingAssignment cs;
  EXPECT_TRUE(circuit.synthesize(cs).is_ok());
  cs.append_input_constraints();
  return cs;
}

r1cs::WitnessAssignment witness_of(const r1cs::Circuit& circuit, r1cs::WitnessOptions options = {}) {
  Result<r1cs::WitnessAssignment> witness = r1cs::synthesize_witness(circuit, options);
  EXPECT_TRUE(witness.is_ok()) << witness.status().to_string();
  return witness.is_ok() ? std::move(witness).value() : r1cs::WitnessAssignment{};
}

r1cs::ProvingAssignment deferred(r1cs::WitnessAssignment witness, std::shared_ptr<const r1cs::CompactR1cs> shape) {
  r1cs::ProvingAssignment cs;
  const Status s = r1cs::defer_from_witness(std::move(witness), std::move(shape), cs);
  EXPECT_TRUE(s.is_ok()) << s.to_string();
  cs.append_input_constraints();
  return cs;
}

// The GPU's proofs of `gpu_batch` equal the CPU's of `cpu_batch` (the same circuits, whole).
void expect_same_proofs(const groth16::ProvingKey& pk, const std::vector<const r1cs::ProvingAssignment*>& gpu_batch,
                        const std::vector<const r1cs::ProvingAssignment*>& cpu_batch, GpuProver& prover) {
  std::mt19937_64 rng(5);
  const Fr r = Fr::random(rng), s = Fr::random(rng);
  groth16::FixedBlinding cpu_blinding(r, s), gpu_blinding(r, s);
  auto cpu = groth16::prove(pk, cpu_batch, cpu_blinding, ThreadPool::shared());
  ASSERT_TRUE(cpu.is_ok()) << cpu.status().to_string();
  GpuProveTimings timings;
  auto gpu = prover.prove(pk, gpu_batch, kBellperson, gpu_blinding, &timings);
  ASSERT_TRUE(gpu.is_ok()) << gpu.status().to_string();
  ASSERT_EQ(gpu->size(), cpu->size());
  for (size_t i = 0; i < gpu->size(); ++i) EXPECT_TRUE(gpu->at(i) == cpu->at(i)) << "proof " << i;
  EXPECT_GT(timings.product_ms, 0.0);
}

class DeferredGpuTest : public GpuTest {};

TEST_F(DeferredGpuTest, SyntheticCircuitsBitIdenticalAloneAndMixed) {
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  for (const size_t constraints : {size_t{1000}, size_t{1} << 12, (size_t{1} << 14) + 3}) {
    SCOPED_TRACE(std::to_string(constraints) + " constraints");
    const circuits::SyntheticCircuit a(constraints, 1), b(constraints, 2), c(constraints, 3);
    const groth16::ProvingKey pk = key_for(a, constraints);
    const auto shape = record(a);
    const r1cs::ProvingAssignment da = deferred(witness_of(a), shape), db = deferred(witness_of(b), shape);
    const r1cs::ProvingAssignment ca = classic(a), cb = classic(b), cc = classic(c);
    ASSERT_TRUE(da.deferred() && db.deferred());
    expect_same_proofs(pk, {&da}, {&ca}, **prover);
    // deferred, whole, deferred: both paths, one resident shape, under every staging plan (the
    // next circuit's product written while this one's A, B and L read its own assignment, or
    // while it computes)
    for (const StagingPlan limit : {StagingPlan::kSerial, StagingPlan::kSharedAbc, StagingPlan::kOverlapped}) {
      SCOPED_TRACE(staging_plan_name(limit));
      (*prover)->set_staging_limit(limit);
      expect_same_proofs(pk, {&da, &cc, &db}, {&ca, &cc, &cb}, **prover);
    }
    EXPECT_GT((*prover)->resident_bytes(), 0u);
  }
}

TEST_F(DeferredGpuTest, DemoCircuitWithInputsBitIdentical) {
  const cuzk::test::DemoCircuit c1({true, false, true, true}, 5, 9), c2({false, false, true, false}, 77, 9);
  const groth16::ProvingKey pk = key_for(c1, 1);
  const auto shape = record(c1);
  const r1cs::ProvingAssignment d1 = deferred(witness_of(c1), shape), d2 = deferred(witness_of(c2), shape);
  const r1cs::ProvingAssignment w1 = classic(c1), w2 = classic(c2);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  expect_same_proofs(pk, {&d1, &d2}, {&w1, &w2}, **prover);
}

TEST_F(DeferredGpuTest, MatricesStayResidentWhileTheirShapeLives) {
  const circuits::SyntheticCircuit a(3000, 1);
  const groth16::ProvingKey pk = key_for(a, 9);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  size_t with_shape = 0;
  {
    const r1cs::ProvingAssignment d = deferred(witness_of(a), record(a));
    const r1cs::ProvingAssignment* one[] = {&d};
    ASSERT_TRUE((*prover)->prove(pk, one, kBellperson, blinding).is_ok());
    with_shape = (*prover)->resident_bytes();
  }
  // the shape's last other holder (the assignment) is gone: the next call frees its matrices
  const r1cs::ProvingAssignment w = classic(a);
  const r1cs::ProvingAssignment* one[] = {&w};
  ASSERT_TRUE((*prover)->prove(pk, one, kBellperson, blinding).is_ok());
  EXPECT_LT((*prover)->resident_bytes(), with_shape);
}

// The witness with aux `changed` increased by 3.
r1cs::WitnessAssignment with_changed_aux(const r1cs::WitnessAssignment& witness, size_t changed) {
  const std::vector<Fr> values = witness.aux.expand();
  r1cs::WitnessAssignment out{witness.inputs, {}, witness.deferred_poseidon};
  for (size_t i = 0; i < values.size(); ++i) out.aux.push(i == changed ? values[i] + Fr::from_u64(3) : values[i]);
  return out;
}

TEST_F(DeferredGpuTest, AWitnessThatBreaksAConstraintIsUnsatisfiable) {
  const circuits::SyntheticCircuit a(5000, 4);
  const groth16::ProvingKey pk = key_for(a, 4);
  const auto shape = record(a);
  const r1cs::WitnessAssignment witness = witness_of(a);
  // the first aux value whose change the CPU's row check catches, and the row it names
  ThreadPool pool(2);
  Status cpu_check;
  size_t changed = 0;
  for (; changed < witness.aux.size() && cpu_check.is_ok(); ++changed) {
    r1cs::ProvingAssignment whole = deferred(with_changed_aux(witness, changed), shape);
    ASSERT_TRUE(r1cs::materialize(whole, pool).is_ok());
    cpu_check = r1cs::check_rows(whole, pool);
  }
  ASSERT_EQ(cpu_check.code(), StatusCode::kUnsatisfiable);
  const r1cs::ProvingAssignment d = deferred(with_changed_aux(witness, changed - 1), shape);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  const r1cs::ProvingAssignment* one[] = {&d};
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  const auto proofs = (*prover)->prove(pk, one, kBellperson, blinding);
  ASSERT_EQ(proofs.status().code(), StatusCode::kUnsatisfiable) << proofs.status().to_string();
  // the same row as the CPU's check: "…constraint J of M (a·b ≠ c…"
  const std::string named = cpu_check.message().substr(0, cpu_check.message().find(" (a"));
  EXPECT_NE(proofs.status().message().find(named), std::string::npos) << proofs.status().message() << " / " << named;
  EXPECT_NE(proofs.status().message().find("circuit 0"), std::string::npos) << proofs.status().message();
}

// Poseidon hashes whose internal values the synthesis deferred are computed on the device: the
// proofs equal the CPU's over classic synthesis, alone and beside the same circuit's deferred
// assignment without deferred hashes and its whole one; a changed preimage value (its hash no
// longer the one the witness holds) is refused as UNSATISFIABLE.
TEST_F(DeferredGpuTest, DeferredPoseidonHashesBitIdenticalAndChecked) {
  const test::PoseidonTestCircuit a(40, 7);
  const groth16::ProvingKey pk = key_for(a, 7);
  const auto shape = record(a);
  const r1cs::WitnessAssignment hashes_deferred = witness_of(a, {.defer_poseidon = true});
  ASSERT_EQ(hashes_deferred.deferred_poseidon.num_hashes(), 200u);
  const r1cs::ProvingAssignment d = deferred(hashes_deferred, shape), d_plain = deferred(witness_of(a), shape);
  const r1cs::ProvingAssignment c = classic(a);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  expect_same_proofs(pk, {&d}, {&c}, **prover);
  expect_same_proofs(pk, {&d, &c, &d_plain}, {&c, &c, &c}, **prover);

  uint64_t preimage = 0;  // an aux value some hash reads
  for (const uint64_t v : hashes_deferred.deferred_poseidon.groups()[0].preimage) {
    if (v & r1cs::DeferredPoseidon::kAuxTag) preimage = v;
  }
  ASSERT_TRUE(preimage & r1cs::DeferredPoseidon::kAuxTag);
  const r1cs::ProvingAssignment broken =
      deferred(with_changed_aux(hashes_deferred, preimage & ~r1cs::DeferredPoseidon::kAuxTag), shape);
  const r1cs::ProvingAssignment* one[] = {&broken};
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  const auto proofs = (*prover)->prove(pk, one, kBellperson, blinding);
  EXPECT_EQ(proofs.status().code(), StatusCode::kUnsatisfiable) << proofs.status().to_string();
}

}  // namespace
}  // namespace cuzk::backend::cuda
