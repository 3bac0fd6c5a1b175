// Partition witnesses on the GPU (a packed witness and recorded matrices, the product on the
// device): for the same key, circuits and (r, s), the proofs are bit-identical to the CPU
// prover's over classic synthesis, alone and in batches, at sizes that are and are not powers of
// two, for the XOR demo (inputs beside aux) and the synthetic circuit (field values among the
// bits), under every staging plan; the matrices stay resident while their shape lives and are
// freed after; a witness that breaks one constraint is refused as UNSATISFIABLE naming it, and
// nothing is proved; Poseidon's witness fill runs on the device and its values are checked.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "backend/cuda/prover/gpu_prover.hpp"
#include "circuits/synthetic.hpp"
#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "poseidon_test_circuit.hpp"
#include "groth16/demo_circuit.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "gadgets/poseidon_fill.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/row_check.hpp"
#include "r1cs/shape.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "support/partition_witness_of.hpp"
#include "witness/partition_witness.hpp"

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

r1cs::ProvingAssignment classic(const r1cs::Circuit& circuit) {
  r1cs::ProvingAssignment cs;
  EXPECT_TRUE(circuit.synthesize(cs).is_ok());
  cs.append_input_constraints();
  return cs;
}

// `circuit`'s witness with `shape`: every value allocated, or (`fills`) Poseidon's internal
// values left to the fill.
witness::PartitionWitness witness_of(const r1cs::Circuit& circuit, std::shared_ptr<const r1cs::RecordedMatrices> shape,
                                     bool fills = false) {
  if (fills) return cuzk::test::partition_witness_of(circuit, std::move(shape));
  Result<r1cs::WitnessAssignment> values = r1cs::synthesize_witness(circuit);
  EXPECT_TRUE(values.is_ok()) << values.status().to_string();
  witness::PartitionWitness out;
  if (values.is_ok()) out.values = std::move(values).value();
  out.matrices = std::move(shape);
  return out;
}

