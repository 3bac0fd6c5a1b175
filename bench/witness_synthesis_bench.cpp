// Witness-only synthesis (r1cs::WitnessConstraintSystem: the assignment alone, aux bit-packed)
// against classic synthesis (r1cs::ProvingAssignment: assignment, a/b/c evaluations and
// densities) for the Stacked-DRG PoRep partition: a whole 2 KiB partition and a 32 GiB slice
// (the header and one of its 18 challenges, as porep_synthesis_bench), and witness-only the
// whole 32 GiB partition and the expansion of the slice's packed aux. One thread; rates are
// per CPU second (the dev VM is shared: CPU time measures the code, wall time the load). The
// witness's packed and unpacked sizes are reported. Blank challenge proofs of the right shape:
// the gadgets' work does not depend on the values. Results: docs/PERF.md.
#include <benchmark/benchmark.h>

#include "filecoin/porep/stacked_circuit.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "r1cs/witness_expansion.hpp"

namespace {

using namespace cuzk;
using filecoin::porep::ChallengeProof;
using filecoin::porep::PorepConfig;

struct PorepCase {
  PorepConfig config;
  std::vector<ChallengeProof> challenges;
  size_t constraints = 0;
};

// range(0): sector size in KiB; range(1): challenges synthesized (0 = the partition's count).
PorepCase porep_case(const benchmark::State& state) {
  PorepCase out;
  const uint64_t sector_size = static_cast<uint64_t>(state.range(0)) << 10;
  out.config = *filecoin::porep::porep_config(*filecoin::porep::seal_proof_for_sector_size(sector_size));
  if (state.range(1) != 0) out.config.challenges_per_partition = static_cast<size_t>(state.range(1));
  out.challenges.assign(out.config.challenges_per_partition, *filecoin::porep::blank_challenge_proof(out.config));
  const filecoin::CircuitSize size = *filecoin::porep::porep_circuit_size(out.config);
  out.constraints = size.constraints;
  return out;
}

void report(benchmark::State& state, const PorepCase& c) {
  state.counters["constraints"] = static_cast<double>(c.constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(static_cast<double>(c.constraints), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_PorepWitnessOnly(benchmark::State& state) {
  const PorepCase c = porep_case(state);
  size_t packed = 0, unpacked = 0;
  for (auto _ : state) {
    r1cs::WitnessConstraintSystem cs;
    const Status status = filecoin::porep::synthesize_porep_partition(cs, c.config, {}, {}, c.challenges);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    packed = cs.witness().aux.packed_bytes();
    unpacked = cs.witness().aux.unpacked_bytes();
    benchmark::DoNotOptimize(cs.witness().aux.bit_values().data());
  }
  report(state, c);
  state.counters["aux_packed_MB"] = static_cast<double>(packed) / 1e6;
  state.counters["aux_unpacked_MB"] = static_cast<double>(unpacked) / 1e6;
}
BENCHMARK(BM_PorepWitnessOnly)->Args({2, 0})->Args({32 << 20, 1})->Args({32 << 20, 0})->Unit(benchmark::kMillisecond);

// The packed aux of the 32 GiB slice expanded to field elements on one thread (expand_witness:
// what a prover without a device-side expansion does before the recorded matrices' product).
void BM_PorepWitnessExpansion(benchmark::State& state) {
  const PorepCase c = porep_case(state);
  r1cs::WitnessConstraintSystem cs;
  const Status status = filecoin::porep::synthesize_porep_partition(cs, c.config, {}, {}, c.challenges);
  if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
  r1cs::ProvingAssignment out;
  for (auto _ : state) {
    r1cs::expand_witness(cs.witness(), out);
    benchmark::DoNotOptimize(out.aux_assignment.data());
  }
  state.counters["aux"] = static_cast<double>(cs.witness().aux.size());
  state.counters["bytes/s"] = benchmark::Counter(static_cast<double>(cs.witness().aux.unpacked_bytes()),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PorepWitnessExpansion)->Args({32 << 20, 1})->Unit(benchmark::kMillisecond);

void BM_PorepClassic(benchmark::State& state) {
  const PorepCase c = porep_case(state);
  for (auto _ : state) {
    r1cs::ProvingAssignment cs;
    const Status status = filecoin::porep::synthesize_porep_partition(cs, c.config, {}, {}, c.challenges);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    benchmark::DoNotOptimize(cs.a.data());
  }
  report(state, c);
}
BENCHMARK(BM_PorepClassic)->Args({2, 0})->Args({32 << 20, 1})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
