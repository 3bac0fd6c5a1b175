// Synthesis speed of the SnapDeals (EmptySectorUpdate) partition circuit: constraints per
// second into a ProvingAssignment (witness, a/b/c evaluations, densities) on one thread, for a
// whole 2 KiB and 16 KiB partition and for a 32 GiB partition's header (φ, the comm_r
// relations, the 127-hash SHA-256 apex tree, the challenge digests) and one of its 86
// challenges (the partition = header + 86 challenges of one shape); reading and checking a
// 32 GiB partition natively; and the counting pass behind snap_circuit_size. Witnesses are synthetic updates (synthetic_partition.hpp) that pass
// the native checks. Results: docs/PERF.md.
#include <benchmark/benchmark.h>

#include <map>

#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "r1cs/proving_assignment.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::filecoin::snapdeals;

struct Instance {
  SnapConfig config;
  SyntheticSnapUpdate update;
  SnapPublicInputs public_inputs;
};

const Instance& instance(uint64_t sector_size) {
  static std::map<uint64_t, Instance> cache;
  auto it = cache.find(sector_size);
  if (it != cache.end()) return it->second;
  const SnapConfig config = *snap_config(sector_size);
  SyntheticSnapUpdate update = *synthetic_snap_update(config, 1, config.h_default);
  const CheckedSnapPartition checked = *check_snap_partition(config, update.partitions[0], 0, update.comm_r_old,
                                                             update.comm_r_new, update.comm_d_new, update.h);
  return cache.emplace(sector_size, Instance{config, std::move(update), checked.public_inputs}).first->second;
}

void report(benchmark::State& state, size_t constraints) {
  state.counters["constraints"] = static_cast<double>(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(static_cast<double>(constraints), benchmark::Counter::kIsIterationInvariantRate);
}

// range(0): sector size in KiB. The whole partition 0.
void BM_SnapPartition(benchmark::State& state) {
  const Instance& in = instance(static_cast<uint64_t>(state.range(0)) << 10);
  const SnapPrivateInputs priv = *snap_private_inputs(in.update.partitions[0]);
  size_t constraints = 0;
  for (auto _ : state) {
    r1cs::ProvingAssignment cs;
    const Status status = synthesize_snap_partition(cs, in.config, in.public_inputs, priv);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    constraints = cs.a.size();
    benchmark::DoNotOptimize(cs.a.data());
  }
  report(state, constraints);
}
BENCHMARK(BM_SnapPartition)->Arg(2)->Arg(16)->Unit(benchmark::kMillisecond)->UseRealTime();

// range(0): sector size in KiB; range(1): 0 = the header alone, 1 = the header and challenge 0.
void BM_SnapSlice(benchmark::State& state) {
  const Instance& in = instance(static_cast<uint64_t>(state.range(0)) << 10);
  const SnapPartitionProof& proof = in.update.partitions[0];
  const SnapPrivateInputs priv = *snap_private_inputs(proof);
  size_t constraints = 0;
  for (auto _ : state) {
    r1cs::ProvingAssignment cs;
    const SnapPartitionVariables vars = synthesize_snap_header(cs, in.config, in.public_inputs, priv);
    if (state.range(1) != 0) synthesize_snap_challenge(cs, in.config, vars, 0, proof.challenge_proofs[0]);
    constraints = cs.a.size();
    benchmark::DoNotOptimize(cs.a.data());
  }
  report(state, constraints);
}
BENCHMARK(BM_SnapSlice)->Args({32 << 20, 0})->Args({32 << 20, 1})->Unit(benchmark::kMillisecond)->UseRealTime();

// The input path before synthesis: read_snap_partition and check_snap_partition of partition 0.
void BM_SnapReadAndCheck(benchmark::State& state) {
  const Instance& in = instance(static_cast<uint64_t>(state.range(0)) << 10);
  const std::vector<uint8_t> bytes = write_snap_partition(in.update.partitions[0]);
  for (auto _ : state) {
    const Result<SnapPartitionProof> proof = read_snap_partition(bytes, 0);
    const Result<CheckedSnapPartition> checked =
        check_snap_partition(in.config, *proof, 0, in.update.comm_r_old, in.update.comm_r_new, in.update.comm_d_new,
                             in.update.h);
    if (!checked.is_ok()) state.SkipWithError(checked.status().to_string().c_str());
    benchmark::DoNotOptimize(checked->challenges.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes.size());
}
BENCHMARK(BM_SnapReadAndCheck)->Arg(32 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

// snap_circuit_size: the header and one blank challenge into a CountingConstraintSystem.
void BM_SnapCircuitSize(benchmark::State& state) {
  const SnapConfig config = *snap_config(static_cast<uint64_t>(state.range(0)) << 10);
  for (auto _ : state) {
    const Result<filecoin::CircuitSize> size = snap_circuit_size(config);
    if (!size.is_ok()) state.SkipWithError(size.status().to_string().c_str());
    benchmark::DoNotOptimize(size->constraints);
  }
}
BENCHMARK(BM_SnapCircuitSize)->Arg(32 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
