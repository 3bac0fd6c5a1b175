// Synthesis speed of the 32 GiB WindowPoSt partition circuit: constraints per second into a
// ProvingAssignment (witness, a/b/c evaluations, densities), on one thread and on every core
// (sectors synthesized in parallel, each into its window of one assignment), with fresh memory
// and with a recycled assignment. The instance is synthetic (sparse trees) and built outside
// the timed region; a run synthesizes `sectors` of the partition's 2349 sector slots (every
// slot has the same shape, so the rate is the partition's rate). Also the time to build the
// synthetic witness itself, the partition witness (what a prover is handed), and a request's
// vanilla proofs checked and synthesized into one. The whole partition on request (see main).
// Results: docs/PERF.md.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>

#include "filecoin/fallback_post.hpp"
#include "filecoin/post_check.hpp"
#include "filecoin/post_config.hpp"
#include "filecoin/synthetic_post.hpp"
#include "witness/partition_witness.hpp"

namespace {

using namespace cuzk;

const filecoin::PostInstance& instance(size_t sectors) {
  static std::map<size_t, filecoin::PostInstance> cache;
  auto it = cache.find(sectors);
  if (it == cache.end()) {
    filecoin::PostConfig config = *filecoin::post_config(filecoin::PostKind::kWindow, uint64_t{32} << 30);
    config.sector_count = sectors;
    it = cache.emplace(sectors, *filecoin::synthetic_post_instance(config, 1, ThreadPool::shared())).first;
  }
  return it->second;
}

// Argument 1 of every benchmark here: threads, 0 for all cores.
size_t threads_arg(const benchmark::State& state) {
  return state.range(1) == 0 ? std::thread::hardware_concurrency() : static_cast<size_t>(state.range(1));
}

void BM_WindowPostSynthesis(benchmark::State& state) {
  const size_t sectors = static_cast<size_t>(state.range(0));
  const size_t threads = threads_arg(state);
  const bool reuse = state.range(2) != 0;
  const filecoin::PostInstance& post = instance(sectors);
  ThreadPool pool(threads);
  size_t constraints = 0;
  r1cs::ProvingAssignment previous;
  if (reuse) previous = *filecoin::synthesize_parallel(post.circuit, pool, threads);  // warm buffers
  for (auto _ : state) {
    Result<r1cs::ProvingAssignment> cs = filecoin::synthesize_parallel(post.circuit, pool, threads, std::move(previous));
    if (!cs.is_ok()) state.SkipWithError(cs.status().to_string().c_str());
    constraints = cs->a.size();
    benchmark::DoNotOptimize(cs->a.data());
    if (reuse) previous = std::move(cs).value();
  }
  state.counters["threads"] = static_cast<double>(threads);
  state.counters["constraints"] = static_cast<double>(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(static_cast<double>(constraints), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["constraints/s/thread"] = benchmark::Counter(
      static_cast<double>(constraints) / static_cast<double>(threads), benchmark::Counter::kIsIterationInvariantRate);
}
// {sectors, threads (0 = all cores), reuse}: reuse = 1 recycles the previous iteration's
// assignment (a prover's steady state: no allocation, no page faults), 0 starts from fresh
// memory. UseRealTime because the work runs on pool threads.
BENCHMARK(BM_WindowPostSynthesis)
    ->ArgsProduct({{64, 512}, {1, 0}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The partition witness (the aux assignment alone, bits packed, Poseidon's internal values left
// to the fill; the prover computes a, b, c from the recorded matrices) of `sectors` slots,
// sectors in parallel on `threads` (0 = all cores), fresh memory each time as a prover sees it;
// with the packed witness's bytes, the host memory a synthesized partition holds.
void BM_WindowPostWitnessOnly(benchmark::State& state) {
  const size_t sectors = static_cast<size_t>(state.range(0));
  const size_t threads = threads_arg(state);
  const filecoin::PostInstance& post = instance(sectors);
  ThreadPool pool(threads);
  size_t aux = 0, packed = 0;
  for (auto _ : state) {
    Result<witness::PartitionWitness> witness = filecoin::synthesize_witness_parallel(post.circuit, pool);
    if (!witness.is_ok()) state.SkipWithError(witness.status().to_string().c_str());
    aux = witness->num_aux();
    packed = witness->bytes();
    benchmark::DoNotOptimize(witness->values.inputs.data());
  }
  state.counters["threads"] = static_cast<double>(threads);
  state.counters["aux"] = static_cast<double>(aux);
  state.counters["packed_MB"] = static_cast<double>(packed) / 1e6;
  state.counters["aux/s"] = benchmark::Counter(static_cast<double>(aux), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_WindowPostWitnessOnly)
    ->ArgsProduct({{64, 512}, {1, 0}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// What a prover does with Curio's WindowPoSt request, `sectors` real sectors (synthetic vanilla
// proofs in Curio's bincode, made outside the timed region) on `threads` (0 = all cores): the
// vanilla proofs read and natively checked (every path hashed, each level's hash recorded),
// then the partition witness (Poseidon left to its fill: the recorded path hashes are taken,
// nothing is hashed again). Counters: each phase's ms.
void BM_WindowPostFromVanillaProofs(benchmark::State& state) {
  const size_t sectors = static_cast<size_t>(state.range(0));
  const size_t threads = threads_arg(state);
  filecoin::PostConfig config = *filecoin::post_config(filecoin::PostKind::kWindow, uint64_t{32} << 30);
  config.sector_count = sectors;
  const filecoin::Randomness randomness{};
  std::vector<uint64_t> ids(sectors);
  for (size_t i = 0; i < sectors; ++i) ids[i] = 1000 + i;
  ThreadPool pool(threads);
  const auto proofs = filecoin::synthetic_post_sector_proofs(config, randomness, 0, ids, 7, pool);
  if (!proofs.is_ok()) {
    state.SkipWithError(proofs.status().to_string().c_str());
    return;
  }
  double check_ms = 0, witness_ms = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    Result<filecoin::PostPartition> partition = filecoin::prepare_post_partition(config, *proofs, randomness, 0, pool);
    const auto t1 = std::chrono::steady_clock::now();
    if (!partition.is_ok()) {
      state.SkipWithError(partition.status().to_string().c_str());
      break;
    }
    Result<witness::PartitionWitness> witness = filecoin::synthesize_witness_parallel(partition->circuit, pool);
    const auto t2 = std::chrono::steady_clock::now();
    if (!witness.is_ok()) {
      state.SkipWithError(witness.status().to_string().c_str());
      break;
    }
    benchmark::DoNotOptimize(witness->values.inputs.data());
    check_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
    witness_ms += std::chrono::duration<double, std::milli>(t2 - t1).count();
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["threads"] = static_cast<double>(threads);
  state.counters["check_ms"] = check_ms / n;
  state.counters["witness_ms"] = witness_ms / n;
}
BENCHMARK(BM_WindowPostFromVanillaProofs)
    ->ArgsProduct({{64}, {1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Building a synthetic witness (sparse 2^30-leaf trees, challenged leaves only) for `sectors`
// sector slots of the 32 GiB WindowPoSt partition, on every core.
void BM_WindowPostWitness(benchmark::State& state) {
  filecoin::PostConfig config = *filecoin::post_config(filecoin::PostKind::kWindow, uint64_t{32} << 30);
  config.sector_count = static_cast<size_t>(state.range(0));
  ThreadPool pool(std::thread::hardware_concurrency());
  for (auto _ : state) {
    Result<filecoin::PostInstance> post = filecoin::synthetic_post_instance(config, 2, pool);
    if (!post.is_ok()) state.SkipWithError(post.status().to_string().c_str());
    benchmark::DoNotOptimize(post->public_inputs.data());
  }
  state.counters["sectors/s"] = benchmark::Counter(static_cast<double>(config.sector_count),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_WindowPostWitness)->Arg(2349)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

// The whole partition (125 M constraints, ≈ 17 GiB of assignment) only on request:
// CUZK_BENCH_FULL_PARTITION=1 registers {2349 slots, all cores, fresh memory}, classic,
// witness-only, and from vanilla proofs.
int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (const char* full = std::getenv("CUZK_BENCH_FULL_PARTITION"); full != nullptr && std::string(full) == "1") {
    benchmark::RegisterBenchmark("BM_WindowPostSynthesis", BM_WindowPostSynthesis)
        ->Args({2349, 0, 0})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1);
    benchmark::RegisterBenchmark("BM_WindowPostWitnessOnly", BM_WindowPostWitnessOnly)
        ->Args({2349, 0})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(3);
    benchmark::RegisterBenchmark("BM_WindowPostFromVanillaProofs", BM_WindowPostFromVanillaProofs)
        ->Args({2349, 0})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(3);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
