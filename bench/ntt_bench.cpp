// CPU NTT benchmarks: forward / coset_forward / inverse / coset_inverse on 2^16 … 2^22 Fr
// values (in place, natural order) with ThreadPool::shared(). "Time" is wall-clock per
// transform; "CPU" is the whole process's CPU time (all pool threads), which stays meaningful
// on a shared, oversubscribed machine: on an idle one, wall ≈ CPU / threads.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "ntt/ntt.hpp"

namespace {

using cuzk::ThreadPool;
using cuzk::ff::Fr;
namespace ntt = cuzk::ntt;

using Transform = cuzk::Status (*)(const ntt::Domain&, std::span<Fr>, ThreadPool&);

template <Transform kTransform>
void BM_Ntt(benchmark::State& state) {
  const auto domain = ntt::Domain::create(size_t{1} << state.range(0));
  if (!domain.is_ok()) {
    state.SkipWithError(domain.status().to_string().c_str());
    return;
  }
  std::mt19937_64 rng(1);
  std::vector<Fr> values(domain->size());
  for (auto& v : values) v = Fr::random(rng);
  ThreadPool& pool = ThreadPool::shared();
  for (auto _ : state) {
    if (!kTransform(*domain, values, pool).is_ok()) state.SkipWithError("transform failed");
    benchmark::DoNotOptimize(values.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(domain->size()));
  state.counters["threads"] = static_cast<double>(pool.size());
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int64_t log_n : {16, 18, 20, 22}) b->Arg(log_n);
  b->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
}

BENCHMARK(BM_Ntt<&ntt::forward>)->Name("ntt_forward/log_n")->Apply(sizes);
BENCHMARK(BM_Ntt<&ntt::coset_forward>)->Name("ntt_coset_forward/log_n")->Apply(sizes);
BENCHMARK(BM_Ntt<&ntt::inverse>)->Name("ntt_inverse/log_n")->Apply(sizes);
BENCHMARK(BM_Ntt<&ntt::coset_inverse>)->Name("ntt_coset_inverse/log_n")->Apply(sizes);

}  // namespace

BENCHMARK_MAIN();
