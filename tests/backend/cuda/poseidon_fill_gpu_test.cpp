// Poseidon's witness fill computed on the device (GpuPoseidonFill) equals the CPU's fill
// and classic synthesis, value for value: every arity and a custom domain tag, preimages from
// inputs, aux (random, 0, 1, r − 1), ONE and earlier hashes, hash counts that fill no whole
// block; the holes are poisoned first, so an unwritten value cannot pass. Hashes that name
// values outside the witness are refused before any kernel runs.
#include <gtest/gtest.h>

#include <vector>

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/runtime/pinned_uploader.hpp"
#include "backend/cuda/witness/poseidon_fill_gpu.hpp"
#include "common/thread_pool.hpp"
#include "gpu_test_util.hpp"
#include "poseidon_test_circuit.hpp"
#include "gadgets/poseidon_fill.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_expansion.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;
using test::GpuTest;

class PoseidonFillGpuTest : public GpuTest {};

TEST_F(PoseidonFillGpuTest, EqualsTheCpuFillAndClassicSynthesis) {
  ThreadPool pool(2);
  auto uploader = PinnedUploader::create(size_t{1} << 20);
  ASSERT_TRUE(uploader.is_ok()) << uploader.status().to_string();
  auto stream = DeviceStream::create();
  ASSERT_TRUE(stream.is_ok()) << stream.status().to_string();
  GpuPoseidonFill fill;
  for (const size_t rounds : {size_t{1}, size_t{31}, size_t{300}}) {
    SCOPED_TRACE(std::to_string(rounds) + " rounds");
    const test::PoseidonTestCircuit circuit(rounds, rounds);
    r1cs::ProvingAssignment classic;
    ASSERT_TRUE(circuit.synthesize(classic).is_ok());
    witness::FillRecordingSystem cs;
    ASSERT_TRUE(circuit.synthesize(cs).is_ok());
    const witness::PartitionWitness partition = std::move(cs).take_partition();
    const r1cs::WitnessAssignment& witness = partition.values;
    ASSERT_EQ(partition.fills.size(), 1u);
    const auto& hashes = dynamic_cast<const gadgets::PoseidonFill&>(*partition.fills.front());
    ASSERT_EQ(hashes.num_hashes(), 5 * rounds);

    // w = inputs ‖ aux with every deferred value poisoned
    std::vector<Fr> w(witness.inputs);
    const std::vector<Fr> packed = witness.aux.expand();
    w.insert(w.end(), packed.begin(), packed.end());
    std::vector<Fr> holes_marked(packed.size(), Fr::zero());
    hashes.fill(witness.inputs, holes_marked, nullptr);  // nonzero where a hash writes
    const Fr poison = -Fr::from_u64(0xa5a5a5a5);
    for (size_t i = 0; i < holes_marked.size(); ++i) {
      if (!holes_marked[i].is_zero()) w[witness.inputs.size() + i] = poison;
    }
    auto d_w = DeviceArray<Fr>::allocate(w.size());
    ASSERT_TRUE(d_w.is_ok());
    ASSERT_TRUE(d_w->upload(w).is_ok());
    const Status filled = fill.fill(hashes, d_w->span(), witness.inputs.size(), **uploader, pool, *stream);
    ASSERT_TRUE(filled.is_ok()) << filled.to_string();
    ASSERT_TRUE(stream->synchronize().is_ok());
    std::vector<Fr> got(w.size());
    ASSERT_TRUE(d_w->download(got).is_ok());

    r1cs::ProvingAssignment cpu;
    r1cs::expand_witness(witness, cpu, &pool);
    hashes.fill(cpu.input_assignment, cpu.aux_assignment, &pool);
    ASSERT_EQ(cpu.aux_assignment.size(), classic.aux_assignment.size());
    for (size_t i = 0; i < classic.aux_assignment.size(); ++i) {
      ASSERT_EQ(cpu.aux_assignment[i], classic.aux_assignment[i]) << "CPU fill, aux " << i;
      ASSERT_EQ(got[witness.inputs.size() + i], classic.aux_assignment[i]) << "GPU fill, aux " << i;
    }
  }
}

TEST_F(PoseidonFillGpuTest, HashesOutsideTheWitnessAreRefused) {
  ThreadPool pool(1);
  auto uploader = PinnedUploader::create(size_t{1} << 16);
  ASSERT_TRUE(uploader.is_ok());
  auto stream = DeviceStream::create();
  ASSERT_TRUE(stream.is_ok());
  const poseidon::OptimizedConstants& c = poseidon::OptimizedConstants::for_arity(2);
  auto d_w = DeviceArray<Fr>::allocate(400);  // 1 input, 399 aux: room for one hash at 0..309
  ASSERT_TRUE(d_w.is_ok());
  GpuPoseidonFill fill;
  const r1cs::Variable aux0{0, r1cs::VariableKind::kAux}, input1{1, r1cs::VariableKind::kInput},
      aux399{399, r1cs::VariableKind::kAux};
  struct Case {
    uint64_t first_aux;
    r1cs::Variable a, b;
  };
  for (const Case& bad : {Case{90, aux0, aux0}, Case{0, input1, aux0}, Case{0, aux0, aux399}}) {
    gadgets::PoseidonFill bad_hashes;
    const r1cs::Variable preimage[] = {bad.a, bad.b};
    bad_hashes.add(c, bad.first_aux, preimage);
    const Status s = fill.fill(bad_hashes, d_w->span(), 1, **uploader, pool, *stream);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.to_string();
  }
  gadgets::PoseidonFill fits;
  const r1cs::Variable preimage[] = {aux0, r1cs::Variable::one()};
  fits.add(c, 89, preimage);
  EXPECT_TRUE(fill.fill(fits, d_w->span(), 1, **uploader, pool, *stream).is_ok());
  EXPECT_TRUE(stream->synchronize().is_ok());
}

}  // namespace
}  // namespace cuzk::backend::cuda
