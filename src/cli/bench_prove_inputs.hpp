// What `cuzk bench prove` proves: the circuit (synthetic or a PoSt partition over a synthetic
// sector), its partition witnesses (with the circuit's recorded matrices) and a proving key (the
// insecure test setup, its fixed-base multiplications on the GPU where given one, or random
// bases of the right shape), each step timed. Not part of the measured proof time.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/bench_prove_options.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/keys.hpp"
#include "groth16/setup.hpp"
#include "r1cs/constraint_system.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::cli {

struct BenchProveInputs {
  std::unique_ptr<r1cs::Circuit> circuit;
  std::string what;  // "constraints=65536", "window-post sector_size=… sectors=…x… challenges"
  std::vector<witness::PartitionWitness> witnesses;  // 1 (--witness shared) or the largest batch size
  groth16::ProvingKey pk;
  double instance_ms = 0, synth_ms = 0, key_ms = 0;
};

// The circuit, its recorded matrices and its witnesses. Errors: those of the PoSt instance or synthesis.
Result<BenchProveInputs> make_bench_circuit(const BenchProveOptions& options, ThreadPool& pool);

// inputs.pk for inputs.witnesses.front(): the test setup (multiplier: null → on the host)
// or, with options.real_setup false, random bases sized by the densities (proofs from those
// do not verify; the timings are the same). Errors: the setup's.
Status make_bench_key(const BenchProveOptions& options, groth16::GeneratorMultiplier* multiplier, ThreadPool& pool,
                      BenchProveInputs& inputs);

}  // namespace cuzk::cli
