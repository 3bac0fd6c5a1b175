// Synthesis speed of the Stacked-DRG PoRep partition circuit: constraints per second into a
// ProvingAssignment (witness, a/b/c evaluations, densities) on one thread, for a whole 2 KiB
// partition and for a slice of a 32 GiB partition (the header and one of its 18 challenges,
// every challenge having the same shape: 1/18 of the partition, ≈ 1 GiB of assignment), and
// the counting pass behind porep_circuit_size. Challenge proofs are blank (zero values of
// the right shape): the gadgets' work does not depend on the values. Results: docs/PERF.md.
#include <benchmark/benchmark.h>

#include "filecoin/porep/stacked_circuit.hpp"
#include "r1cs/proving_assignment.hpp"

namespace {

using namespace cuzk;
using filecoin::porep::ChallengeProof;
using filecoin::porep::PorepConfig;

PorepConfig config_for(uint64_t sector_size) {
  return *filecoin::porep::porep_config(*filecoin::porep::seal_proof_for_sector_size(sector_size));
}

// range(0): sector size in KiB; range(1): challenges synthesized (0 = the partition's count).
void BM_PorepSynthesis(benchmark::State& state) {
  PorepConfig config = config_for(static_cast<uint64_t>(state.range(0)) << 10);
  if (state.range(1) != 0) config.challenges_per_partition = static_cast<size_t>(state.range(1));
  const std::vector<ChallengeProof> challenges(config.challenges_per_partition,
                                               *filecoin::porep::blank_challenge_proof(config));
  size_t constraints = 0;
  for (auto _ : state) {
    r1cs::ProvingAssignment cs;
    const Status status = filecoin::porep::synthesize_porep_partition(cs, config, {}, {}, challenges);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    constraints = cs.a.size();
    benchmark::DoNotOptimize(cs.a.data());
  }
  state.counters["challenges"] = static_cast<double>(config.challenges_per_partition);
  state.counters["constraints"] = static_cast<double>(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(static_cast<double>(constraints), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PorepSynthesis)
    ->Args({2, 0})
    ->Args({32 << 20, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// porep_circuit_size: the header and one blank challenge into a CountingConstraintSystem.
void BM_PorepCircuitSize(benchmark::State& state) {
  const PorepConfig config = config_for(static_cast<uint64_t>(state.range(0)) << 10);
  for (auto _ : state) {
    const Result<filecoin::CircuitSize> size = filecoin::porep::porep_circuit_size(config);
    if (!size.is_ok()) state.SkipWithError(size.status().to_string().c_str());
    benchmark::DoNotOptimize(size->constraints);
  }
}
BENCHMARK(BM_PorepCircuitSize)->Arg(32 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
