// Field arithmetic benchmarks. "Chain" benchmarks are dependent (x = x·y), the way blst's
// numbers in docs/PERF.md were taken; "Throughput" ones run 8 independent chains.
#include <benchmark/benchmark.h>

#include <array>
#include <random>

#include "ff/fq12.hpp"
#include "ff/fr.hpp"

namespace {

using cuzk::ff::Fq;
using cuzk::ff::Fq12;
using cuzk::ff::Fq2;
using cuzk::ff::Fr;

template <class F>
void BM_MulChain(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F x = F::random(rng);
  const F y = F::random(rng);
  for (auto _ : state) {
    x = x * y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_MulThroughput(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::array<F, 8> x;
  for (auto& v : x) v = F::random(rng);
  const F y = F::random(rng);
  for (auto _ : state) {
    for (auto& v : x) v = v * y;
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * 8);
}

template <class F>
void BM_SquareChain(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F x = F::random(rng);
  for (auto _ : state) {
    x = x.square();
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_AddChain(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F x = F::random(rng);
  const F y = F::random(rng);
  for (auto _ : state) {
    x = x + y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_Inverse(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F x = F::random(rng);
  const F y = F::random(rng);
  for (auto _ : state) {
    x = x.inverse() + y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F>
void BM_InverseFermat(benchmark::State& state) {
  std::mt19937_64 rng(1);
  F x = F::random(rng);
  const F y = F::random(rng);
  for (auto _ : state) {
    x = x.inverse_fermat() + y;
    benchmark::DoNotOptimize(x);
  }
}

using FqPortable = cuzk::ff::FqT<cuzk::ff::PortableWords>;
using FrPortable = cuzk::ff::FrT<cuzk::ff::PortableWords>;

BENCHMARK(BM_MulChain<Fq>);
BENCHMARK(BM_MulChain<Fr>);
BENCHMARK(BM_MulThroughput<Fq>);
BENCHMARK(BM_MulThroughput<Fr>);
BENCHMARK(BM_MulChain<FqPortable>);
BENCHMARK(BM_MulChain<FrPortable>);
#if CUZK_FF_HAVE_INT128
BENCHMARK(BM_MulChain<cuzk::ff::FqT<cuzk::ff::Int128Words>>);
BENCHMARK(BM_MulChain<cuzk::ff::FrT<cuzk::ff::Int128Words>>);
#endif
BENCHMARK(BM_SquareChain<Fq>);
BENCHMARK(BM_SquareChain<Fr>);
BENCHMARK(BM_AddChain<Fq>);
BENCHMARK(BM_AddChain<Fr>);
BENCHMARK(BM_Inverse<Fq>);
BENCHMARK(BM_Inverse<Fr>);
BENCHMARK(BM_InverseFermat<Fq>);
BENCHMARK(BM_MulChain<Fq2>);
BENCHMARK(BM_SquareChain<Fq2>);
BENCHMARK(BM_MulChain<Fq12>);
BENCHMARK(BM_SquareChain<Fq12>);

}  // namespace

BENCHMARK_MAIN();