// The GPU's proofs of `gpu_batch` equal the CPU's of `cpu_batch` (the same circuits, whole).
void expect_same_proofs(const groth16::ProvingKey& pk, const std::vector<const witness::PartitionWitness*>& gpu_batch,
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

class WitnessStagingGpuTest : public GpuTest {};

TEST_F(WitnessStagingGpuTest, SyntheticCircuitsBitIdenticalAloneAndBatched) {
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  for (const size_t constraints : {size_t{1000}, size_t{1} << 12, (size_t{1} << 14) + 3}) {
    SCOPED_TRACE(std::to_string(constraints) + " constraints");
    const circuits::SyntheticCircuit a(constraints, 1), b(constraints, 2), c(constraints, 3);
    const groth16::ProvingKey pk = key_for(a, constraints);
    const auto shape = cuzk::test::recorded_matrices_of(a);
    const witness::PartitionWitness wa = witness_of(a, shape), wb = witness_of(b, shape), wc = witness_of(c, shape);
    const r1cs::ProvingAssignment ca = classic(a), cb = classic(b), cc = classic(c);
    expect_same_proofs(pk, {&wa}, {&ca}, **prover);
    // three in a batch, one resident shape, under every staging plan (the next circuit's product
    // written while this one's A, B and L read its own assignment, or while it computes)
    for (const StagingPlan limit : {StagingPlan::kSerial, StagingPlan::kSharedAbc, StagingPlan::kOverlapped}) {
      SCOPED_TRACE(staging_plan_name(limit));
      (*prover)->set_staging_limit(limit);
      expect_same_proofs(pk, {&wa, &wc, &wb}, {&ca, &cc, &cb}, **prover);
    }
    EXPECT_GT((*prover)->resident_bytes(), 0u);
  }
}

TEST_F(WitnessStagingGpuTest, DemoCircuitWithInputsBitIdentical) {
  const cuzk::test::DemoCircuit c1({true, false, true, true}, 5, 9), c2({false, false, true, false}, 77, 9);
  const groth16::ProvingKey pk = key_for(c1, 1);
  const auto shape = cuzk::test::recorded_matrices_of(c1);
  const witness::PartitionWitness d1 = witness_of(c1, shape), d2 = witness_of(c2, shape);
  const r1cs::ProvingAssignment w1 = classic(c1), w2 = classic(c2);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  expect_same_proofs(pk, {&d1, &d2}, {&w1, &w2}, **prover);
}

TEST_F(WitnessStagingGpuTest, MatricesStayResidentWhileTheirShapeLives) {
  const circuits::SyntheticCircuit a(3000, 1);
  const groth16::ProvingKey pk = key_for(a, 9);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  size_t with_shape = 0;
  {
    const witness::PartitionWitness d = witness_of(a, cuzk::test::recorded_matrices_of(a));
    const witness::PartitionWitness* one[] = {&d};
    ASSERT_TRUE((*prover)->prove(pk, one, kBellperson, blinding).is_ok());
    with_shape = (*prover)->resident_bytes();
  }
  // the shape's last other holder (the witness) is gone: the next call frees its matrices
  ASSERT_TRUE((*prover)->prove(pk, {}, kBellperson, blinding).is_ok());
  EXPECT_LT((*prover)->resident_bytes(), with_shape);
}

// `witness` with aux `changed` increased by 3.
witness::PartitionWitness with_changed_aux(witness::PartitionWitness witness, size_t changed) {
  const std::vector<Fr> values = witness.values.aux.expand();
  r1cs::PackedAux aux;
  for (size_t i = 0; i < values.size(); ++i) aux.push(i == changed ? values[i] + Fr::from_u64(3) : values[i]);
  witness.values.aux = std::move(aux);
  return witness;
}

TEST_F(WitnessStagingGpuTest, AWitnessThatBreaksAConstraintIsUnsatisfiable) {
  const circuits::SyntheticCircuit a(5000, 4);
  const groth16::ProvingKey pk = key_for(a, 4);
  const auto shape = cuzk::test::recorded_matrices_of(a);
  // the first aux value whose change the CPU's row check catches, and the row it names
  ThreadPool pool(2);
  Status cpu_check;
  size_t changed = 0;
  const size_t aux_count = witness_of(a, shape).num_aux();
  for (; changed < aux_count && cpu_check.is_ok(); ++changed) {
    r1cs::ProvingAssignment whole;
    ASSERT_TRUE(witness::materialize(with_changed_aux(witness_of(a, shape), changed), whole, pool).is_ok());
    whole.append_input_constraints();
    cpu_check = r1cs::check_rows(whole, pool);
  }
  ASSERT_EQ(cpu_check.code(), StatusCode::kUnsatisfiable);
  const witness::PartitionWitness d = with_changed_aux(witness_of(a, shape), changed - 1);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  const witness::PartitionWitness* one[] = {&d};
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  const auto proofs = (*prover)->prove(pk, one, kBellperson, blinding);
  ASSERT_EQ(proofs.status().code(), StatusCode::kUnsatisfiable) << proofs.status().to_string();
  // the same row as the CPU's check: "…constraint J of M (a·b ≠ c…"
  const std::string named = cpu_check.message().substr(0, cpu_check.message().find(" (a"));
  EXPECT_NE(proofs.status().message().find(named), std::string::npos) << proofs.status().message() << " / " << named;
  EXPECT_NE(proofs.status().message().find("circuit 0"), std::string::npos) << proofs.status().message();
}

// Poseidon hashes left to the fill are computed on the device: the proofs equal the CPU's over
// classic synthesis, alone and beside the same circuit's witness with every value allocated; a
// changed preimage value (its hash no longer the one the witness holds) is refused as
// UNSATISFIABLE.
TEST_F(WitnessStagingGpuTest, PoseidonFillBitIdenticalAndChecked) {
  const test::PoseidonTestCircuit a(40, 7);
  const groth16::ProvingKey pk = key_for(a, 7);
  const auto shape = cuzk::test::recorded_matrices_of(a);
  const witness::PartitionWitness d = witness_of(a, shape, true), d_plain = witness_of(a, shape);
  ASSERT_EQ(d.fills.size(), 1u);
  const auto& hashes = dynamic_cast<const gadgets::PoseidonFill&>(*d.fills.front());
  ASSERT_EQ(hashes.num_hashes(), 200u);
  const r1cs::ProvingAssignment c = classic(a);
  auto prover = GpuProver::create(0);
  ASSERT_TRUE(prover.is_ok()) << prover.status().to_string();
  expect_same_proofs(pk, {&d}, {&c}, **prover);
  expect_same_proofs(pk, {&d, &d_plain, &d}, {&c, &c, &c}, **prover);

  uint64_t preimage = 0;  // an aux value some hash reads
  for (const uint64_t v : hashes.groups()[0].preimage) {
    if (v & gadgets::PoseidonFill::kAuxTag) preimage = v;
  }
  ASSERT_TRUE(preimage & gadgets::PoseidonFill::kAuxTag);
  const witness::PartitionWitness broken =
      with_changed_aux(witness_of(a, shape, true), preimage & ~gadgets::PoseidonFill::kAuxTag);
  const witness::PartitionWitness* one[] = {&broken};
  groth16::FixedBlinding blinding(Fr::one(), Fr::one());
  const auto proofs = (*prover)->prove(pk, one, kBellperson, blinding);
  EXPECT_EQ(proofs.status().code(), StatusCode::kUnsatisfiable) << proofs.status().to_string();
}

}  // namespace
}  // namespace cuzk::backend::cuda
