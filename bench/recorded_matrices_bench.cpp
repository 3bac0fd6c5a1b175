// Recorded constraint matrices of the Stacked-DRG PoRep partition circuit: the recording (a
// MatricesRecorder over one synthesis, single-threaded, once per shape) and the CPU sparse
// product a, b, c = A·w, B·w, C·w (r1cs/recorded_spmv on every core), and the whole recorded
// path (witness-only synthesis plus the product), for a whole 2 KiB
// partition and a slice of a 32 GiB partition (the header and one of its 18 challenges, as
// porep_synthesis_bench). Counters: constraints, terms, the form's host bytes per constraint
// and per term, constraints per second. CPU time is the process's (all threads). Challenge
// proofs are blank (zero values of the right shape): the shape does not depend on them. Results:
// docs/PERF.md.
#include <benchmark/benchmark.h>

#include <map>
#include <utility>

#include "filecoin/porep/stacked_circuit.hpp"
#include "r1cs/recorded_spmv.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recorded_synthesis.hpp"
#include "r1cs/witness_constraint_system.hpp"

namespace {

using namespace cuzk;
using filecoin::porep::ChallengeProof;
using filecoin::porep::PorepConfig;

// range(0): sector size in KiB; range(1): challenges synthesized (0 = the partition's count).
PorepConfig config_for(const benchmark::State& state) {
  PorepConfig config =
      *filecoin::porep::porep_config(*filecoin::porep::seal_proof_for_sector_size(uint64_t(state.range(0)) << 10));
  if (state.range(1) != 0) config.challenges_per_partition = static_cast<size_t>(state.range(1));
  return config;
}

Status synthesize(r1cs::ConstraintSystem& cs, const PorepConfig& config) {
  const std::vector<ChallengeProof> challenges(config.challenges_per_partition,
                                               *filecoin::porep::blank_challenge_proof(config));
  return filecoin::porep::synthesize_porep_partition(cs, config, {}, {}, challenges);
}

// The recorded shape and the classic witness of a configuration, made once per process.
struct Recorded {
  r1cs::RecordedMatrices shape;
  r1cs::ProvingAssignment witness;
};
const Recorded& recorded(const PorepConfig& config) {
  static std::map<std::pair<uint64_t, size_t>, Recorded> cache;
  const auto key = std::pair{config.sector_size, config.challenges_per_partition};
  auto it = cache.find(key);
  if (it == cache.end()) {
    Recorded r;
    r1cs::MatricesRecorder recorder;
    (void)synthesize(recorder, config);
    r.shape = std::move(recorder).finish();
    (void)synthesize(r.witness, config);
    it = cache.emplace(key, std::move(r)).first;
  }
  return it->second;
}

void shape_counters(benchmark::State& state, const r1cs::RecordedMatrices& shape) {
  const double constraints = static_cast<double>(shape.num_constraints);
  state.counters["constraints"] = constraints;
  state.counters["terms"] = static_cast<double>(shape.terms());
  state.counters["host_MiB"] = static_cast<double>(shape.host_bytes()) / (1 << 20);
  state.counters["device_MiB"] = static_cast<double>(shape.matrix_bytes()) / (1 << 20);
  state.counters["bytes/constraint"] = static_cast<double>(shape.host_bytes()) / constraints;
  state.counters["bytes/term"] = static_cast<double>(shape.host_bytes()) / static_cast<double>(shape.terms());
  state.counters["constraints/s"] = benchmark::Counter(constraints, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_RecordPorepMatrices(benchmark::State& state) {
  const PorepConfig config = config_for(state);
  r1cs::RecordedMatrices shape;
  for (auto _ : state) {
    r1cs::MatricesRecorder recorder;
    const Status status = synthesize(recorder, config);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    shape = std::move(recorder).finish();
  }
  shape_counters(state, shape);
}
BENCHMARK(BM_RecordPorepMatrices)
    ->Args({2, 0})
    ->Args({32 << 20, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

void BM_CpuSpmvPorep(benchmark::State& state) {
  const Recorded& r = recorded(config_for(state));
  ThreadPool& pool = ThreadPool::shared();
  std::vector<ff::Fr> a(r.shape.num_constraints), b(a.size()), c(a.size());
  for (auto _ : state) {
    const Status status =
        r1cs::evaluate_matrices(r.shape, r.witness.input_assignment, r.witness.aux_assignment, a, b, c, pool);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    benchmark::DoNotOptimize(a.data());
  }
  if (a != r.witness.a || b != r.witness.b || c != r.witness.c) state.SkipWithError("a, b, c differ from synthesis");
  shape_counters(state, r.shape);
  state.counters["threads"] = static_cast<double>(pool.size());
}
BENCHMARK(BM_CpuSpmvPorep)
    ->Args({2, 0})
    ->Args({32 << 20, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

// The whole recorded path into a recycled ProvingAssignment: witness-only synthesis (one
// thread), the aux expanded and a, b, c computed on every core (r1cs/recorded_synthesis).
void BM_RecordedSynthesisPorep(benchmark::State& state) {
  const PorepConfig config = config_for(state);
  const Recorded& r = recorded(config);
  const std::vector<ChallengeProof> challenges(config.challenges_per_partition,
                                               *filecoin::porep::blank_challenge_proof(config));
  auto run = [&](r1cs::ProvingAssignment& assignment) {
    r1cs::WitnessConstraintSystem witness;
    Status status = filecoin::porep::synthesize_porep_partition(witness, config, {}, {}, challenges);
    if (status.is_ok()) status = r1cs::assign_from_witness(witness.witness(), r.shape, assignment, ThreadPool::shared());
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
  };
  r1cs::ProvingAssignment assignment;
  run(assignment);  // untimed: a recycled assignment, as the engine reuses them (its pages faulted in)
  for (auto _ : state) {
    run(assignment);
    benchmark::DoNotOptimize(assignment.a.data());
  }
  if (assignment.a != r.witness.a || assignment.aux_assignment != r.witness.aux_assignment) {
    state.SkipWithError("the recorded path differs from synthesis");
  }
  shape_counters(state, r.shape);
}
BENCHMARK(BM_RecordedSynthesisPorep)
    ->Args({2, 0})
    ->Args({32 << 20, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
